package io.mizani.adapter.rest.tenancy;

import java.time.Duration;

import org.eclipse.microprofile.config.ConfigProvider;

import io.mizani.adapter.rest.common.ErrorBodies;
import io.mizani.adapter.rest.common.MerchantRateLimiter;
import io.mizani.application.tenancy.MerchantContext;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

/**
 * Per-merchant request budget ({@code MIZANI_MERCHANT_RATE_LIMIT} requests per {@code MIZANI_MERCHANT_RATE_WINDOW},
 * off by default): every merchant-authenticated answer carries {@code RateLimit-Limit}, {@code RateLimit-Remaining}
 * and {@code RateLimit-Reset}; past the budget 429 {@code rate_limited} with {@code Retry-After}. Counted per account
 * in this replica's memory. Operator requests are not counted.
 */
@Provider
@Priority(Priorities.AUTHORIZATION + 100)
public class MerchantRateLimitFilter implements ContainerRequestFilter, ContainerResponseFilter {

    private static final String VERDICT = MerchantRateLimitFilter.class.getName() + ".verdict";

    @Inject
    Instance<SecurityIdentity> identity;

    private volatile MerchantRateLimiter limiter;

    private MerchantRateLimiter limiter() {
        MerchantRateLimiter l = limiter;
        if (l == null) {
            synchronized (this) {
                if (limiter == null) {
                    var config = ConfigProvider.getConfig();
                    int limit = config.getOptionalValue("mizani.edge.merchant-rate-limit", Integer.class).orElse(0);
                    Duration window = config.getOptionalValue("mizani.edge.merchant-rate-window", Duration.class)
                            .orElse(Duration.ofMinutes(1));
                    limiter = new MerchantRateLimiter(limit, window, System::nanoTime);
                }
                l = limiter;
            }
        }
        return l;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!limiter().enabled()) {
            return;
        }
        SecurityIdentity id = identity.get();
        MerchantContext ctx = id == null || id.isAnonymous() ? null : id.getAttribute(MerchantIdentityProvider.ATTRIBUTE);
        if (ctx == null) {
            return;
        }
        MerchantRateLimiter.Verdict v = limiter().take(ctx.accountId());
        request.setProperty(VERDICT, v);
        if (!v.allowed()) {
            Response r = ErrorBodies.response(request.getUriInfo().getRequestUri().getRawPath(), 429, "rate_limited",
                    "request rate limit exceeded: try again in " + v.resetSeconds() + " s");
            request.abortWith(Response.fromResponse(r).header("Retry-After", v.resetSeconds())
                    .header("RateLimit-Limit", v.limit()).header("RateLimit-Remaining", 0)
                    .header("RateLimit-Reset", v.resetSeconds()).build());
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(VERDICT) instanceof MerchantRateLimiter.Verdict v) {
            response.getHeaders().putSingle("RateLimit-Limit", v.limit());
            response.getHeaders().putSingle("RateLimit-Remaining", v.remaining());
            response.getHeaders().putSingle("RateLimit-Reset", v.resetSeconds());
        }
    }
}
