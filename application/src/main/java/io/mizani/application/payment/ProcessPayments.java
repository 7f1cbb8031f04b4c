package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RetrySchedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The payment worker. Each run claims due payments in a short transaction ({@code FOR UPDATE SKIP LOCKED}, so
 * any number of replicas share the queue), calls the rail outside any transaction, then records the outcome
 * in a second transaction. A rail that does not answer leaves the payment {@code pending} and it is asked
 * again later with back-off (a timeout is not a failure).
 */
public final class ProcessPayments {

    private final PaymentStore store;
    private final RailRouter router;
    private final PaymentFinaliser finaliser;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final Duration lease;
    private final RetrySchedule pollSchedule;
    private final int batchSize;

    public ProcessPayments(PaymentStore store, RailRouter router, PaymentFinaliser finaliser, UnitOfWork unitOfWork,
                           Clock clock, Duration lease, RetrySchedule pollSchedule, int batchSize) {
        this.store = store;
        this.router = router;
        this.finaliser = finaliser;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.lease = lease;
        this.pollSchedule = pollSchedule;
        this.batchSize = batchSize;
    }

    /** Processes one batch; returns how many payments were claimed. */
    public int runOnce() {
        List<Payment> claimed = unitOfWork.inTransaction(() -> store.claimDue(clock.instant(), lease, batchSize));
        for (Payment p : claimed) {
            RailOutcome outcome;
            try {
                PaymentRail rail = router.railFor(p);
                outcome = p.status() == PaymentStatus.QUEUED ? rail.initiate(p) : rail.query(p);
            } catch (RuntimeException e) {
                outcome = new RailOutcome.NoAnswer(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            apply(p, outcome);
        }
        return claimed.size();
    }

    void apply(Payment p, RailOutcome outcome) {
        unitOfWork.run(() -> {
            Instant now = clock.instant();
            boolean queued = p.status() == PaymentStatus.QUEUED;
            switch (outcome) {
                case RailOutcome.Submitted s -> {
                    Instant next = s.checkAgainIn() == null ? null : now.plus(s.checkAgainIn());
                    if (queued) {
                        store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now,
                                s.providerReference(), null, next);
                    } else {
                        store.scheduleCheck(p.id(), next, true);
                    }
                }
                case RailOutcome.NoAnswer n -> {
                    Instant next = now.plus(pollSchedule.delayAfter(p.checks() + 1));
                    if (queued) {
                        store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now, null, null, next);
                    }
                    store.scheduleCheck(p.id(), next, true);
                }
                case RailOutcome.Succeeded s -> {
                    if (queued) {
                        store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now,
                                s.providerReference(), null, null);
                    }
                    finaliser.finish(p.id(), PaymentStatus.PENDING, PaymentStatus.SUCCEEDED, now,
                            s.providerReference(), null);
                }
                case RailOutcome.Declined d -> finaliser.finish(p.id(), p.status(), PaymentStatus.FAILED, now,
                        d.providerReference(), d.reason() == null ? "declined" : d.reason());
            }
        });
    }
}
