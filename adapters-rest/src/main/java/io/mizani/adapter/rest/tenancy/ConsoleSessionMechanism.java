package io.mizani.adapter.rest.tenancy;

import java.util.Set;

import io.mizani.adapter.rest.common.ErrorBodies;
import io.mizani.application.operator.ConsoleSessions;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.core.http.CookieSameSite;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;

/**
 * The console's sign-in session beside HTTP Basic (platform.md section 18: the console "keeps accepting HTTP Basic
 * credentials, for tools, beside any sign-in form"). On {@code /console} only, a request without an
 * {@code Authorization} header whose {@value #COOKIE} cookie resumes a session is that operator; a renewed session
 * (at most once a minute) gets a new cookie. Anything else is left to HTTP Basic: this mechanism never fails a
 * request itself and never challenges (the 401 of a browser on the console becomes a redirect to the sign-in page in
 * {@link io.mizani.adapter.rest.common.ErrorMappers}).
 */
@Singleton
public class ConsoleSessionMechanism implements HttpAuthenticationMechanism {

    /** The session cookie: HttpOnly, SameSite=Strict, path /console, Secure over HTTPS; no Max-Age (ends with the browser). */
    public static final String COOKIE = "mizani_console";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext rc, IdentityProviderManager identities) {
        String path = rc.normalizedPath();
        if (!(path.equals("/console") || path.startsWith("/console/")) || rc.request().getHeader("Authorization") != null) {
            return Uni.createFrom().nullItem();
        }
        Cookie cookie = rc.request().getCookie(COOKIE);
        if (cookie == null || cookie.getValue() == null || cookie.getValue().isEmpty()) {
            return Uni.createFrom().nullItem();
        }
        return identities.authenticate(HttpSecurityUtils.setRoutingContextAttribute(
                        new ConsoleSessionRequest(cookie.getValue()), rc))
                .onItem().invoke(identity -> {
                    String renewed = identity == null ? null : identity.getAttribute(ConsoleSessionIdentityProvider.RENEWED);
                    if (renewed != null) {
                        rc.response().addCookie(cookie(renewed, rc));
                    }
                })
                .onFailure().recoverWithNull();
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", ErrorBodies.CHALLENGE));
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(ConsoleSessionRequest.class);
    }

    @Override
    public int getPriority() {
        return DEFAULT_PRIORITY + 500; // before HTTP Basic, which it leaves every request with credentials to
    }

    /** The session cookie carrying {@code token} (null: the cookie that removes it). */
    public static Cookie cookie(String token, RoutingContext rc) {
        Cookie c = Cookie.cookie(COOKIE, token == null ? "" : token).setPath("/console").setHttpOnly(true)
                .setSameSite(CookieSameSite.STRICT).setSecure(secure(rc));
        if (token == null) {
            c.setMaxAge(0);
        }
        return c;
    }

    /** Why the request's session ended, or null when it had none or it is alive. */
    public static ConsoleSessions.Ended ended(RoutingContext rc) {
        return rc == null ? null : rc.get(ConsoleSessionIdentityProvider.ENDED);
    }

    private static boolean secure(RoutingContext rc) {
        return rc != null && ("https".equalsIgnoreCase(rc.request().scheme())
                || "https".equalsIgnoreCase(rc.request().getHeader("X-Forwarded-Proto")));
    }
}
