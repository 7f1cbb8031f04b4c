package io.mizani.application.refund;

import io.mizani.domain.common.Money;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.refund.Refund;
import io.mizani.domain.refund.RefundStatus;
import io.mizani.domain.tenancy.AccountId;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Refunds, the totals of each refunded collection, and the refunds' processing queue (a refund row is its own job,
 * claimed with {@code FOR UPDATE SKIP LOCKED} on a per-refund lease, as payments are). Every method runs inside the
 * caller's transaction; leases and due times are compared with the database's clock.
 */
public interface RefundStore {

    /** A refund to accept: whose, of which collection, the merchant's references, the amount it takes and why. */
    record NewRefund(long accountId, long paymentId, Refund.References references, Money amount, String reason,
                     Instant createdAt) {
    }

    /** Where a page starts: strictly older than this refund. */
    record Cursor(Instant createdAt, long id) {
    }

    /** A claimed refund; {@code submitted}: an earlier claim already sent it to the provider (only look it up). */
    record Claim(Refund refund, boolean submitted, int checks) {
    }

    boolean referenceTaken(long accountId, String refundReference);

    /**
     * The collection's refund totals row, created when absent and locked ({@code FOR UPDATE}) until the caller's
     * transaction ends: answers what its refunds that are not failed hold. Concurrent refunds of one collection are
     * judged one after another on this lock.
     */
    Money lockHeld(AccountId accountId, PaymentId paymentId, Money collected);

    /**
     * Inserts the refund {@code pending}, due for processing now, and adds its amount to the collection's held total;
     * empty when the account used the refund_reference already (nothing written then).
     */
    Optional<Refund> insert(NewRefund refund);

    Optional<Refund> find(long accountId, String refundReference);

    Optional<Refund> findById(long id);

    /** The account's refunds (of one collection when {@code paymentId} is not null), newest first. */
    List<Refund> page(AccountId accountId, PaymentId paymentId, Cursor after, int limit);

    Optional<Cursor> cursorOf(long accountId, String refundReference);

    /** Claims up to {@code limit} due pending refunds, each for {@code worker} alone for {@code lease}. */
    List<Claim> claimDue(Duration lease, String worker, int limit);

    /**
     * Moves a pending refund to a final status (one conditional update; the database refuses any other move) and its
     * collection's totals with it: failed gives its amount back to the refundable, succeeded adds it to refunded.
     * Empty when the refund was no longer pending.
     */
    Optional<Refund> finish(long id, RefundStatus to, String providerReference, String failureReason, Instant at);

    /**
     * A look that did not finish the refund: keeps the provider's reference (when given), counts the check, sets the
     * next look {@code in} from now (null: none until something wakes it) and gives the lease back.
     */
    void reschedule(long id, String providerReference, Duration in, String worker);

    /**
     * Makes the collection's pending refunds due now (a provider's notification named it); answers how many. A refund
     * a worker holds keeps its lease: the worker is looking at it already.
     */
    int nudgePending(long paymentId);
}
