package io.mizani.adapter.rest.team;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;

import io.mizani.adapter.rest.console.Html;
import io.mizani.application.team.AcceptInvitation;
import io.mizani.application.team.TeamService;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateData;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.core.Response;

/**
 * The page a person reaches from the invitation e-mail ({@code GET /api/v2/account_invites/accept?invite_token=…}):
 * a small form that accepts the invitation through the same use case as the JSON {@code POST}, then shows the new
 * API credential once. The token is in the address, so the page sends no Referer and is never cached. Rendered from
 * the Qute templates {@code templates/InvitePage/} inside {@code templates/public-layout.html}; Qute escapes every
 * value.
 */
public final class InvitePage {

    private static final DateTimeFormatter DAY = DateTimeFormatter
            .ofPattern("d MMMM yyyy, HH:mm 'UTC'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private InvitePage() {
    }

    /** The templates, checked against these parameters when the service is built. */
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance noToken();

        static native TemplateInstance invalid(String error);

        static native TemplateInstance form(Invite invite, String error);

        static native TemplateInstance accepted(Accepted accepted);
    }

    /** An invitation that can still be accepted, as the form names it; {@code invitedBy} may be null. */
    @TemplateData
    public record Invite(String token, String team, String invitedBy, String role, String expiresIso,
                         String expiresText) {
    }

    /** The accepted invitation: the new member's first name (may be null), the Team and the credential shown once. */
    @TemplateData
    public record Accepted(String firstName, String team, String username, String password) {
    }

    /**
     * The page for {@code token}: the form, naming the Team, the inviter and the role, when the invitation can still
     * be accepted ({@code preview}); otherwise (never sent, used, expired) a 404 page that says so and what to do,
     * with no form to fill in for nothing.
     */
    static Response form(String token, String error, int status, Optional<AcceptInvitation.InvitationPreview> preview) {
        if (token == null || token.isBlank()) {
            return page(400, Templates.noToken());
        }
        if (preview.isEmpty()) {
            return page(error == null ? 404 : status, Templates.invalid(error));
        }
        AcceptInvitation.InvitationPreview p = preview.get();
        return page(status, Templates.form(new Invite(token, p.teamName(), p.invitedBy(), p.role(),
                p.expiresAt().toString(), DAY.format(p.expiresAt())), error));
    }

    static Response accepted(TeamService.AcceptedInvitation a) {
        return page(200, Templates.accepted(new Accepted(a.user().person().firstName(),
                a.accountIds().isEmpty() ? "" : a.accountIds().get(0).toString(), a.username(), a.password())));
    }

    private static Response page(int status, TemplateInstance page) {
        Response r = Html.html(status, page.render());
        r.getHeaders().putSingle("Referrer-Policy", "no-referrer");
        return r;
    }
}
