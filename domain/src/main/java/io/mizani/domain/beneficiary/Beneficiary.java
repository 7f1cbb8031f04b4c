package io.mizani.domain.beneficiary;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/** A stored beneficiary of one account. */
public record Beneficiary(
        long id,
        UUID uuid,
        long accountId,
        BeneficiaryProfile profile,
        KycLevel kycLevel,
        BigDecimal tier0LifetimeUsd,
        boolean active,
        Instant createdAt,
        Instant updatedAt) {

    /** The assessment behind {@link #kycLevel}, recomputed from the profile. */
    public KycAssessment assessment() {
        return KycRules.assess(profile);
    }
}
