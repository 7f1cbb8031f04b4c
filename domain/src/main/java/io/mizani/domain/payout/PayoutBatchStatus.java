package io.mizani.domain.payout;

import io.mizani.domain.common.WireName;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A payout batch's state machine as an explicit transition table (platform.md section 16):
 * <pre>
 *   awaiting_approval --approved by another owner/admin--> processing
 *   awaiting_approval --cancelled-------------------------> cancelled
 *   processing        --every item final-------------------> completed
 * </pre>
 * {@code completed} and {@code cancelled} are final. Approval and cancellation are judged under the batch's row
 * lock, so of an approval racing a cancellation exactly one moves the batch.
 */
public enum PayoutBatchStatus implements WireName {
    AWAITING_APPROVAL, PROCESSING, COMPLETED, CANCELLED;

    private static final Map<PayoutBatchStatus, Set<PayoutBatchStatus>> NEXT = Map.of(
            AWAITING_APPROVAL, EnumSet.of(PROCESSING, CANCELLED),
            PROCESSING, EnumSet.of(COMPLETED),
            COMPLETED, EnumSet.noneOf(PayoutBatchStatus.class),
            CANCELLED, EnumSet.noneOf(PayoutBatchStatus.class));

    public boolean canMoveTo(PayoutBatchStatus to) {
        return NEXT.get(this).contains(to);
    }

    public boolean isFinal() {
        return NEXT.get(this).isEmpty();
    }

    /** Approved already: the items are withdrawals (processing or completed). */
    public boolean approved() {
        return this == PROCESSING || this == COMPLETED;
    }

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<PayoutBatchStatus> parse(String value) {
        return WireName.find(PayoutBatchStatus.class, value);
    }
}
