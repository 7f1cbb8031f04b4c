package io.mizani.application.teamkyc;

import io.mizani.application.tenancy.MerchantContext;
import java.util.Optional;

/** What Team KYC needs of Teams. */
public interface KycTeams {

    /** The Team, when the caller may see it (its user holds a role on it); empty otherwise or when it does not exist. */
    Optional<TeamSnapshot> findVisible(MerchantContext caller, long accountId);

    /** The Team regardless of caller (operator review). */
    Optional<TeamSnapshot> find(long accountId);

    /** Moves the Team (kyc_tier, kyc_verified true) and its organization (kyc_tier) to {@code tier}. */
    void applyTier(long accountId, int tier);
}
