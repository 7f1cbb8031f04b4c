package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payment.RetrySchedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;

/**
 * The payment worker. A round takes the payments it kept for a next look now due and the new payments this replica's
 * acceptance handed over, both already leased to this worker ({@link PaymentHandOff}), at most three quarters of a
 * batch, then claims up to the rest of the batch of due payments in one statement
 * ({@code FOR UPDATE SKIP LOCKED}, round-robin by merchant: {@link PaymentStore#claimDue}), each for this worker's own
 * short per-payment lease ({@code claimed_until}), and starts them in that order; the rail is called outside
 * any transaction, for several payments at once on the worker's executor (the settle parallelism). A final
 * outcome and the release of its lease are written as soon as it is in, by the settle thread that brought it or,
 * when {@link #FINAL_WRITERS} threads are writing already, by the next of them with every answer that piled up
 * meanwhile: the succeeded collections among those share one transaction, every other final outcome has one of its
 * own ({@link FinalWrites}, {@link #writeFinals}); a slow call holds back no other payment's final write. The
 * outcomes that only reschedule (sent, not yet, no answer) are written together with their releases when the round's
 * calls are done, in one transaction for the round; one whose next look is soon keeps its lease instead and is kept
 * for that look ({@link #writeLooks}). So another replica never calls a provider about a payment still being worked
 * on; a worker that dies before the round's write leaves its payments to their leases, and they are then only
 * queried. A claimed payment still waiting in this worker's queue when three quarters of its lease are gone is given
 * back untouched (and, if never sent, unmarked as submitted) rather than called late, when another worker might claim
 * it.
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
    private volatile String worker = PaymentHandOff.newWorker();
    private final Executor executor;
    private volatile PaymentHandOff handOff = PaymentHandOff.OFF;

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

    /**
     * Takes the new payments acceptance on this replica hands over ({@link PaymentHandOff}), leased to the hand-off's
     * worker, which this worker becomes: set once by the wiring, before the worker runs.
     */
    public ProcessPayments withHandOff(PaymentHandOff handOff) {
        this.handOff = handOff;
        if (handOff != PaymentHandOff.OFF) {
            this.worker = handOff.worker();
        }
        return this;
    }

    /** Where acceptance hands this worker its new payments ({@link PaymentHandOff#OFF} unless {@link #withHandOff}). */
    public PaymentHandOff handOff() {
        return handOff;
    }

    /** This worker's identity in {@code claimed_by}. */
    public String worker() {
        return worker;
    }

    /**
     * Takes the payments handed over and claims the rest of a batch of due payments (one statement), and processes
     * them; returns how many it held. The final outcomes are written as they come in, those that pile up while others
     * are written together ({@link FinalWrites}); the looks that only reschedule are written together when the round
     * ends, in one transaction ({@link PaymentStore#recordLooks}).
     */
    public int runOnce() {
        // the payments this worker kept for their next look and are due by now (the soonest first), then the new ones
        // this replica's acceptance handed over (already leased to this worker): at most three quarters of a round
        // together, so that the claim always has room for the payments due from elsewhere and for other merchants'
        List<Held> held = new ArrayList<>();
        Duration margin = lease.dividedBy(4);
        int inMemory = Math.max(1, batchSize - batchSize / 4);
        for (PaymentHandOff.Kept k : handOff.takeDue(clock.instant(), inMemory)) {
            held.add(new Held(new PaymentStore.Claim(k.payment(), true), k.leaseEnd().minus(margin)));
        }
        for (PaymentHandOff.Handed h : handOff.take(inMemory - held.size())) {
            held.add(new Held(new PaymentStore.Claim(h.payment(), false), h.leaseEnd().minus(margin)));
        }
        int room = batchSize - held.size();
        if (room > 0) {
            Instant claimedAt = clock.instant();
            // stop touching a payment once its lease is nearly over: another worker may claim it from then on
            Instant leaseEnd = claimedAt.plus(lease).minus(margin);
            for (PaymentStore.Claim c : unitOfWork.inTransaction(() -> store.claimDue(claimedAt, lease, worker, room))) {
                held.add(new Held(c, leaseEnd));
            }
        }
        if (held.isEmpty()) {
            return 0;
        }
        // each claimed payment's call posts exactly one step here when it is done (a final answer written by then,
        // or left to a writer at work)
        BlockingQueue<Step> done = new LinkedBlockingQueue<>();
        FinalWrites finals = new FinalWrites();
        int left = 0;
        RuntimeException failed = null;
        for (Held one : held) {
            PaymentStore.Claim claim = one.claim();
            try {
                executor.execute(() -> {
                    Step step = null;
                    try {
                        step = step(claim, one.stopBy());
                        if (step instanceof Step.Finished f) {
                            finals.offer(f.answer());
                        }
                    } finally {
                        // posted even when the processing ended in an Error, so the round never waits for it forever
                        done.add(step != null ? step : new Step.Failed(new IllegalStateException(
                                "payment " + claim.payment().id() + ": its processing ended abruptly")));
                    }
                });
                left++;
            } catch (RejectedExecutionException e) {
                failed = failed == null ? e : failed; // the replica is stopping: the payment's lease hands it over
            }
        }
        // one payment whose final write failed (a database hiccup) does not cost the others their outcomes
        List<Step.Rescheduled> looks = new ArrayList<>();
        for (; left > 0; left--) {
            switch (next(done)) {
                case Step.Rescheduled r -> looks.add(r);
                case Step.Failed f -> failed = failed == null ? f.cause() : failed;
                case Step.Finished f -> { } // written, or with a writer at work: finish() waits for it
                case Step.GivenBack g -> { }
            }
        }
        RuntimeException notWritten = finals.finish();
        failed = failed == null ? notWritten : failed;
        if (!looks.isEmpty()) {
            writeLooks(looks);
        }
        if (failed != null) {
            throw failed;
        }
        return held.size();
    }

    /**
     * For a replica that is stopping, once its worker's rounds have stopped: the payments kept for a next look and
     * those handed over and not yet taken are given back (their leases ended, a handed one no longer marked
     * submitted), so that any replica's worker takes them at once instead of when their leases end. Returns how many.
     */
    public int giveBackWaiting() {
        int given = 0;
        for (PaymentHandOff.Kept k : handOff.takeDue(Instant.MAX, Integer.MAX_VALUE)) {
            unitOfWork.run(() -> store.giveBack(k.payment().id(), worker, false));
            given++;
        }
        for (PaymentHandOff.Handed h : handOff.take(Integer.MAX_VALUE)) {
            unitOfWork.run(() -> store.giveBack(h.payment().id(), worker, true));
            given++;
        }
        return given;
    }

    /**
     * Writes the round's looks in one transaction, in payment order (so that two workers' rounds never wait on each
     * other's rows in a cycle), and keeps for this worker those whose next look is soon
     * ({@link PaymentHandOff#keeps}): written with the lease kept to that time plus a lease, and handed back to this
     * worker once committed, so that no claim is written to ask about them.
     */
    private void writeLooks(List<Step.Rescheduled> rescheduled) {
        rescheduled.sort(Comparator.comparingLong(r -> r.look().paymentId()));
        List<PaymentStore.Look> looks = rescheduled.stream().map(Step.Rescheduled::look).toList();
        Set<Long> keep = new HashSet<>();
        for (PaymentStore.Look l : looks) {
            if (l.kind() != PaymentStore.Look.Kind.NO_ANSWER && handOff.keeps(l.at(), l.nextCheckAt(), keep.size())) {
                keep.add(l.paymentId());
            }
        }
        PaymentStore.KeepLeases asked = keep.isEmpty() ? PaymentStore.KeepLeases.NONE
                : new PaymentStore.KeepLeases(keep, lease);
        Set<Long> kept = unitOfWork.inTransaction(() -> store.recordLooks(looks, worker, asked));
        for (Step.Rescheduled r : rescheduled) {
            PaymentStore.Look l = r.look();
            if (kept.contains(l.paymentId())) {
                handOff.keep(lookedAt(r.payment(), l), l.nextCheckAt(), l.nextCheckAt().plus(lease));
            }
        }
    }

    /**
     * The payment as its look left the row, for the worker that kept it: sent, it is pending since the look with the
     * provider's reference; not yet, one more check counted (and the reference of a first submission written).
     */
    static Payment lookedAt(Payment p, PaymentStore.Look l) {
        Payment.Outcome was = p.outcome();
        String reference = l.providerReference() != null ? l.providerReference() : was.providerReference();
        return switch (l.kind()) {
            case SENT -> p.progressed(
                    new Payment.Outcome(PaymentStatus.PENDING, was.failureReason(), reference, was.checks()),
                    new Payment.Timestamps(p.times().createdAt(), l.at(), l.at(), p.times().completedAt()));
            case NOT_YET -> p.progressed(
                    new Payment.Outcome(was.status(), was.failureReason(), reference, was.checks() + 1), p.times());
            case NO_ANSWER -> throw new IllegalArgumentException("a look without an answer is never kept");
        };
    }

    /** A payment this worker holds for the round, and when to stop touching it (three quarters of its lease). */
    private record Held(PaymentStore.Claim claim, Instant stopBy) {
    }

    /** What processing one claimed payment left for the round to write. */
    private sealed interface Step {
        /** Sent or asked about, not final: written with the round's looks. */
        record Rescheduled(PaymentStore.Look look, Payment payment) implements Step {
        }

        /** A final answer, offered to the round's {@link FinalWrites} by the thread that brought it. */
        record Finished(Final answer) implements Step {
        }

        /** Not sent, not asked: its lease was nearly over, and it was handed back as it was. */
        record GivenBack() implements Step {
        }

        record Failed(RuntimeException cause) implements Step {
        }
    }

    /**
     * Threads of a round writing final answers at once (each in its own transaction, {@link FinalWrites}). Measured
     * with bench/perf.sh's unpaced burst and bench/payment-life.sh (docs/performance.md): 8 (as many as the settle
     * threads) left nothing to pile up, 2.4 transactions per payment as before; 2 drained a burst's backlog at
     * 1,050-1,250/s against 1,240/s; 4 at 1,216/s, with 1.32 transactions per payment.
     */
    public static final int FINAL_WRITERS = 4;

    /**
     * The final answers of one round on their way to the database: a group commit. The settle thread that brings an
     * answer writes it at once, with every answer waiting at that moment, unless {@link #FINAL_WRITERS} threads are
     * writing already; then it leaves its answer to them, and the next of them to finish a write takes all that piled
     * up meanwhile ({@link #writeFinals}: the succeeded collections among them in one transaction). So answers that
     * come in one at a time are written one at a time, as soon as they are in, those that come in faster than that are
     * written together, and no thread waits for another's write. (The round's thread as the one writer wrote fewer
     * transactions but drained a burst's backlog more slowly: docs/performance.md, "the final writes shared".)
     */
    private final class FinalWrites {
        private final Queue<Final> waiting = new ConcurrentLinkedQueue<>();
        private final Semaphore writers = new Semaphore(FINAL_WRITERS);
        private final Queue<RuntimeException> failures = new ConcurrentLinkedQueue<>();

        void offer(Final answer) {
            waiting.add(answer);
            // a writer looks again once it has let go: an answer left by a thread that found every writer busy is taken
            while (!waiting.isEmpty() && writers.tryAcquire()) {
                try {
                    writeWaiting();
                } finally {
                    writers.release();
                }
            }
        }

        private void writeWaiting() {
            List<Final> batch = new ArrayList<>();
            for (Final f = waiting.poll(); f != null; f = waiting.poll()) {
                batch.add(f);
            }
            if (!batch.isEmpty()) {
                RuntimeException failed = writeFinals(batch);
                if (failed != null) {
                    failures.add(failed);
                }
            }
        }

        /** Once every call of the round is done: waits for the writers at work, writes what is left, says what failed. */
        RuntimeException finish() {
            writers.acquireUninterruptibly(FINAL_WRITERS);
            try {
                writeWaiting();
            } finally {
                writers.release(FINAL_WRITERS);
            }
            return failures.peek();
        }
    }

    /** A provider's final answer about a claimed payment, {@code at} when it came. */
    private record Final(Payment payment, RailOutcome outcome, Instant at) {
    }

    /** One claimed payment, on the executor: its rail call; never throws (a failure is a step too). */
    private Step step(PaymentStore.Claim claim, Instant leaseEnd) {
        try {
            if (clock.instant().isAfter(leaseEnd)) {
                // not sent, not asked: hand it back as it was so the next claim (any worker's) sends it
                unitOfWork.run(() -> store.giveBack(claim.payment().id(), worker, !claim.submitted()));
                return new Step.GivenBack();
            }
            try (PaymentObserver.Scope ignored = observer.processing(claim.payment())) {
                return process(claim);
            }
        } catch (RuntimeException e) {
            return new Step.Failed(e);
        }
    }

    /** The next step posted; waits as {@code join} would, keeping an interrupt for the caller. */
    private static Step next(BlockingQueue<Step> done) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return done.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Writes final answers that piled up together. The succeeded collections among them share one transaction,
     * in merchant then payment order ({@link #sharesTransaction}): one commit instead of one each (a write
     * transaction's BEGIN and COMMIT cost PostgreSQL about 60 us, bench/levers.sh). Should that transaction fail,
     * each is written on its own, so that one that cannot be written does not cost the others theirs. Every other
     * final answer is written in a transaction of its own, as it always was. Returns the first failure, if any.
     */
    private RuntimeException writeFinals(List<Final> finals) {
        List<Final> shared = finals.stream().filter(ProcessPayments::sharesTransaction)
                .sorted(Comparator.comparingLong((Final f) -> f.payment().accountId().value())
                        .thenComparingLong(f -> f.payment().id()))
                .toList();
        List<Final> alone = new ArrayList<>(finals.stream().filter(f -> !sharesTransaction(f)).toList());
        if (shared.size() > 1) {
            try {
                unitOfWork.run(() -> shared.forEach(this::writeFinal));
            } catch (RuntimeException e) {
                alone.addAll(shared); // rolled back whole: each again, on its own
            }
        } else {
            alone.addAll(shared);
        }
        RuntimeException failed = null;
        for (Final f : alone) {
            try {
                unitOfWork.run(() -> writeFinal(f));
            } catch (RuntimeException e) {
                failed = failed == null ? e : failed;
            }
        }
        return failed;
    }

    /**
     * Whether a final answer may share its transaction with others: a succeeded collection, whose write takes its own
     * payment's row (claimed by this worker), a balance slot by {@code SKIP LOCKED} (one the transaction already holds
     * is never skipped, so a second credit of the same merchant does not wait), and inserts its ledger entry and its
     * callback. It touches no beneficiary, tier-limit count, reservation or payout batch, whose locks have an order of
     * their own (docs/architecture.md "Lock order"): a failure or a withdrawal is written alone.
     */
    static boolean sharesTransaction(Final f) {
        return f.outcome() instanceof RailOutcome.Succeeded
                && f.payment().routing().requestType() == RequestType.PAYMENT;
    }

    /** A final answer's write, in the caller's transaction: the payment final, or only its lease given back. */
    private void writeFinal(Final f) {
        Payment p = f.payment();
        try (PaymentObserver.Scope ignored = observer.processing(p)) {
            boolean moved = switch (f.outcome()) {
                case RailOutcome.Succeeded s -> finaliser.succeed(p, f.at(), s.providerReference());
                case RailOutcome.Declined d -> finaliser.finish(p.id(), p.status(), PaymentStatus.FAILED, f.at(),
                        d.providerReference(), d.reason() == null ? "declined" : d.reason());
                default -> throw new IllegalStateException("not a final answer: " + f.outcome());
            };
            if (!moved) {
                store.release(p.id(), worker); // someone else finished it first: nothing to write but the lease
            }
        }
    }

    /** Asks the rail; says what the answer leaves to write. */
    private Step process(PaymentStore.Claim claim) {
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
     * What an answer leaves to write: a final one (succeeded, declined) as itself, for {@link #writeFinals}; any other
     * as the {@link PaymentStore.Look} to write with the round's: the provider's reference and when to look again.
     * {@code firstSubmission}: this look initiated the payment; a pending one (a card checkout switched to mobile
     * money) then has its provider's reference written with the look.
     */
    private Step apply(Payment p, RailOutcome outcome, boolean firstSubmission) {
        Instant now = clock.instant();
        boolean queued = p.status() == PaymentStatus.QUEUED;
        return switch (outcome) {
            case RailOutcome.Submitted s -> {
                // a rail asking to look again "in the past" is looked at after the payments already due
                Instant next = s.checkAgainIn() == null ? null
                        : nextLook(p, now, s.checkAgainIn().isNegative() ? now : now.plus(s.checkAgainIn()));
                yield new Step.Rescheduled(queued
                        ? new PaymentStore.Look(p.id(), PaymentStore.Look.Kind.SENT, now, s.providerReference(), next)
                        : new PaymentStore.Look(p.id(), PaymentStore.Look.Kind.NOT_YET, now,
                                firstSubmission ? s.providerReference() : null, next), p);
            }
            case RailOutcome.NoAnswer n -> {
                Instant next = nextLook(p, now, now.plus(pollSchedule.delayAfter(p.outcome().checks() + 1)));
                yield new Step.Rescheduled(new PaymentStore.Look(p.id(), queued ? PaymentStore.Look.Kind.NO_ANSWER
                        : PaymentStore.Look.Kind.NOT_YET, now, null, next), p);
            }
            case RailOutcome.Succeeded s -> new Step.Finished(new Final(p, s, now));
            case RailOutcome.Declined d -> new Step.Finished(new Final(p, d, now));
        };
    }
}
