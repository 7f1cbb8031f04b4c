package io.mizani.domain.statement;

import io.mizani.domain.common.Money;

import java.time.Instant;
import java.util.Objects;

/**
 * One payment-balance ledger entry as a statement shows it (one CSV row). {@code type} is the ledger's own word
 * ({@code collection}, {@code withdrawal_reserve}, {@code refund_release}...), kept as text so that a statement
 * lists every kind of entry the ledger holds, also kinds added after this class was written.
 */
public record LedgerLine(long entryId, Instant createdAt, String type, Money amount, Money availableAfter,
                         References references, String description) {

    /** The service's reference of the movement's transaction and the merchant's own; either may be null. */
    public record References(String transaction, String merchant) {
    }

    public LedgerLine {
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(availableAfter, "availableAfter");
        Objects.requireNonNull(references, "references");
    }
}
