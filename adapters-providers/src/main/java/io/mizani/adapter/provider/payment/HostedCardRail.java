package io.mizani.adapter.provider.payment;

import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.Payment;

/**
 * The card rail of the sandbox: the service's own hosted checkout page is the "provider". Initiation only
 * opens the checkout (the payment goes pending); the verdict comes from the payer on the page, not from polling.
 */
public final class HostedCardRail implements PaymentRail {

    @Override
    public RailOutcome initiate(Payment payment) {
        return new RailOutcome.Submitted("card_" + payment.reference(), null);
    }

    @Override
    public RailOutcome query(Payment payment) {
        return new RailOutcome.Submitted(payment.providerReference(), null);
    }
}
