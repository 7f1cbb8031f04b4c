package io.mizani.application.events;

import java.util.List;
import java.util.Set;

/** Every event type the service sends (platform.md section 10). */
public final class EventTypes {

    public static final String TRANSACTION_SUCCEEDED = "transaction.succeeded";
    public static final String TRANSACTION_FAILED = "transaction.failed";
    public static final String ACCOUNT_KYC_APPROVED = "account_kyc.approved";
    public static final String ACCOUNT_KYC_REJECTED = "account_kyc.rejected";
    public static final String BALANCE_ADJUSTED = "balance.adjusted";
    public static final String WEBHOOK_TEST = "webhook.test";
    public static final String REFUND_SUCCEEDED = "refund.succeeded";
    public static final String REFUND_FAILED = "refund.failed";
    public static final String STATEMENT_COMPLETED = "statement.completed";
    /** Every item of a payout batch is final (platform.md section 16); data {@code {batch}}. */
    public static final String PAYOUT_BATCH_COMPLETED = "payout_batch.completed";
    /** A beneficiary is a potential match of a screening list (platform.md section 20); data {@code {beneficiary_uuid, hits}}. */
    public static final String SCREENING_HIT = "screening.hit";

    /** In the order the contract lists them. */
    public static final List<String> ALL = List.of(TRANSACTION_SUCCEEDED, TRANSACTION_FAILED, ACCOUNT_KYC_APPROVED,
            ACCOUNT_KYC_REJECTED, BALANCE_ADJUSTED, WEBHOOK_TEST, REFUND_SUCCEEDED, REFUND_FAILED, PAYOUT_BATCH_COMPLETED,
            STATEMENT_COMPLETED, SCREENING_HIT);

    /**
     * Types delivered to the transaction's callback_url (a refund's: its collection's); every other type goes to the
     * merchant's endpoint.
     */
    public static final Set<String> TO_CALLBACK_URL = Set.of(TRANSACTION_SUCCEEDED, TRANSACTION_FAILED, REFUND_SUCCEEDED,
            REFUND_FAILED);

    private EventTypes() {
    }

    public static boolean known(String type) {
        return ALL.contains(type);
    }
}
