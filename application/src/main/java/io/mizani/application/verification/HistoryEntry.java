package io.mizani.application.verification;

import java.math.BigDecimal;
import java.time.Instant;

/** One entry of the check history; {@code id} is the lookup_id of the call. */
public record HistoryEntry(
        String id,
        String check,
        String country,
        String status,
        String verificationStatus,
        String actorType,
        String subjectName,
        String identifierMasked,
        String reference,
        String detail,
        String source,
        BigDecimal chargedAmount,
        String chargeCurrency,
        String chargeReference,
        String chargeStatus,
        Integer durationMs,
        Instant createdAt) {
}
