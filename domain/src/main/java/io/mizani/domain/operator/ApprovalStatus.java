package io.mizani.domain.operator;

import io.mizani.domain.common.WireName;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.mizani.domain.error.DomainError;

/**
 * A four-eyes approval's states and their legal transitions: {@code pending --approve--> approved},
 * {@code pending --reject--> rejected}; a decided approval never changes again.
 */
public enum ApprovalStatus implements WireName {
    PENDING, APPROVED, REJECTED;

    private static final Map<ApprovalStatus, Set<ApprovalStatus>> NEXT = Map.of(
            PENDING, EnumSet.of(APPROVED, REJECTED),
            APPROVED, EnumSet.noneOf(ApprovalStatus.class),
            REJECTED, EnumSet.noneOf(ApprovalStatus.class));

    public boolean canBecome(ApprovalStatus next) {
        return NEXT.get(this).contains(next);
    }

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The states an approval may be decided from (for the conditional update). */
    public static Set<ApprovalStatus> decidableFrom(ApprovalStatus target) {
        Set<ApprovalStatus> from = EnumSet.noneOf(ApprovalStatus.class);
        for (ApprovalStatus s : values()) {
            if (s.canBecome(target)) {
                from.add(s);
            }
        }
        return from;
    }

    public static ApprovalStatus parse(String wire) {
        return WireName.find(ApprovalStatus.class, wire)
                .orElseThrow(() -> DomainError.invalidArgument("status must be one of pending, approved, rejected"));
    }
}
