package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Payments and their processing queue (the payment row is its own job: {@code next_check_at} says when a
 * worker should look at it next; null means nobody needs to).
 */
public interface PaymentStore {

    boolean merchantReferenceTaken(long accountId, String merchantReference);

    /** Inserts the payment (id, timestamps assigned by the store) with a check due at {@code nextCheckAt}. */
    Payment insert(Payment payment, Instant nextCheckAt);

    Optional<Payment> findByMerchantReference(long accountId, String merchantReference);

    Optional<Payment> findById(long id);

    /** Locks the payment row ({@code FOR UPDATE}) inside the caller's transaction. */
    Optional<Payment> lockByCheckoutToken(String token);

    /** Locks the provider's payment submitted under this provider reference, inside the caller's transaction. */
    Optional<Payment> lockByProviderReference(String provider, String providerReference);

    /**
     * Claims up to {@code limit} payments whose check is due ({@code FOR UPDATE SKIP LOCKED}) and pushes their
     * next check {@code lease} into the future, so that a worker that dies mid-call hands them back.
     */
    List<Payment> claimDue(Instant now, Duration lease, int limit);

    /**
     * Moves the payment from {@code from} to {@code to} if it is still in {@code from} (one conditional update).
     * Returns false when another worker or the checkout page got there first.
     */
    boolean transition(long id, PaymentStatus from, PaymentStatus to, Instant now, String providerReference,
                       String failureReason, Instant nextCheckAt);

    /**
     * Brings the next provider query of a pending payment forward to {@code now} when it is due later than
     * {@code now + slack} (the merchant asked for its status). No effect on other states.
     */
    void nudge(long id, Instant now, java.time.Duration slack);

    /** Sets when the payment is looked at next (null: no check) and counts the check. */
    void scheduleCheck(long id, Instant nextCheckAt, boolean countCheck);
}
