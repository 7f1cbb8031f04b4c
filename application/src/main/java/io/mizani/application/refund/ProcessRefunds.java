package io.mizani.application.refund;

import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.CallbackOutbox;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.payment.Tokens;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.RetrySchedule;
import io.mizani.domain.refund.Refund;
import io.mizani.domain.refund.RefundStatus;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * The refund worker. A round claims a batch of due refunds in one statement ({@code FOR UPDATE SKIP LOCKED}), each
 * on its own lease; the rail is called outside any transaction. The first claim submits the refund, every later one
 * only looks it up. A final answer moves the refund, its collection's totals and the balance (a succeeded refund
 * consumes its reservation, a failed one releases it) and writes its {@code refund.*} event to the outbox, in one
 * transaction. Anything else (the provider took it, is still at it, or did not answer) leaves it pending and it is
 * looked up again later: an unknown outcome is never guessed.
 */
public final class ProcessRefunds {

    private final RefundStore store;
    private final PaymentStore payments;
    private final Function<Payment, RefundRail> router;
    private final Books books;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final Schedule schedule;
    private final String worker = "r_" + UUID.randomUUID();

    /** Where a final refund's money and event go. */
    public record Books(BalanceLedger ledger, CallbackOutbox outbox) {
    }

    /** How long a claim lasts, how many refunds a round claims, and when to look again after no answer. */
    public record Schedule(Duration lease, int batch, RetrySchedule polls) {
    }

    public ProcessRefunds(RefundStore store, PaymentStore payments, Function<Payment, RefundRail> router, Books books,
                          UnitOfWork unitOfWork, Clock clock, Schedule schedule) {
        this.store = store;
        this.payments = payments;
        this.router = router;
        this.books = books;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.schedule = schedule;
    }

    /** Claims one batch and processes it; returns how many were claimed. */
    public int runOnce() {
        List<RefundStore.Claim> claims = unitOfWork.inTransaction(
                () -> store.claimDue(schedule.lease(), worker, schedule.batch()));
        RuntimeException failed = null;
        for (RefundStore.Claim claim : claims) {
            try {
                process(claim);
            } catch (RuntimeException e) {
                // one refund whose write failed (a database hiccup) keeps its lease and is looked at again after it
                if (failed == null) {
                    failed = e;
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
        return claims.size();
    }

    private void process(RefundStore.Claim claim) {
        Refund r = claim.refund();
        Payment collection = unitOfWork.inTransaction(() -> payments.findById(r.ids().paymentId())).orElseThrow();
        RailOutcome outcome;
        try {
            RefundRail rail = router.apply(collection);
            outcome = claim.submitted() ? rail.query(r, collection) : rail.submit(r, collection);
        } catch (RuntimeException e) {
            outcome = new RailOutcome.NoAnswer(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        apply(claim, collection, outcome);
    }

    void apply(RefundStore.Claim claim, Payment collection, RailOutcome outcome) {
        Refund r = claim.refund();
        switch (outcome) {
            case RailOutcome.Succeeded s -> finish(r, collection, RefundStatus.SUCCEEDED, s.providerReference(), null);
            case RailOutcome.Declined d -> finish(r, collection, RefundStatus.FAILED, d.providerReference(),
                    d.reason() == null ? "declined" : d.reason());
            case RailOutcome.Submitted s -> unitOfWork.run(() -> store.reschedule(r.id(), s.providerReference(),
                    s.checkAgainIn() == null ? null : s.checkAgainIn().isNegative() ? Duration.ZERO : s.checkAgainIn(),
                    worker));
            case RailOutcome.NoAnswer n -> unitOfWork.run(() -> store.reschedule(r.id(), null,
                    schedule.polls().delayAfter(claim.checks() + 1), worker));
        }
    }

    /**
     * A provider's verdict about a refund that arrived by itself (Daraja posts a reversal's result to its ResultURL):
     * a final one settles the refund as a worker's would; anything else changes nothing. False when nothing moved
     * (unknown refund, already final, or no verdict).
     */
    public boolean settle(long refundId, RailOutcome outcome) {
        if (!(outcome instanceof RailOutcome.Succeeded) && !(outcome instanceof RailOutcome.Declined)) {
            return false;
        }
        var refund = unitOfWork.inTransaction(() -> store.findById(refundId));
        if (refund.isEmpty() || refund.get().status().isFinal()) {
            return false;
        }
        Refund r = refund.get();
        Payment collection = unitOfWork.inTransaction(() -> payments.findById(r.ids().paymentId())).orElseThrow();
        return switch (outcome) {
            case RailOutcome.Succeeded s -> finish(r, collection, RefundStatus.SUCCEEDED, s.providerReference(), null);
            case RailOutcome.Declined d -> finish(r, collection, RefundStatus.FAILED, d.providerReference(),
                    d.reason() == null ? "declined" : d.reason());
            default -> false;
        };
    }

    private boolean finish(Refund r, Payment collection, RefundStatus to, String providerReference, String failureReason) {
        RefundStatus target = r.status().moveTo(to); // the domain's table first: pending -> succeeded | failed
        Instant now = clock.instant();
        return unitOfWork.inTransaction(() -> {
            var moved = store.finish(r.id(), target, providerReference, failureReason, now);
            if (moved.isEmpty()) {
                return false; // another worker finished it first: its money and event are written once, there
            }
            Refund done = moved.get();
            if (target == RefundStatus.SUCCEEDED) {
                books.ledger().consumeRefund(done.id());
            } else {
                books.ledger().releaseRefund(done.id());
            }
            String type = target == RefundStatus.SUCCEEDED ? RefundView.SUCCEEDED : RefundView.FAILED;
            books.outbox().enqueue(new CallbackOutbox.NewCallback(done.ids().accountId(), done.ids().paymentId(),
                    Tokens.webhookId(), type, collection.instructions().callbackUrl(),
                    RefundView.eventBody(type, now, done), now));
            return true;
        });
    }

    public String worker() {
        return worker;
    }
}
