package io.mizani.domain.statement;

import io.mizani.domain.balance.EntryType;
import io.mizani.domain.common.Money;

import java.time.Instant;
import java.util.Objects;

/**
 * One payment-balance ledger entry as a statement shows it (one CSV row). {@code type} is the ledger's kind of entry
 * ({@link EntryType}: the store's check constraint holds the same set), written as its wire word
 * ({@code collection}, {@code withdrawal_reserve}, {@code refund_release}...).
 */
public record LedgerLine(long entryId, Instant createdAt, EntryType type, Money amount, Money availableAfter,
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
