package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;

/**
 * A payment rail (sandbox, M-Pesa Daraja, hosted card checkout...). Called by the workers outside any database
 * transaction. Implementations must answer within the provider timeout and turn a slow or broken provider into
 * {@link RailOutcome.NoAnswer}, never into a decline. {@link #initiate} is called at most once per payment: once a
 * worker has claimed a payment for submission, every later look at it (its answer was lost, the worker died) is a
 * {@link #query}, so a query must cope with a payment the provider never heard of or whose provider reference is
 * unknown (key the provider request on {@link Payment#reference()} where the provider allows it).
 */
public interface PaymentRail {

    RailOutcome initiate(Payment payment);

    RailOutcome query(Payment payment);

    /**
     * The provider's authoritative status lookup, asked once a payment has been {@code pending} past the pending
     * deadline ({@code MIZANI_PAYMENT_PENDING_DEADLINE}) without a verdict. By default the ordinary query.
     */
    default RailOutcome resolveOverdue(Payment payment) {
        return query(payment);
    }
}
