package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * The acceptance answer (service-api.md "Payment acceptance response"): the accepted {@link Payment}, what the
 * provider side reports ({@code providerResponse}) and what the payer is told to do ({@link PayerGuidance}). Every
 * other field of the answer is derived from the payment here, in one place. {@link #checkoutToken} is turned into
 * {@code checkout_url} by the REST adapter, which knows the service's public address.
 */
public record PaymentAcceptance(Payment payment, Map<String, Object> providerResponse, PayerGuidance guidance) {

    public static final String STATUS_CODE = "200";
    public static final String MESSAGE = "Transaction accepted and queued for processing";

    /**
     * What the payer must (or need not) do: {@code manualPayment} in words, {@code bankInfo} for a bank payment,
     * {@code providerExtra} (instructions) for a mobile-money collection; each null where it does not apply.
     */
    public record PayerGuidance(String manualPayment, Map<String, String> bankInfo, Map<String, Object> providerExtra) {

        public static final PayerGuidance NONE = new PayerGuidance(null, null, null);
    }

    public PaymentAcceptance {
        Objects.requireNonNull(payment, "payment");
        guidance = guidance == null ? PayerGuidance.NONE : guidance;
    }

    public String statusCode() {
        return STATUS_CODE;
    }

    public boolean success() {
        return true;
    }

    public String message() {
        return MESSAGE;
    }

    public String merchantReference() {
        return payment.references().merchantReference();
    }

    public String transactionType() {
        return payment.routing().requestType().transactionType();
    }

    /** The service's reference answers as the checkout request id. */
    public String checkoutRequestId() {
        return payment.reference().value();
    }

    public String gateway() {
        return payment.routing().provider();
    }

    /** A stable id derived from the reference (the same payment always answers the same conversation id). */
    public String conversationId() {
        return UUID.nameUUIDFromBytes(payment.reference().value().getBytes(StandardCharsets.UTF_8)).toString();
    }

    public String checkoutToken() {
        return payment.references().checkoutToken();
    }
}
