package io.mizani.application.payment;

/**
 * Input port: a merchant starts a payment or a withdrawal (POST /api/global/payments). Answers the acceptance, or
 * refuses with a {@link io.mizani.domain.error.DomainError} in the contract's order.
 */
public interface StartPayment {

    PaymentAcceptance start(StartPaymentCommand command);
}
