package io.mizani.application.verification;

import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import java.time.Instant;
import java.util.Objects;

/**
 * One entry of the check history, in the stored call's own parts ({@code id} is the lookup_id of the call): the
 * check, the identifier masked, the outcome (never with its sealed parts), who answered, the charge, when.
 */
public record HistoryEntry(
        LookupId id,
        VerificationToken.Checked checked,
        String identifierMasked,
        LookupRecord.Outcome outcome,
        LookupRecord.Routing routing,
        LookupRecord.Charge charge,
        Instant createdAt) {

    public HistoryEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(checked, "checked");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(charge, "charge");
        outcome = outcome.unsealed();
    }

    public static HistoryEntry of(LookupRecord call) {
        return new HistoryEntry(call.id(), call.subject().checked(), call.subject().identifierMasked(),
                call.outcome(), call.routing(), call.charge(), call.createdAt());
    }
}
