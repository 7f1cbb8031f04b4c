package io.mizani.domain.statement;

import io.mizani.domain.common.Money;

/**
 * The {@code description} column of a statement: a short sentence an accountant can read beside the amount. Built
 * from what the ledger knows about the movement: the entry type, the transaction's provider and its fee, and for an
 * operator adjustment its reference and reason. A type this class does not know (a kind of entry added later) reads
 * as its own words ({@code refund_reserve} → "refund reserve via mpesa_ke").
 */
public final class EntryDescription {

    /** What the ledger knows about one entry; any part but the type may be null. */
    public record Facts(String type, String provider, Money fee, String adjustmentReference, String reason) {
    }

    private EntryDescription() {
    }

    public static String of(Facts f) {
        String via = f.provider() == null ? "" : " via " + f.provider();
        return switch (f.type()) {
            case "collection" -> "collection" + via + (f.fee() == null ? "" : ", net of fee " + f.fee().twoDecimals());
            case "withdrawal_reserve" -> "withdrawal" + via + ": amount"
                    + (f.fee() == null ? "" : " and fee " + f.fee().twoDecimals()) + " reserved";
            case "withdrawal_release" -> "withdrawal" + via + " failed: reservation released";
            case "adjustment" -> "adjustment" + (f.adjustmentReference() == null ? "" : " " + f.adjustmentReference())
                    + (f.reason() == null || f.reason().isBlank() ? "" : ": " + f.reason());
            default -> f.type().replace('_', ' ') + via;
        };
    }
}
