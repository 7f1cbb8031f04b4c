package io.mizani.application.verification;

import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import io.mizani.domain.verification.match.IdentityMatch;
import java.util.Objects;

/**
 * The verification result envelope of service-api.md, in the stored call's own parts: the check asked for
 * ({@link VerificationToken.Checked}), what came back ({@link LookupRecord.Outcome}, never with its sealed parts),
 * the raw provider payload opened ({@code dataJson}, JSON text, or null), which provider answered
 * ({@link LookupRecord.Routing}), the merchant's charge ({@link LookupRecord.Charge}) and, when the request asked for
 * one, the identity match (platform.md section 13; else null). Built by its steps: {@link #of} from the call, then
 * {@link #matched}; the REST adapter flattens it in one place.
 */
public record VerificationResult(
        LookupId lookupId,
        VerificationToken.Checked checked,
        LookupRecord.Outcome outcome,
        String dataJson,
        LookupRecord.Routing routing,
        LookupRecord.Charge charge,
        IdentityMatch match) {

    public VerificationResult {
        Objects.requireNonNull(lookupId, "lookupId");
        Objects.requireNonNull(checked, "checked");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(charge, "charge");
        outcome = outcome.unsealed();
    }

    /** The answer of a settled call; {@code openedPayload} is its payload opened (null when it has none). */
    public static VerificationResult of(LookupRecord call, String openedPayload) {
        return new VerificationResult(call.id(), call.subject().checked(), call.outcome(), openedPayload,
                call.routing(), call.charge(), null);
    }

    /** This result with the identity match the request asked for. */
    public VerificationResult matched(IdentityMatch identityMatch) {
        return new VerificationResult(lookupId, checked, outcome, dataJson, routing, charge, identityMatch);
    }
}
