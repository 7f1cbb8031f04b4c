package io.mizani.adapter.rest.tenancy;

import io.mizani.application.operator.OperatorAuthenticator;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.UsernamePasswordAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;

/**
 * Resolves operator logins (HTTP Basic on /api/admin and the console) from the {@code operators} table: the
 * bootstrap {@code operator} (admin, MIZANI_OPERATOR_PASSWORD) and the named operators of platform.md section 18.
 * Runs after {@link MerchantIdentityProvider}; an identity carries the role {@code operator} (what the resources'
 * {@code @RolesAllowed} ask) and the {@link io.mizani.application.operator.OperatorContext} with the operator's role.
 */
@Singleton
class OperatorIdentityProvider implements IdentityProvider<UsernamePasswordAuthenticationRequest> {

    static final String ATTRIBUTE = "mizani.operator";

    private final OperatorAuthenticator authenticator;

    OperatorIdentityProvider(OperatorAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public Class<UsernamePasswordAuthenticationRequest> getRequestType() {
        return UsernamePasswordAuthenticationRequest.class;
    }

    @Override
    public int priority() {
        return 2000;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(UsernamePasswordAuthenticationRequest request,
                                              AuthenticationRequestContext context) {
        String username = request.getUsername();
        String password = new String(request.getPassword().getPassword());
        return context.runBlocking(() -> authenticator.authenticate(username, password)
                .map(op -> (SecurityIdentity) QuarkusSecurityIdentity.builder()
                        .setPrincipal(new QuarkusPrincipal(op.username()))
                        .addRole("operator")
                        .addAttribute(ATTRIBUTE, op)
                        .build())
                .orElse(null));
    }
}
