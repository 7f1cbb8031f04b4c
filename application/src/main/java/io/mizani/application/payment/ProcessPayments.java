package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RetrySchedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The payment worker. A round claims up to a batch of due payments in one statement ({@code FOR UPDATE SKIP LOCKED},
 * round-robin by merchant: {@link PaymentStore#claimDue}), each for this worker's own short per-payment lease
 * ({@code claimed_until}), and starts them in that order; the rail is called outside
 * any transaction, for several payments at once on the worker's executor (the settle parallelism). A final
 * outcome and the release of its lease are written at once, in a transaction of their own; the outcomes that only
 * reschedule (sent, not yet, no answer) are written together with their releases when the round's calls are done,
 * in one transaction for the round. So another replica never calls a provider about a payment still being worked
 * on; a worker that dies before the round's write leaves its payments to their leases, and they are then only
 * queried. A claimed payment still waiting in this worker's
 * queue when three quarters of its lease are gone is given back untouched (and, if never sent, unmarked as
 * submitted) rather than called late, when another worker might claim it.
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
    private final Executor executor;

    public ProcessPayments(PaymentStore store, RailRouter router, PaymentFinaliser finaliser, UnitOfWork unitOfWork,
                           Clock clock, Duration lease, RetrySchedule pollSchedule, int batchSize,
                           Duration pendingDeadline) {
        this(store, router, finaliser, unitOfWork, clock, lease, pollSchedule, batchSize, pendingDeadline,
                PaymentObserver.NONE);
    }

    public ProcessPayments(PaymentStore store, RailRouter router, PaymentFinaliser finaliser, UnitOfWork unitOfWork,
                           Clock clock, Duration lease, RetrySchedule pollSchedule, int batchSize,
                           Duration pendingDeadline, PaymentObserver observer) {
        this(store, router, finaliser, unitOfWork, clock, lease, pollSchedule, batchSize, pendingDeadline, observer,
                Runnable::run);
    }

    /** {@code executor} runs the rail calls and outcomes of a claimed batch (its threads: the settle parallelism). */
    public ProcessPayments(PaymentStore store, RailRouter router, PaymentFinaliser finaliser, UnitOfWork unitOfWork,
                           Clock clock, Duration lease, RetrySchedule pollSchedule, int batchSize,
                           Duration pendingDeadline, PaymentObserver observer, Executor executor) {
        this.executor = executor;
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

    /**
     * Claims one batch of due payments (one statement) and processes them; returns how many were claimed. A look
     * that finishes a payment is written at once, in its own transaction (money may move); the looks that only
     * reschedule are written together when the round ends, in one transaction ({@link PaymentStore#recordLooks}).
     */
    public int runOnce() {
        Instant claimedAt = clock.instant();
        List<PaymentStore.Claim> claims =
                unitOfWork.inTransaction(() -> store.claimDue(claimedAt, lease, worker, batchSize));
        if (claims.isEmpty()) {
            return 0;
        }
        // stop touching a payment once its lease is nearly over: another worker may claim it from then on
        Instant leaseEnd = claimedAt.plus(lease).minus(lease.dividedBy(4));
        List<CompletableFuture<PaymentStore.Look>> running = new ArrayList<>(claims.size());
        for (PaymentStore.Claim claim : claims) {
            running.add(CompletableFuture.supplyAsync(() -> {
                if (clock.instant().isAfter(leaseEnd)) {
                    // not sent, not asked: hand it back as it was so the next claim (any worker's) sends it
                    unitOfWork.run(() -> store.giveBack(claim.payment().id(), worker, !claim.submitted()));
                    return null;
                }
                try (PaymentObserver.Scope ignored = observer.processing(claim.payment())) {
                    return process(claim);
                }
            }, executor));
        }
        // one payment whose final write failed (a database hiccup) does not cost the others their looks
        List<PaymentStore.Look> looks = new ArrayList<>();
        RuntimeException failed = null;
        for (CompletableFuture<PaymentStore.Look> r : running) {
            try {
                PaymentStore.Look look = r.join();
                if (look != null) {
                    looks.add(look);
                }
            } catch (CompletionException e) {
                if (failed == null) {
                    failed = e.getCause() instanceof RuntimeException cause ? cause : e;
                }
            }
        }
        if (!looks.isEmpty()) {
            // in payment order, so that two workers' rounds never wait on each other's rows in a cycle
            looks.sort(Comparator.comparingLong(PaymentStore.Look::paymentId));
            unitOfWork.run(() -> store.recordLooks(looks, worker));
        }
        if (failed != null) {
            throw failed;
        }
        return claims.size();
    }

    /** Asks the rail; a final answer is written now, any other is returned for the round's write. */
    private PaymentStore.Look process(PaymentStore.Claim claim) {
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
        return apply(p, outcome, !claim.submitted());
    }

    private Instant deadline(Payment p) {
        Instant since = p.times().pendingSince() != null ? p.times().pendingSince() : p.times().createdAt();
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

    /**
     * A final outcome (succeeded, declined) is written now with the lease's release, in one transaction; any other
     * is returned as the {@link PaymentStore.Look} to write: the provider's reference and when to look again.
     */
    PaymentStore.Look apply(Payment p, RailOutcome outcome) {
        return apply(p, outcome, false);
    }

    /**
     * {@code firstSubmission}: this look initiated the payment; a pending one (a card checkout switched to mobile
     * money) then has its provider's reference written with the look.
     */
    PaymentStore.Look apply(Payment p, RailOutcome outcome, boolean firstSubmission) {
        Instant now = clock.instant();
        boolean queued = p.status() == PaymentStatus.QUEUED;
        switch (outcome) {
            case RailOutcome.Submitted s -> {
                // a rail asking to look again "in the past" is looked at after the payments already due
                Instant next = s.checkAgainIn() == null ? null
                        : nextLook(p, now, s.checkAgainIn().isNegative() ? now : now.plus(s.checkAgainIn()));
                if (queued) {
                    return new PaymentStore.Look(p.id(), PaymentStore.Look.Kind.SENT, now, s.providerReference(), next);
                }
                return new PaymentStore.Look(p.id(), PaymentStore.Look.Kind.NOT_YET, now,
                        firstSubmission ? s.providerReference() : null, next);
            }
            case RailOutcome.NoAnswer n -> {
                Instant next = nextLook(p, now, now.plus(pollSchedule.delayAfter(p.outcome().checks() + 1)));
                return new PaymentStore.Look(p.id(), queued ? PaymentStore.Look.Kind.NO_ANSWER
                        : PaymentStore.Look.Kind.NOT_YET, now, null, next);
            }
            case RailOutcome.Succeeded s -> unitOfWork.run(() -> {
                if (!finaliser.succeed(p, now, s.providerReference())) {
                    store.release(p.id(), worker);
                }
            });
            case RailOutcome.Declined d -> unitOfWork.run(() -> {
                if (!finaliser.finish(p.id(), p.status(), PaymentStatus.FAILED, now,
                        d.providerReference(), d.reason() == null ? "declined" : d.reason())) {
                    store.release(p.id(), worker);
                }
            });
        }
        return null;
    }
}
