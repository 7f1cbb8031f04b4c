package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;

/**
 * A payment rail (sandbox, M-Pesa Daraja, hosted card checkout...). Called by the workers outside any database
 * transaction. Implementations must answer within the provider timeout and turn a slow or broken provider into
 * {@link RailOutcome.NoAnswer}, never into a decline. {@link #initiate} must be safe to repeat for the same
 * payment (a worker that died after the call hands it to another one): key the provider request on
 * {@link Payment#reference()}.
 */
public interface PaymentRail {

    RailOutcome initiate(Payment payment);

    RailOutcome query(Payment payment);
}
