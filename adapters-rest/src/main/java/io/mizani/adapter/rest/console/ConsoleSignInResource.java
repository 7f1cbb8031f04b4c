package io.mizani.adapter.rest.console;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.mizani.adapter.rest.common.EdgeGuard;
import io.mizani.adapter.rest.tenancy.ConsoleSessionMechanism;
import io.mizani.application.operator.ConsoleSessions;
import io.mizani.application.operator.OperatorAuthenticator;
import io.mizani.application.operator.OperatorContext;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The console's sign-in page (platform.md section 18, docs/console.md): the operator logins of the operator API, in a
 * form, opening a session ({@link ConsoleSessions}) kept in the {@value ConsoleSessionMechanism#COOKIE} cookie.
 * A wrong login answers 401 with the form again and counts toward section 11's per-address failed-authentication
 * throttle exactly as a wrong HTTP Basic login does (a blocked address gets 429 here too, from {@link EdgeGuard}).
 * A browser that opens a console page without a session is sent here (303) with where it was going; HTTP Basic keeps
 * working beside it for tools.
 */
@Path("/console/sign-in")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class ConsoleSignInResource {

    static final String WRONG = "Wrong username or password.";
    static final Map<ConsoleSessions.Ended, String> ENDED = Map.of(
            ConsoleSessions.Ended.IDLE, "You were signed out after a period of inactivity. Sign in again.",
            ConsoleSessions.Ended.EXPIRED, "Your session has ended. Sign in again.",
            ConsoleSessions.Ended.SIGNED_OUT, "You are signed out.",
            ConsoleSessions.Ended.INVALID, "Your session is no longer valid. Sign in again.");

    @Inject
    OperatorAuthenticator authenticator;
    @Inject
    ConsoleSessions sessions;
    @Inject
    EdgeGuard edge;

    @HeaderParam("Sec-Fetch-Site")
    String secFetchSite;
    @HeaderParam("Origin")
    String origin;
    @HeaderParam("Host")
    String host;

    @GET
    @Operation(hidden = true)
    public Response page(@QueryParam("next") String next, @QueryParam("ended") String ended) {
        String notice = Optional.ofNullable(ended).flatMap(ConsoleSignInResource::endedOf).map(ENDED::get).orElse(null);
        return Html.html(200, Templates.form(notice, null, "", safeNext(next)).render());
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response signIn(@FormParam("username") String username, @FormParam("password") String password,
                           @FormParam("next") String next, @Context HttpServerRequest request,
                           @Context RoutingContext rc) {
        if (!sameOrigin()) {
            return Html.html(403, Templates.refused(ConsoleCsrf.REFUSED).render());
        }
        Optional<OperatorContext> operator = username == null || password == null || username.indexOf('\u0000') >= 0
                || password.indexOf('\u0000') >= 0 ? Optional.empty() : authenticator.authenticate(username, password);
        if (operator.isEmpty()) {
            var throttle = edge.authFailures();
            if (throttle != null && request.remoteAddress() != null) {
                throttle.failure(request.remoteAddress().host());
            }
            return Html.html(401, Templates.form(null, WRONG, username == null ? "" : username, safeNext(next)).render());
        }
        String token = sessions.open(operator.get());
        rc.response().addCookie(ConsoleSessionMechanism.cookie(token, rc));
        return Html.secure(Response.seeOther(URI.create(safeNext(next)))).build();
    }

    /**
     * A browser (its {@code Accept} names {@code text/html}) without credentials on a console page: 303 to this page,
     * with where it was going and why its session ended, and the stale cookie removed. Null for anything else (tools
     * keep the 401 with the HTTP Basic challenge).
     */
    public static Response redirectBrowser(HttpServerRequest request, RoutingContext rc) {
        String path = request.path();
        String accept = request.getHeader("Accept");
        if (path == null || !(path.equals("/console") || path.startsWith("/console/"))
                || request.getHeader("Authorization") != null || accept == null || !accept.contains("text/html")) {
            return null;
        }
        ConsoleSessions.Ended ended = ConsoleSessionMechanism.ended(rc);
        StringBuilder to = new StringBuilder("/console/sign-in");
        String next = "GET".equals(request.method().name()) ? safeNext(request.uri()) : "/console";
        to.append("?next=").append(java.net.URLEncoder.encode(next, java.nio.charset.StandardCharsets.UTF_8));
        if (ended != null) {
            to.append("&ended=").append(ended.name().toLowerCase(java.util.Locale.ROOT));
            if (rc != null) {
                rc.response().addCookie(ConsoleSessionMechanism.cookie(null, rc));
            }
        }
        return Html.secure(Response.seeOther(URI.create(to.toString()))).build();
    }

    private static Optional<ConsoleSessions.Ended> endedOf(String raw) {
        for (ConsoleSessions.Ended e : ConsoleSessions.Ended.values()) {
            if (e.name().equalsIgnoreCase(raw)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** Only a console page of this service (no scheme, no host, no {@code //}): never an open redirect. */
    static String safeNext(String next) {
        if (next == null || next.length() > 500 || !(next.equals("/console") || next.startsWith("/console/")
                || next.startsWith("/console?")) || next.contains("//") || next.contains("\\")
                || next.startsWith("/console/sign-in") || next.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return "/console";
        }
        return next;
    }

    private boolean sameOrigin() {
        if (secFetchSite != null && !secFetchSite.equals("same-origin") && !secFetchSite.equals("none")) {
            return false;
        }
        if (origin == null) {
            return true;
        }
        if (origin.equals("null") || host == null) {
            return false;
        }
        try {
            URI o = URI.create(origin);
            String authority = o.getPort() == -1 ? o.getHost() : o.getHost() + ":" + o.getPort();
            return host.equalsIgnoreCase(authority);
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    /** The pages, from {@code templates/ConsoleSignInResource/} (Qute, every value escaped). */
    @CheckedTemplate
    static class Templates {
        /** The form; {@code notice} why the last session ended, {@code error} the refused login (each may be null). */
        static native TemplateInstance form(String notice, String error, String username, String next);

        static native TemplateInstance refused(String message);
    }
}
