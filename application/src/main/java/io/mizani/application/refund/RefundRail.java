package io.mizani.application.refund;

import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;

/**
 * Where a refund is carried out: the sandbox provider, or the collection's real rail (Daraja Reversal, MTN refund,
 * Paystack refund). Called by the refund worker outside any transaction. {@link #submit} is called at most once per
 * refund; every later look is a {@link #query}. A timeout, a 5xx or an unreadable answer is
 * {@link RailOutcome.NoAnswer}: the refund stays pending and is looked up again, never guessed failed.
 */
public interface RefundRail {

    RailOutcome submit(Refund refund, Payment collection);

    RailOutcome query(Refund refund, Payment collection);
}
