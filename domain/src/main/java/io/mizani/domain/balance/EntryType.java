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
    REFUND_RELEASE("refund_release"),
    /**
     * A large payout batch's total (amounts and fees, per currency) held at its approval as one reservation; moved to
     * its items' own {@code withdrawal_reserve} entries when they are materialised (docs/payouts.md).
     */
    PAYOUT_BATCH_RESERVE("payout_batch_reserve"),
    /** The batch reservation given back at materialisation, in the transaction that reserves each item instead. */
    PAYOUT_BATCH_RELEASE("payout_batch_release");

    private final String wire;

    EntryType(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    /**
     * Whether the entry is a line of the merchant's ledger (the entries page, statements, the API document's enum):
     * every type but a payout batch's own two, which net to zero once its items are stored (docs/statements.md).
     */
    public boolean merchantLine() {
        return this != PAYOUT_BATCH_RESERVE && this != PAYOUT_BATCH_RELEASE;
    }

    public static Optional<EntryType> parse(String value) {
        return WireName.find(EntryType.class, value);
    }
}
