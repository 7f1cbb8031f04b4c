package io.mizani.domain.balance;

import java.util.Optional;

/** The kinds of payment-balance ledger entries (platform.md section 9). */
public enum EntryType {
    COLLECTION("collection"),
    WITHDRAWAL_RESERVE("withdrawal_reserve"),
    WITHDRAWAL_RELEASE("withdrawal_release"),
    ADJUSTMENT("adjustment");

    private final String wire;

    EntryType(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<EntryType> parse(String value) {
        for (EntryType t : values()) {
            if (t.wire.equals(value)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
