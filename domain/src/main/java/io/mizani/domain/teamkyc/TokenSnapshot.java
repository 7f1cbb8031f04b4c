package io.mizani.domain.teamkyc;

import java.time.Instant;
import java.util.Objects;

/**
 * A verification token as it stood when it was attached to a Team KYC submission: one entry of
 * {@code verification_information.verifications[]}. Kept on the record so the basis of a tier stays auditable
 * after the cached result lapses. {@code kind} is the slot it was submitted in.
 */
public record TokenSnapshot(
        KycSlot kind,
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

    public TokenSnapshot {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(token, "token");
    }

    /** Only a token whose check came back verified counts toward a tier. */
    public boolean counts() {
        return verified;
    }
}
