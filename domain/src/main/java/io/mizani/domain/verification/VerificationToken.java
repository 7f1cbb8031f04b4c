package io.mizani.domain.verification;

import java.time.Instant;
import java.util.Objects;

/**
 * A verification token as the other layers and features see it: the one snapshot type of a token (Team KYC keeps
 * it on its record, the token endpoint answers it, the application resolves it). What was checked, what it found,
 * and when; the identifier only masked, never the payload.
 */
public record VerificationToken(LookupId token, Checked checked, Finding finding, Instant verifiedAt,
                                Instant expiresAt) {

    /** The check that issued the token. */
    public record Checked(String check, String category, String country) {
    }

    /**
     * What the check found: the status ({@link CheckStatus}: {@code verified}, {@code not_verified}) and the
     * provider's words, the subject, its actor type ({@code C} company, {@code I} natural person, or null) and the
     * source that answered.
     */
    public record Finding(CheckStatus status, String verificationStatus, boolean verified, String actorType,
                          String subjectName, String identifierMasked, String reference, String source) {
    }

    public VerificationToken {
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(checked, "checked");
        Objects.requireNonNull(finding, "finding");
    }

    public boolean verified() {
        return finding.verified();
    }

    public String actorType() {
        return finding.actorType();
    }
}
