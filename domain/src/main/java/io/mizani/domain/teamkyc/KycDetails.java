package io.mizani.domain.teamkyc;

import io.mizani.domain.error.DomainError;
import java.util.Set;

/**
 * What the merchant states in a submission or an amendment (everything except tokens and account_id). On an
 * amendment a null field keeps the recorded value.
 */
public record KycDetails(
        String entityType,
        String countryCode,
        String country,
        Integer kycTier,
        String notes,
        ContactInformation contactInformation,
        EntityInformation entityInformation) {

    public static final Set<String> ENTITY_TYPES = Set.of("individual", "business");
    public static final int MAX_TIER = 4;

    public KycDetails {
        if (entityType != null && !ENTITY_TYPES.contains(entityType)) {
            throw DomainError.invalidArgument("entity_type must be individual or business");
        }
        if (kycTier != null && (kycTier < 0 || kycTier > MAX_TIER)) {
            throw DomainError.invalidArgument("kyc_tier must be between 0 and " + MAX_TIER);
        }
        if (countryCode != null && !countryCode.matches("[A-Za-z]{2}")) {
            throw DomainError.invalidArgument("country_code must be an ISO 3166-1 alpha-2 code");
        }
        if (countryCode != null) {
            countryCode = countryCode.toUpperCase(java.util.Locale.ROOT);
        }
    }

    public static KycDetails none() {
        return new KycDetails(null, null, null, null, null, null, null);
    }
}
