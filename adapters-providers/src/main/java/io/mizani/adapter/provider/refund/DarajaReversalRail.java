package io.mizani.adapter.provider.refund;

import io.mizani.adapter.provider.payment.DarajaRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.refund.RefundRail;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;

import java.time.Duration;

/**
 * Refunds of {@code mpesa_ke} collections by Daraja Reversal (live mode, Daraja configured): the submission is
 * {@link DarajaRail#reverse}; the verdict arrives on the ResultURL and settles the refund there. A later look never
 * sends the reversal again: it keeps the refund pending and waits for that result (there is no lookup of a lost
 * reversal result yet: such a refund stays pending, never guessed).
 */
public final class DarajaReversalRail implements RefundRail {

    private final DarajaRail daraja;
    private final Duration pollEvery;

    public DarajaReversalRail(DarajaRail daraja, Duration pollEvery) {
        this.daraja = daraja;
        this.pollEvery = pollEvery;
    }

    @Override
    public RailOutcome submit(Refund refund, Payment collection) {
        return daraja.reverse(refund, collection);
    }

    @Override
    public RailOutcome query(Refund refund, Payment collection) {
        return new RailOutcome.Submitted(refund.outcome().providerReference(), pollEvery);
    }
}
