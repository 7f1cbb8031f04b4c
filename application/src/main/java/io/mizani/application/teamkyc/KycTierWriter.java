package io.mizani.application.teamkyc;

/** Writes a granted KYC tier onto a Team and its organization. */
public interface KycTierWriter {

    /** accounts.kyc_tier = tier, accounts.kyc_verified = true, and organizations.kyc_tier = tier for its organization. */
    void applyTier(long accountId, int tier);
}
