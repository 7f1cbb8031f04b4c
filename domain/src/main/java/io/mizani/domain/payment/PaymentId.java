package io.mizani.domain.payment;

/** The id of a payment (a collection or a withdrawal), as the store numbers it; never its service reference. */
public record PaymentId(long value) {

    public static PaymentId of(long value) {
        return new PaymentId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
