package io.mizani.application.teamkyc;

import io.mizani.domain.verification.VerificationToken;
import java.util.Optional;

/**
 * What Team KYC asks of verification: the token as it was issued to this account. Implemented by the
 * verification feature (no HTTP in between). Empty when the token was never issued or belongs to another account.
 */
public interface VerificationEvidence {

    Optional<VerificationToken> find(long accountId, String token);
}
