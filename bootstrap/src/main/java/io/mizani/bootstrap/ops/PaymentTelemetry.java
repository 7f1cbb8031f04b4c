package io.mizani.bootstrap.ops;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.mizani.application.payment.PaymentObserver;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

/**
 * The payment use cases as an operator sees them:
 * <ul>
 *   <li>while the payment worker works on a payment, {@code payment_ref} (the service's reference) and
 *       {@code account_id} (the merchant account) are in the MDC, so every line it logs names the payment;</li>
 *   <li>one WARN line per failed payment from the logger {@code io.mizani.payments}, with the reference, the
 *       account id, provider, request type and failure reason (digit runs that could be a phone or account number
 *       masked); never the merchant's own reference or any customer field;</li>
 *   <li>the timer {@code mizani_payment_final_seconds{provider,request_type,status}}: acceptance to final status.</li>
 * </ul>
 * The line and the timer are written once the finalising transaction has committed ({@code afterCommit}), so a
 * rolled-back finalisation reports nothing. Nothing here ever throws into the payment's transaction.
 */
public final class PaymentTelemetry implements PaymentObserver {

    static final String LOGGER = "io.mizani.payments";
    static final String TIMER = "mizani.payment.final";
    private static final Logger LOG = Logger.getLogger(LOGGER);
    /** Six digits or more, possibly with a leading + and single spaces or dashes between them. */
    private static final Pattern NUMBER = Pattern.compile("\\+?\\d(?:[ -]?\\d){5,}");
    /** Histogram buckets (acceptance to final spans seconds for a sandbox, minutes for a payer on a phone). */
    private static final Duration[] BUCKETS = {Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(15),
            Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(2), Duration.ofMinutes(5),
            Duration.ofMinutes(15), Duration.ofMinutes(30), Duration.ofHours(1), Duration.ofHours(6),
            Duration.ofHours(24)};

    private final MeterRegistry registry;
    private final Consumer<Runnable> afterCommit;
    /** One timer per (provider, request_type, status), built once: building one per payment cost ~3 % of a worker. */
    private final Map<TimerKey, Timer> timers = new ConcurrentHashMap<>();

    private record TimerKey(String provider, String requestType, String status) {
    }

    /** {@code afterCommit} runs its argument once the current transaction commits (at once without one). */
    public PaymentTelemetry(MeterRegistry registry, Consumer<Runnable> afterCommit) {
        this.registry = registry;
        this.afterCommit = afterCommit;
    }

    @Override
    public Scope processing(Payment payment) {
        Object previousRef = MDC.get("payment_ref");
        Object previousAccount = MDC.get("account_id");
        MDC.put("payment_ref", payment.reference().value());
        MDC.put("account_id", String.valueOf(payment.accountId().value()));
        return () -> {
            restore("payment_ref", previousRef);
            restore("account_id", previousAccount);
        };
    }

    @Override
    public void finished(Payment payment, PaymentStatus status, Instant at) {
        try {
            // reported in the payment's own log context: the commit may have been several payments' (a worker's
            // shared final write), and the work after it runs outside any one payment's processing
            afterCommit.accept(() -> {
                try (Scope ignored = processing(payment)) {
                    report(payment, status, at);
                }
            });
        } catch (RuntimeException e) {
            LOG.debugf(e, "could not report payment %s", payment.reference().value());
        }
    }

    private void report(Payment payment, PaymentStatus status, Instant at) {
        try {
            if (status == PaymentStatus.FAILED) {
                LOG.warnf("payment failed: reference=%s account_id=%d provider=%s request_type=%s failure_reason=\"%s\"",
                        payment.reference().value(), payment.accountId().value(), payment.routing().provider(),
                        payment.routing().requestType().wire(), masked(payment.outcome().failureReason()));
            }
            Instant createdAt = payment.times().createdAt();
            if (createdAt != null && at != null) {
                timer(new TimerKey(String.valueOf(payment.routing().provider()),
                        payment.routing().requestType().wire(), status.wire()))
                        .record(Duration.between(createdAt, at).isNegative() ? Duration.ZERO
                                : Duration.between(createdAt, at));
            }
        } catch (RuntimeException e) {
            LOG.debugf(e, "could not report payment %s", payment.reference().value());
        }
    }

    private Timer timer(TimerKey key) {
        return timers.computeIfAbsent(key, k -> Timer.builder(TIMER)
                .description("Time from a payment's acceptance to its final status")
                .tag("provider", k.provider())
                .tag("request_type", k.requestType())
                .tag("status", k.status())
                .serviceLevelObjectives(BUCKETS)
                .register(registry));
    }

    static String masked(String reason) {
        return reason == null ? "" : NUMBER.matcher(reason).replaceAll("[number]").replace("\"", "'");
    }

    private static void restore(String key, Object previous) {
        if (previous == null) {
            MDC.remove(key);
        } else {
            MDC.put(key, previous);
        }
    }
}
