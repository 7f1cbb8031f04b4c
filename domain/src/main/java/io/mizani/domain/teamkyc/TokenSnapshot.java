package io.mizani.domain.teamkyc;

import io.mizani.domain.verification.VerificationToken;
import java.util.Objects;

/**
 * A verification token as it stood when it was attached to a Team KYC submission: one entry of
 * {@code verification_information.verifications[]}. Kept on the record so the basis of a tier stays auditable
 * after the cached result lapses. {@code kind} is the slot it was submitted in.
 */
public record TokenSnapshot(KycSlot kind, VerificationToken token) {

    public TokenSnapshot {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(token, "token");
    }

    /** Only a token whose check came back verified counts toward a tier. */
    public boolean counts() {
        return token.verified();
    }

    public String actorType() {
        return token.actorType();
    }
}
