package io.mizani.domain.teamkyc;

import java.time.Instant;

/**
 * upgrade_information. {@code upgradeReviewedBy} is the operator's user id, null when tokens settled the upgrade
 * without review; {@code upgradeReviewNotes} is the reviewer's note (an addition to the contract's fields).
 */
public record UpgradeInformation(
        boolean requestedKycUpgrade,
        Integer upgradeFrom,
        Integer upgradeTo,
        String upgradeNotes,
        UpgradeStatus upgradeStatus,
        Instant upgradeRequestedAt,
        Instant upgradeReviewedAt,
        Long upgradeReviewedBy,
        String upgradeReviewNotes) {

    public static final UpgradeInformation NONE = new UpgradeInformation(false, null, null, null, null, null, null,
            null, null);

    public boolean pending() {
        return upgradeStatus == UpgradeStatus.PENDING;
    }
}
