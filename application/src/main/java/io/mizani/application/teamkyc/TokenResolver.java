package io.mizani.application.teamkyc;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.teamkyc.KycSlot;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.verification.VerificationToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Resolves {@code kyc_tokens} through the verification port: a token must have been issued to the calling
 * merchant and come from a check its slot accepts. Any failure is a 400 invalid_argument in the compact shape
 * ({@code {error_code, message}}), the message starting with the slot's field.
 */
final class TokenResolver {

    private final VerificationEvidence evidence;

    TokenResolver(VerificationEvidence evidence) {
        this.evidence = evidence;
    }

    List<TokenSnapshot> resolve(long merchantAccountId, KycTokens tokens) {
        List<TokenSnapshot> snapshots = new ArrayList<>();
        for (Map.Entry<KycSlot, String> entry : tokens.present().entrySet()) {
            KycSlot slot = entry.getKey();
            String token = entry.getValue();
            VerificationToken found = token.isBlank() ? null : evidence.find(merchantAccountId, token).orElse(null);
            if (found == null) {
                throw invalid(slot, "verification token not found");
            }
            if (!slot.accepts(found.checked().check())) {
                throw invalid(slot, "a token from check " + found.checked().check() + " is not accepted here (accepts "
                        + String.join(", ", slot.acceptedChecks()) + ")");
            }
            snapshots.add(new TokenSnapshot(slot, found));
        }
        return snapshots;
    }

    static DomainError invalid(KycSlot slot, String why) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", slot.field() + ": " + why,
                DomainError.Shape.COMPACT, Map.of());
    }
}
