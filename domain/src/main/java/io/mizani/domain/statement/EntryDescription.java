package io.mizani.domain.statement;

import io.mizani.domain.balance.EntryType;
import io.mizani.domain.common.Money;

/**
 * The {@code description} column of a statement: a short sentence an accountant can read beside the amount. Built
 * from what the ledger knows about the movement: the entry type, the transaction's provider and its fee, and for an
 * operator adjustment its reference and reason. A refund's entries read as their own words ({@code refund_reserve} →
 * "refund reserve via mpesa_ke").
 */
public final class EntryDescription {

    /** What the ledger knows about one entry; any part but the type may be null. */
    public record Facts(EntryType type, String provider, Money fee, String adjustmentReference, String reason) {
    }

    private EntryDescription() {
    }

    public static String of(Facts f) {
        String via = f.provider() == null ? "" : " via " + f.provider();
        return switch (f.type()) {
            case COLLECTION -> "collection" + via + (f.fee() == null ? "" : ", net of fee " + f.fee().twoDecimals());
            case WITHDRAWAL_RESERVE -> "withdrawal" + via + ": amount"
                    + (f.fee() == null ? "" : " and fee " + f.fee().twoDecimals()) + " reserved";
            case WITHDRAWAL_RELEASE -> "withdrawal" + via + " failed: reservation released";
            case ADJUSTMENT -> "adjustment" + (f.adjustmentReference() == null ? "" : " " + f.adjustmentReference())
                    + (f.reason() == null || f.reason().isBlank() ? "" : ": " + f.reason());
            case REFUND_RESERVE, REFUND_RELEASE -> f.type().wire().replace('_', ' ') + via;
            case PAYOUT_BATCH_RESERVE -> "payout batch: amounts and fees of its items reserved";
            case PAYOUT_BATCH_RELEASE -> "payout batch: reservation moved to its items' withdrawals";
        };
    }
}
