package io.mizani.adapter.rest.tenancy;

import io.mizani.application.operator.ConsoleSessions;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;

/**
 * Resumes a console session ({@link ConsoleSessions#resume}) into the same identity an operator's HTTP Basic login
 * gets (role {@code operator}, the operator's context): the console's pages cannot tell the two apart. A session
 * that ended leaves the request anonymous and says why on the routing context ({@link #ENDED}), for the sign-in page.
 */
@Singleton
class ConsoleSessionIdentityProvider implements IdentityProvider<ConsoleSessionRequest> {

    /** Routing-context key: why the request's session ended ({@link ConsoleSessions.Ended}). */
    static final String ENDED = "mizani.console.ended";
    /** Identity attribute: the renewed session token to set as the cookie, when there is one. */
    static final String RENEWED = "mizani.console.renewed";

    private final ConsoleSessions sessions;

    ConsoleSessionIdentityProvider(ConsoleSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public Class<ConsoleSessionRequest> getRequestType() {
        return ConsoleSessionRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(ConsoleSessionRequest request, AuthenticationRequestContext context) {
        RoutingContext rc = HttpSecurityUtils.getRoutingContextAttribute(request);
        return context.runBlocking(() -> {
            ConsoleSessions.Resumption r = sessions.resume(request.token());
            if (r.session().isEmpty()) {
                if (rc != null) {
                    rc.put(ENDED, r.ended());
                }
                return null;
            }
            ConsoleSessions.Resumed s = r.session().get();
            QuarkusSecurityIdentity.Builder b = QuarkusSecurityIdentity.builder()
                    .setPrincipal(new QuarkusPrincipal(s.operator().username()))
                    .addRole("operator")
                    .addAttribute(OperatorIdentityProvider.ATTRIBUTE, s.operator());
            if (s.renewed() != null) {
                b.addAttribute(RENEWED, s.renewed());
            }
            return b.build();
        });
    }
}
