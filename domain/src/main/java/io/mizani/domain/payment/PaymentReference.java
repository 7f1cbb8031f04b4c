package io.mizani.domain.payment;

import java.util.Objects;

/**
 * The service's own reference of a payment ({@code MZP} + 20 characters), distinct by type from the merchant's
 * {@code payment_config.reference} so the two cannot trade places.
 */
public record PaymentReference(String value) {

    public PaymentReference {
        Objects.requireNonNull(value, "value");
    }

    public static PaymentReference of(String value) {
        return new PaymentReference(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
