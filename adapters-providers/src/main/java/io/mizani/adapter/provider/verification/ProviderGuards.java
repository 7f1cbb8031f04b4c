package io.mizani.adapter.provider.verification;

import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.application.verification.VerificationProviders;
import io.mizani.domain.verification.CheckOutcome;
import io.smallrye.faulttolerance.api.Guard;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

/**
 * The providers of this deployment, each called through its guards:
 * <ul>
 *   <li>a timeout ({@code MIZANI_PROVIDER_TIMEOUT_MS}): a slower call is unavailable ({@code timeout});</li>
 *   <li>a bulkhead per provider: at most {@code bulkhead} calls at once, more are shed at once ({@code shed});</li>
 *   <li>a circuit breaker per <em>provider, check and key</em> (the platform key, or one merchant's own key): it
 *       opens when half of the last 20 calls of that scope failed and probes again after 10 s (two successes close
 *       it). An open breaker answers {@code shed} without calling the provider, and the route moves on to the next
 *       provider. Scoped so that a registry down for one check (NIN) does not deny the provider's other checks, and
 *       a merchant's own-key account (suspended, throttled) does not deny the platform key or other merchants.</li>
 * </ul>
 * What a breaker counts: only failures that say the provider is unhealthy for everyone in the scope: unreachable,
 * 5xx, timeout ({@code down}, {@code timeout}), unreadable answers ({@code malformed}). A rejection before the
 * check ran ({@code rejected}: bad credentials, an unsupported ID format, a check the provider does not serve)
 * concerns that one request and is not counted. The built-in sandbox providers have no breaker at all: their
 * failures (identifiers ending in 97, 98, 99) are by design about that identifier only and predict nothing about the
 * next call; they keep their timeout and bulkhead. No retry anywhere: a retried billed call could be billed twice.
 */
public final class ProviderGuards implements VerificationProviders {

    private static final Logger LOG = Logger.getLogger(ProviderGuards.class.getName());

    private final Map<String, VerificationProvider> providers;
    private final Set<String> withoutBreaker;
    private final Function<String, List<String>> defaultRoute;
    private final long timeoutMs;
    private final Map<String, Semaphore> bulkheads = new ConcurrentHashMap<>();
    private final Map<String, Guard> guards = new ConcurrentHashMap<>();
    private final Map<String, VerificationProvider> guarded = new ConcurrentHashMap<>();

    /**
     * @param providers      by name
     * @param withoutBreaker providers whose failures are per identifier by design (the sandbox ones)
     * @param defaultRoute   check → route when the operator set none
     */
    public ProviderGuards(Map<String, VerificationProvider> providers, Set<String> withoutBreaker,
                          Function<String, List<String>> defaultRoute, long timeoutMs, int bulkhead) {
        this.providers = Map.copyOf(providers);
        this.withoutBreaker = Set.copyOf(withoutBreaker);
        this.defaultRoute = defaultRoute;
        this.timeoutMs = timeoutMs;
        for (String name : providers.keySet()) {
            bulkheads.put(name, new Semaphore(bulkhead));
            guarded.put(name, new Guarded(name, providers.get(name)));
        }
    }

    @Override
    public Set<String> names() {
        return providers.keySet();
    }

    @Override
    public Optional<VerificationProvider> find(String name) {
        return Optional.ofNullable(guarded.get(name));
    }

    @Override
    public List<String> defaultRoute(String check) {
        return defaultRoute.apply(check);
    }

    /** The breaker scope of a call: provider, check and key. */
    static String scope(String provider, ProviderRequest request) {
        String key = request.ownProviderKey()
                .map(k -> "own:" + Integer.toHexString(k.hashCode()))
                .orElse("platform");
        return provider + "|" + request.check().key() + "|" + key;
    }

    /** Whether an outcome counts as a failure for the circuit breaker. */
    static boolean counts(CheckOutcome outcome) {
        return outcome instanceof CheckOutcome.ProviderUnavailable u
                && (u.cause() == CheckOutcome.Cause.DOWN || u.cause() == CheckOutcome.Cause.TIMEOUT
                || u.cause() == CheckOutcome.Cause.MALFORMED);
    }

    private Guard guard(String provider, String scope) {
        return guards.computeIfAbsent(scope, s -> {
            var builder = Guard.create().withDescription("verification " + s)
                    .withTimeout().duration(timeoutMs, ChronoUnit.MILLIS).done();
            if (!withoutBreaker.contains(provider)) {
                builder = builder.withCircuitBreaker().requestVolumeThreshold(20).failureRatio(0.5)
                        .delay(10, ChronoUnit.SECONDS).successThreshold(2).done();
            }
            return builder.build();
        });
    }

    private final class Guarded implements VerificationProvider {
        private final String name;
        private final VerificationProvider provider;

        Guarded(String name, VerificationProvider provider) {
            this.name = name;
            this.provider = provider;
        }

        @Override
        public String name(ProviderRequest request) {
            return name;
        }

        @Override
        public CheckOutcome run(ProviderRequest request) {
            Semaphore bulkhead = bulkheads.get(name);
            if (!bulkhead.tryAcquire()) {
                return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.SHED, name + " at capacity", null);
            }
            try {
                return guard(name, scope(name, request)).call(() -> {
                    CheckOutcome outcome = provider.run(request);
                    if (counts(outcome)) {
                        throw new Unavailable((CheckOutcome.ProviderUnavailable) outcome);
                    }
                    if (outcome instanceof CheckOutcome.ProviderUnavailable u) {
                        LOG.log(Level.WARNING, "provider " + name + " rejected " + request.check().key() + ": "
                                + u.detail());
                    }
                    return outcome;
                }, CheckOutcome.class);
            } catch (Unavailable u) {
                LOG.log(Level.WARNING, "provider " + name + " unavailable for " + request.check().key() + ": "
                        + u.outcome.cause() + " " + u.outcome.detail());
                return u.outcome;
            } catch (TimeoutException | org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException e) {
                LOG.log(Level.WARNING, "provider " + name + " timed out for " + request.check().key());
                return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, name + " timed out", null);
            } catch (CircuitBreakerOpenException e) {
                LOG.log(Level.INFO, "provider " + name + " circuit open for " + request.check().key());
                return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.SHED, name + " circuit open", null);
            } catch (Exception e) {
                LOG.log(Level.WARNING, "provider " + name + " failed", e);
                return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, name + " failed", null);
            } finally {
                bulkhead.release();
            }
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
