package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;

/** Which rail implementation carries a payment (by provider and mode). */
@FunctionalInterface
public interface RailRouter {

    PaymentRail railFor(Payment payment);
}
