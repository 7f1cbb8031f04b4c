package io.mizani.domain.beneficiary;

import io.mizani.domain.tenancy.AccountId;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A stored beneficiary of one account: its ids, the merchant's {@link BeneficiaryProfile}, its {@link Standing}
 * (computed KYC level, tier-0 counter, active flag) and when it was added and last changed. Built by steps:
 * {@link #added} for a new row, {@link #revised} for a merchant's change, {@link #withTier0Lifetime} for the counter.
 */
public record Beneficiary(
        long id,
        UUID uuid,
        AccountId accountId,
        BeneficiaryProfile profile,
        Standing standing,
        Instant createdAt,
        Instant updatedAt) {

    /** What the service computes and counts about a beneficiary (the merchant never sets it directly). */
    public record Standing(KycLevel kycLevel, BigDecimal tier0LifetimeUsd, boolean active) {
        public Standing {
            Objects.requireNonNull(kycLevel, "kycLevel");
            Objects.requireNonNull(tier0LifetimeUsd, "tier0LifetimeUsd");
        }
    }

    public Beneficiary {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(standing, "standing");
    }

    /** A beneficiary just added: active, nothing counted yet. */
    public static Beneficiary added(long id, UUID uuid, AccountId accountId, BeneficiaryProfile profile,
                                    KycLevel kycLevel, Instant at) {
        return new Beneficiary(id, uuid, accountId, profile,
                new Standing(kycLevel, new BigDecimal("0.00"), true), at, at);
    }

    /** The merchant's change: a new profile (and its level) and active flag; the tier-0 counter is kept. */
    public Beneficiary revised(BeneficiaryProfile newProfile, KycLevel newLevel, boolean nowActive, Instant at) {
        return new Beneficiary(id, uuid, accountId, newProfile,
                new Standing(newLevel, standing.tier0LifetimeUsd(), nowActive), createdAt, at);
    }

    /** The tier-0 counter set to {@code lifetimeUsd}. */
    public Beneficiary withTier0Lifetime(BigDecimal lifetimeUsd, Instant at) {
        return new Beneficiary(id, uuid, accountId, profile,
                new Standing(standing.kycLevel(), lifetimeUsd, standing.active()), createdAt, at);
    }

    public KycLevel kycLevel() {
        return standing.kycLevel();
    }

    public BigDecimal tier0LifetimeUsd() {
        return standing.tier0LifetimeUsd();
    }

    public boolean active() {
        return standing.active();
    }

    /** The assessment behind {@link #kycLevel}, recomputed from the profile. */
    public KycAssessment assessment() {
        return KycRules.assess(profile);
    }
}
