package io.mizani.application.teamkyc;

import java.time.Instant;

/** A resolved verification token, as Team KYC snapshots it into verification_information.verifications[]. */
public record TokenEvidence(
        String token,
        String check,
        String category,
        String country,
        String status,
        String verificationStatus,
        boolean verified,
        String actorType,
        String subjectName,
        String identifierMasked,
        String reference,
        String source,
        Instant verifiedAt,
        Instant expiresAt) {
}
