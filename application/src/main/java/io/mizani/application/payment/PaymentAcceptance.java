package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;

import java.util.Map;

/**
 * The acceptance answer (service-api.md "Payment acceptance response"). {@code checkoutToken} is turned into
 * {@code checkout_url} by the REST adapter, which knows the service's public address.
 */
public record PaymentAcceptance(
        Payment payment,
        String statusCode,
        String merchantReference,
        String transactionType,
        boolean success,
        String message,
        String checkoutRequestId,
        String gateway,
        String conversationId,
        Map<String, Object> providerResponse,
        String manualPayment,
        Map<String, String> bankInfo,
        Map<String, Object> providerExtra,
        String checkoutToken) {
}
