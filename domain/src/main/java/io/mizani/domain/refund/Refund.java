package io.mizani.domain.refund;

import io.mizani.domain.common.Money;

import java.time.Instant;
import java.util.Objects;

/**
 * A refund against a succeeded collection, built from named parts: who and what it belongs to ({@link Ids}), the
 * merchant's references ({@link References}), the amount and reason, where it stands ({@link Outcome}) and when
 * ({@link Times}).
 */
public record Refund(Ids ids, References references, Money amount, String reason, Outcome outcome, Times times) {

    /** The refund's row id, the merchant (account) and the collection (payment row) it refunds. */
    public record Ids(long id, long accountId, long paymentId) {
    }

    /** The merchant's refund_reference and the collection's merchant_reference. */
    public record References(String refundReference, String merchantReference) {
        public References {
            Objects.requireNonNull(refundReference, "refundReference");
            Objects.requireNonNull(merchantReference, "merchantReference");
        }
    }

    public record Outcome(RefundStatus status, String failureReason, String providerReference) {
        public Outcome {
            Objects.requireNonNull(status, "status");
        }
    }

    public record Times(Instant createdAt, Instant updatedAt, Instant completedAt) {
    }

    public Refund {
        Objects.requireNonNull(ids, "ids");
        Objects.requireNonNull(references, "references");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(times, "times");
    }

    public RefundStatus status() {
        return outcome.status();
    }

    public String refundReference() {
        return references.refundReference();
    }

    public long id() {
        return ids.id();
    }
}
