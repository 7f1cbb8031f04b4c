package io.mizani.domain.refund;

import io.mizani.domain.common.WireName;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A refund's state machine as an explicit transition table (platform.md section 15):
 * <pre>
 *   pending --provider confirmed--> succeeded
 *   pending --provider declined---> failed
 * </pre>
 * A provider that does not answer is not a verdict: the refund stays {@code pending} and is asked about again.
 * {@code succeeded} and {@code failed} are final. The database refuses the same illegal moves (a trigger on
 * {@code refunds}, migration V16).
 */
public enum RefundStatus implements WireName {
    PENDING, SUCCEEDED, FAILED;

    private static final Map<RefundStatus, Set<RefundStatus>> NEXT = Map.of(
            PENDING, EnumSet.of(SUCCEEDED, FAILED),
            SUCCEEDED, EnumSet.noneOf(RefundStatus.class),
            FAILED, EnumSet.noneOf(RefundStatus.class));

    public boolean canMoveTo(RefundStatus to) {
        return NEXT.get(this).contains(to);
    }

    /** The move, or {@link IllegalStateException} naming it when the table does not allow it. */
    public RefundStatus moveTo(RefundStatus to) {
        if (!canMoveTo(to)) {
            throw new IllegalStateException("a refund cannot move from " + wire() + " to " + to.wire());
        }
        return to;
    }

    public boolean isFinal() {
        return NEXT.get(this).isEmpty();
    }

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RefundStatus> parse(String value) {
        return WireName.find(RefundStatus.class, value);
    }
}
