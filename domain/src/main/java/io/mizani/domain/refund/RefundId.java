package io.mizani.domain.refund;

/** The id of a refund, as the store numbers it; never its refund_reference. */
public record RefundId(long value) {

    public static RefundId of(long value) {
        return new RefundId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
