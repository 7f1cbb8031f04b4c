package io.mizani.domain.teamkyc;

import java.time.Instant;

/**
 * upgrade_information. {@code upgradeReviewedBy} is the operator's user id, null when tokens settled the upgrade
 * without review; {@code upgradeReviewNotes} is the reviewer's note (an addition to the contract's fields).
 * Its components are the stored and wire field names; code builds it by its steps ({@link #requested},
 * {@link #grantedAtOnce}, {@link #decided}), never by position.
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

    /** An upgrade from {@code from} to {@code to} asked for at {@code at}, pending a reviewer. */
    public static UpgradeInformation requested(int from, int to, String notes, Instant at) {
        return new UpgradeInformation(true, from, to, notes, UpgradeStatus.PENDING, at, null, null, null);
    }

    /** An upgrade the tokens already cover: granted when asked, without a reviewer. */
    public static UpgradeInformation grantedAtOnce(int from, int to, String notes, Instant at) {
        return new UpgradeInformation(true, from, to, notes, UpgradeStatus.APPROVED, at, at, null, null);
    }

    /** This request decided ({@code approved} or {@code rejected}) by {@code reviewerId} at {@code at}. */
    public UpgradeInformation decided(UpgradeStatus decision, Instant at, long reviewerId, String reviewNotes) {
        return new UpgradeInformation(requestedKycUpgrade, upgradeFrom, upgradeTo, upgradeNotes, decision,
                upgradeRequestedAt, at, reviewerId, reviewNotes);
    }

    public boolean pending() {
        return upgradeStatus == UpgradeStatus.PENDING;
    }
}
