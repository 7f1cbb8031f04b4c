package io.mizani.adapter.provider.payment;

import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.Payment;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The card rail: the service's own hosted checkout page is the "provider". Initiation only opens the checkout (the
 * payment goes pending); the verdict comes from the payer on the page, not from polling. The payment worker looks
 * at the payment again when its checkout expires ({@code MIZANI_CHECKOUT_TTL} after acceptance) and fails it with
 * {@code checkout expired}: the expiry is a durable job claimed like any other ({@code FOR UPDATE SKIP LOCKED}),
 * not something that only happens when the payer reopens the page.
 */
public final class HostedCardRail implements PaymentRail {

    private final Duration ttl;
    private final Clock clock;

    public HostedCardRail(Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
    }

    @Override
    public RailOutcome initiate(Payment payment) {
        return check(payment);
    }

    @Override
    public RailOutcome query(Payment payment) {
        return check(payment);
    }

    private RailOutcome check(Payment payment) {
        String reference = "card_" + payment.reference().value();
        Instant now = clock.instant();
        if (HostedCheckout.expired(payment.times().createdAt(), ttl, now)) {
            return new RailOutcome.Declined(reference, HostedCheckout.CHECKOUT_EXPIRED);
        }
        return new RailOutcome.Submitted(reference,
                Duration.between(now, HostedCheckout.expiresAt(payment.times().createdAt(), ttl)));
    }
}
