package io.mizani.adapter.rest.team;

import static io.mizani.adapter.rest.console.Html.esc;

import io.mizani.adapter.rest.console.Html;
import io.mizani.application.team.AcceptInvitation;
import io.mizani.application.team.TeamService;
import jakarta.ws.rs.core.Response;

/**
 * The page a person reaches from the invitation e-mail ({@code GET /api/v2/account_invites/accept?invite_token=…}):
 * a small form that accepts the invitation through the same use case as the JSON {@code POST}, then shows the new
 * API credential once. The token is in the address, so the page sends no Referer and is never cached.
 */
final class InvitePage {

    private InvitePage() {
    }

    private static final java.time.format.DateTimeFormatter DAY = java.time.format.DateTimeFormatter
            .ofPattern("d MMMM yyyy, HH:mm 'UTC'", java.util.Locale.ENGLISH).withZone(java.time.ZoneOffset.UTC);

    /**
     * The page for {@code token}: the form, naming the Team, the inviter and the role, when the invitation can still
     * be accepted ({@code preview}); otherwise (never sent, used, expired) a 404 page that says so and what to do,
     * with no form to fill in for nothing.
     */
    static Response form(String token, String error, int status,
                         java.util.Optional<AcceptInvitation.InvitationPreview> preview) {
        String body;
        String problem = error == null ? "" : "<p class=\"error\" id=\"error\" role=\"alert\">" + esc(error) + "</p>";
        if (token == null || token.isBlank()) {
            body = "<h1>Accept an invitation</h1><p class=\"error\" id=\"error\" role=\"alert\">This link has no "
                    + "invitation token: open the link from the invitation e-mail.</p>";
            status = 400;
        } else if (preview.isEmpty()) {
            body = """
                    <h1>This invitation cannot be used</h1>%s
                    <section class="card"><p id="invalid">The link was already used, has expired, or was never sent.
                    Ask the person who invited you to send a new invitation.</p></section>
                    """.formatted(problem);
            status = error == null ? 404 : status;
        } else {
            AcceptInvitation.InvitationPreview p = preview.get();
            body = """
                    <h1>Join <span id="team_name">%s</span> on Mizani</h1>%s
                    <p id="invited_by">%s invited you to the Team as <strong id="role">%s</strong>. The invitation
                    expires on <time datetime="%s">%s</time>.</p>
                    <section class="card"><form method="post" action="/api/v2/account_invites/accept">
                    <input type="hidden" name="invite_token" value="%s">
                    <p><label for="first_name">First name</label><input id="first_name" name="first_name" autocomplete="given-name" required></p>
                    <p><label for="last_name">Last name</label><input id="last_name" name="last_name" autocomplete="family-name" required></p>
                    <p><label for="phone_number">Phone number (optional)</label><input id="phone_number" name="phone_number" autocomplete="tel" inputmode="tel"></p>
                    <p><button id="accept" type="submit">Accept the invitation</button></p>
                    </form><p class="muted">You will get an API credential for the Team, shown once.</p></section>
                    """.formatted(esc(p.teamName()), problem, p.invitedBy() == null ? "A member of the Team"
                            : esc(p.invitedBy()), esc(p.role()), p.expiresAt(), DAY.format(p.expiresAt()), esc(token));
        }
        return noReferrer(Html.html(status, Html.page("Accept an invitation", body)));
    }

    static Response accepted(TeamService.AcceptedInvitation a) {
        String body = """
                <h1>Invitation accepted</h1>
                <p class="notice" role="status" id="accepted">Welcome%s. You now belong to Team %s.</p>
                <section class="card"><h2>Your API credential</h2><p>Copy the password now: it is shown this once.</p>
                <dl><dt>Username</dt><dd class="secret" id="username">%s</dd><dt>Password</dt><dd class="secret" id="password">%s</dd></dl>
                <p>Use it with HTTP Basic on the API; the <a href="/q/swagger-ui">API docs</a> list every endpoint.</p></section>
                """.formatted(a.user().person().firstName() == null ? "" : ", " + esc(a.user().person().firstName()),
                esc(a.accountIds().isEmpty() ? "" : a.accountIds().get(0).toString()), esc(a.username()), esc(a.password()));
        return noReferrer(Html.html(200, Html.page("Invitation accepted", body)));
    }

    private static Response noReferrer(Response r) {
        r.getHeaders().putSingle("Referrer-Policy", "no-referrer");
        return r;
    }
}
