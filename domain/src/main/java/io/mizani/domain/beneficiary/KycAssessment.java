package io.mizani.domain.beneficiary;

import java.util.List;

/**
 * What the data present justifies. {@code missingReducedKycFields} lists what the tier-0 floor still needs (a
 * profile with any of them missing cannot be stored); {@code missingFullKycFields} lists what {@code full} still
 * needs, by input field name. {@code level} is {@code full} exactly when both lists are empty.
 */
public record KycAssessment(
        KycLevel level,
        List<String> missingFullKycFields,
        List<String> missingReducedKycFields,
        boolean requiresAdditionalId) {

    public KycAssessment {
        missingFullKycFields = List.copyOf(missingFullKycFields);
        missingReducedKycFields = List.copyOf(missingReducedKycFields);
    }

    public boolean fullKyc() {
        return level == KycLevel.FULL;
    }

    public boolean meetsFloor() {
        return missingReducedKycFields.isEmpty();
    }
}
