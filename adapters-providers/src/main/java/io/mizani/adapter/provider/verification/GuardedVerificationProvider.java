package io.mizani.adapter.provider.verification;

import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.domain.verification.CheckOutcome;
import io.smallrye.faulttolerance.api.Guard;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

/**
 * Routes each check to the provider the routing table names, and calls it through a SmallRye Fault Tolerance guard
 * per provider: a timeout ({@code MIZANI_PROVIDER_TIMEOUT_MS}), a circuit breaker (opens when half of the last 20
 * calls failed, probes again after 10 s) and a bulkhead (at most {@code bulkhead} concurrent calls; synchronous calls beyond it are shed at once). No
 * retry: a retried billed call could be billed twice. Every failure comes back as
 * {@link CheckOutcome.ProviderUnavailable}.
 */
public final class GuardedVerificationProvider implements VerificationProvider {

    private static final Logger LOG = Logger.getLogger(GuardedVerificationProvider.class.getName());

    private final Map<String, VerificationProvider> providers;
    private final Map<String, String> routes;
    private final String defaultProvider;
    private final Map<String, Guard> guards = new HashMap<>();

    /**
     * @param providers by name ({@code sandbox}, {@code smile_id})
     * @param routes    check key → provider name; checks not listed go to {@code defaultProvider}
     */
    public GuardedVerificationProvider(Map<String, VerificationProvider> providers, Map<String, String> routes,
                                       String defaultProvider, long timeoutMs, int bulkhead) {
        this.providers = Map.copyOf(providers);
        this.routes = Map.copyOf(routes);
        this.defaultProvider = defaultProvider;
        if (!providers.containsKey(defaultProvider)) {
            throw new IllegalArgumentException("unknown default verification provider " + defaultProvider);
        }
        routes.forEach((check, provider) -> {
            if (!providers.containsKey(provider)) {
                throw new IllegalArgumentException("route " + check + " names unknown provider " + provider);
            }
        });
        for (String name : providers.keySet()) {
            guards.put(name, Guard.create()
                    .withDescription("verification provider " + name)
                    .withTimeout().duration(timeoutMs, ChronoUnit.MILLIS).done()
                    .withCircuitBreaker().name("verification-" + name).requestVolumeThreshold(20).failureRatio(0.5)
                    .delay(10, ChronoUnit.SECONDS).successThreshold(2).done()
                    .withBulkhead().limit(bulkhead).done()
                    .build());
        }
    }

    String route(String check) {
        return routes.getOrDefault(check, defaultProvider);
    }

    @Override
    public String name(ProviderRequest request) {
        return route(request.check().key());
    }

    @Override
    public CheckOutcome run(ProviderRequest request) {
        String name = route(request.check().key());
        VerificationProvider provider = providers.get(name);
        try {
            return guards.get(name).call(() -> {
                CheckOutcome outcome = provider.run(request);
                if (outcome instanceof CheckOutcome.ProviderUnavailable u && u.cause() == CheckOutcome.Cause.REJECTED) {
                    LOG.log(Level.WARNING, "provider " + name + " rejected " + request.check().key() + ": " + u.detail());
                }
                if (outcome instanceof CheckOutcome.ProviderUnavailable u
                        && u.cause() != CheckOutcome.Cause.REJECTED) {
                    throw new Unavailable(u); // counts as a failure for the circuit breaker
                }
                return outcome;
            }, CheckOutcome.class);
        } catch (Unavailable u) {
            LOG.log(Level.WARNING, "provider " + name + " unavailable for " + request.check().key() + ": "
                    + u.outcome.cause() + " " + u.outcome.detail());
            return u.outcome;
        } catch (TimeoutException | org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException e) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, name + " timed out", null);
        } catch (CircuitBreakerOpenException e) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.SHED, name + " circuit open", null);
        } catch (BulkheadException e) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.SHED, name + " at capacity", null);
        } catch (Exception e) {
            LOG.log(Level.WARNING, "provider " + name + " failed", e);
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, name + " failed", null);
        }
    }

    private static final class Unavailable extends RuntimeException {
        private final CheckOutcome.ProviderUnavailable outcome;

        Unavailable(CheckOutcome.ProviderUnavailable outcome) {
            super(outcome.detail(), null, false, false);
            this.outcome = outcome;
        }
    }
}
