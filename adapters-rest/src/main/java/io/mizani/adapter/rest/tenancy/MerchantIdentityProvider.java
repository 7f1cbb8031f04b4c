package io.mizani.adapter.rest.tenancy;

import io.mizani.application.tenancy.MerchantAuthenticator;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.UsernamePasswordAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;

/**
 * Resolves merchant API credentials (HTTP Basic) to a {@code merchant} identity carrying the
 * {@link io.mizani.application.tenancy.MerchantContext}. It runs before the operator realm and answers "not mine"
 * (null) for anything that is not a valid merchant credential, so the operator realm gets its turn.
 */
@Singleton
class MerchantIdentityProvider implements IdentityProvider<UsernamePasswordAuthenticationRequest> {

    static final String ATTRIBUTE = "mizani.merchant";
    static final String OPERATOR_LOGIN = "operator";

    private final MerchantAuthenticator authenticator;

    MerchantIdentityProvider(MerchantAuthenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public Class<UsernamePasswordAuthenticationRequest> getRequestType() {
        return UsernamePasswordAuthenticationRequest.class;
    }

    @Override
    public int priority() {
        return 3000;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(UsernamePasswordAuthenticationRequest request,
                                              AuthenticationRequestContext context) {
        String username = request.getUsername();
        if (OPERATOR_LOGIN.equals(username)) {
            return Uni.createFrom().nullItem();
        }
        String password = new String(request.getPassword().getPassword());
        return context.runBlocking(() -> authenticator.authenticate(username, password)
                .map(ctx -> (SecurityIdentity) QuarkusSecurityIdentity.builder()
                        .setPrincipal(new QuarkusPrincipal(ctx.username()))
                        .addRole("merchant")
                        .addAttribute(ATTRIBUTE, ctx)
                        .build())
                .orElse(null));
    }
}
