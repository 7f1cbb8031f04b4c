package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RetrySchedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * The payment worker. Each payment is claimed on its own, in a short transaction ({@code FOR UPDATE SKIP LOCKED}),
 * for this worker's own short lease ({@code claimed_until}); the rail is called outside any transaction; the
 * outcome and the release of the lease are written in a second transaction. So another replica never calls a
 * provider about a payment still being worked on, however long the other payments of a round take.
 * <p>
 * The first claim of a payment sends it ({@link PaymentRail#initiate}); every later claim only asks about it
 * ({@link PaymentRail#query}): a request whose answer was lost is queried, never re-sent. A rail that does not
 * answer leaves the payment {@code pending} and it is asked again later with back-off (a timeout is not a failure);
 * once a payment has been pending for the pending deadline it is resolved by the provider's status lookup
 * ({@link PaymentRail#resolveOverdue}).
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
    private final Duration pendingDeadline;
    private final PaymentObserver observer;
    private final String worker = "w_" + UUID.randomUUID();

    public ProcessPayments(PaymentStore store, RailRouter router, PaymentFinaliser finaliser, UnitOfWork unitOfWork,
                           Clock clock, Duration lease, RetrySchedule pollSchedule, int batchSize,
                           Duration pendingDeadline) {
        this(store, router, finaliser, unitOfWork, clock, lease, pollSchedule, batchSize, pendingDeadline,
                PaymentObserver.NONE);
    }

    public ProcessPayments(PaymentStore store, RailRouter router, PaymentFinaliser finaliser, UnitOfWork unitOfWork,
                           Clock clock, Duration lease, RetrySchedule pollSchedule, int batchSize,
                           Duration pendingDeadline, PaymentObserver observer) {
        this.observer = observer;
        this.store = store;
        this.router = router;
        this.finaliser = finaliser;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.lease = lease;
        this.pollSchedule = pollSchedule;
        this.batchSize = batchSize;
        this.pendingDeadline = pendingDeadline;
    }

    /** This worker's identity in {@code claimed_by}. */
    public String worker() {
        return worker;
    }

    /** Processes up to one batch of due payments, one claim each; returns how many payments were claimed. */
    public int runOnce() {
        int claimed = 0;
        while (claimed < batchSize) {
            Optional<PaymentStore.Claim> claim =
                    unitOfWork.inTransaction(() -> store.claimNext(clock.instant(), lease, worker));
            if (claim.isEmpty()) {
                break;
            }
            claimed++;
            try (PaymentObserver.Scope ignored = observer.processing(claim.get().payment())) {
                process(claim.get());
            }
        }
        return claimed;
    }

    private void process(PaymentStore.Claim claim) {
        Payment p = claim.payment();
        RailOutcome outcome;
        try {
            PaymentRail rail = router.railFor(p);
            if (!claim.submitted()) {
                outcome = rail.initiate(p);
            } else if (overdue(p, clock.instant())) {
                outcome = rail.resolveOverdue(p);
            } else {
                outcome = rail.query(p);
            }
        } catch (RuntimeException e) {
            outcome = new RailOutcome.NoAnswer(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        apply(p, outcome);
    }

    private Instant deadline(Payment p) {
        Instant since = p.pendingSince() != null ? p.pendingSince() : p.createdAt();
        return pendingDeadline == null ? null : since.plus(pendingDeadline);
    }

    private boolean overdue(Payment p, Instant now) {
        Instant deadline = deadline(p);
        return deadline != null && !now.isBefore(deadline);
    }

    /** The next look: {@code wanted}, but never later than the pending deadline while that is still ahead. */
    private Instant nextLook(Payment p, Instant now, Instant wanted) {
        Instant deadline = deadline(p);
        if (wanted == null || deadline == null || !deadline.isAfter(now)) {
            return wanted;
        }
        return wanted.isAfter(deadline) ? deadline : wanted;
    }

    void apply(Payment p, RailOutcome outcome) {
        unitOfWork.run(() -> {
            Instant now = clock.instant();
            boolean queued = p.status() == PaymentStatus.QUEUED;
            switch (outcome) {
                case RailOutcome.Submitted s -> {
                    // a rail asking to look again "in the past" is looked at after the payments already due
                    Instant next = s.checkAgainIn() == null ? null
                            : nextLook(p, now, s.checkAgainIn().isNegative() ? now : now.plus(s.checkAgainIn()));
                    if (queued) {
                        store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now,
                                s.providerReference(), null, next);
                    } else {
                        store.scheduleCheck(p.id(), next, true);
                    }
                }
                case RailOutcome.NoAnswer n -> {
                    Instant next = nextLook(p, now, now.plus(pollSchedule.delayAfter(p.checks() + 1)));
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
            store.release(p.id(), worker);
        });
    }
}
