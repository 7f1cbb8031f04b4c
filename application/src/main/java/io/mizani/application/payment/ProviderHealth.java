package io.mizani.application.payment;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether each payment provider answered lately (platform.md section 14, {@code available} of the payment channels):
 * a provider is unavailable after {@value #FAILURES} failures (no answer: a timeout, a 5xx, an unreadable reply, no
 * adapter) within {@link #WINDOW}, until it answers again. Counted per replica from its own rail calls, in memory
 * (docs/rails.md "Payment channels").
 */
public final class ProviderHealth {

    public static final int FAILURES = 3;
    public static final Duration WINDOW = Duration.ofMinutes(5);

    private final Clock clock;
    private final Map<String, Track> tracks = new ConcurrentHashMap<>();

    private static final class Track {
        final Deque<Instant> failures = new ArrayDeque<>();
    }

    public ProviderHealth(Clock clock) {
        this.clock = clock;
    }

    /** Records what a call to {@code provider}'s rail gave: an answer of any kind, or none. */
    public void record(String provider, RailOutcome outcome) {
        Track t = tracks.computeIfAbsent(provider, p -> new Track());
        synchronized (t) {
            boolean answered = !(outcome instanceof RailOutcome.NoAnswer);
            if (answered) {
                t.failures.clear(); // an answer ends the run of failures
            } else {
                t.failures.addLast(clock.instant());
                prune(t);
            }
        }
    }

    public boolean available(String provider) {
        Track t = tracks.get(provider);
        if (t == null) {
            return true;
        }
        synchronized (t) {
            prune(t);
            return t.failures.size() < FAILURES;
        }
    }

    private void prune(Track t) {
        Instant from = clock.instant().minus(WINDOW);
        while (!t.failures.isEmpty() && t.failures.peekFirst().isBefore(from)) {
            t.failures.removeFirst();
        }
    }

    /** {@code rail} with every outcome recorded against {@code provider}. */
    public PaymentRail recording(String provider, PaymentRail rail) {
        ProviderHealth health = this;
        return new PaymentRail() {
            @Override
            public RailOutcome initiate(io.mizani.domain.payment.Payment payment) {
                return seen(rail.initiate(payment));
            }

            @Override
            public RailOutcome query(io.mizani.domain.payment.Payment payment) {
                return seen(rail.query(payment));
            }

            @Override
            public RailOutcome resolveOverdue(io.mizani.domain.payment.Payment payment) {
                return seen(rail.resolveOverdue(payment));
            }

            private RailOutcome seen(RailOutcome outcome) {
                health.record(provider, outcome);
                return outcome;
            }
        };
    }
}
