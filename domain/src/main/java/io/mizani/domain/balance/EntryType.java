package io.mizani.domain.balance;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** The kinds of payment-balance ledger entries (platform.md sections 9 and 15). */
public enum EntryType implements WireName {
    COLLECTION("collection"),
    WITHDRAWAL_RESERVE("withdrawal_reserve"),
    WITHDRAWAL_RELEASE("withdrawal_release"),
    ADJUSTMENT("adjustment"),
    /** A refund's amount held at its acceptance (platform.md section 15); a succeeded refund consumes it. */
    REFUND_RESERVE("refund_reserve"),
    /** A failed refund's hold given back. */
    REFUND_RELEASE("refund_release");

    private final String wire;

    EntryType(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<EntryType> parse(String value) {
        return WireName.find(EntryType.class, value);
    }
}
