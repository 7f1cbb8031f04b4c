package io.mizani.adapter.rest.tenancy;

import io.mizani.application.tenancy.MerchantContext;
import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import org.jboss.logging.MDC;

/** The merchant behind the request's credentials. Resources are {@code @RolesAllowed("merchant")}. */
@RequestScoped
public class CurrentMerchant {

    private final SecurityIdentity identity;

    CurrentMerchant(SecurityIdentity identity) {
        this.identity = identity;
    }

    public MerchantContext merchant() {
        MerchantContext ctx = identity.getAttribute(MerchantIdentityProvider.ATTRIBUTE);
        if (ctx == null) {
            throw new UnauthorizedException();
        }
        MDC.put("account_id", String.valueOf(ctx.accountId()));
        return ctx;
    }

    /** The merchant behind {@code identity}, or null when it is not a merchant. */
    public static MerchantContext of(SecurityIdentity identity) {
        return identity == null || identity.isAnonymous() ? null : identity.getAttribute(MerchantIdentityProvider.ATTRIBUTE);
    }

    public long accountId() {
        return merchant().accountId();
    }
}
