package io.mizani.application.verification;

import java.math.BigDecimal;
import java.time.Instant;

/** The verification result envelope of service-api.md; {@code dataJson} is the raw provider payload (JSON text). */
public record VerificationResult(
        String lookupId,
        String check,
        String category,
        String country,
        String status,
        String verificationStatus,
        String actorType,
        String subjectName,
        String reference,
        String detail,
        String responseCode,
        String dataJson,
        Integer durationMs,
        String source,
        boolean cached,
        Instant fetchedAt,
        Instant expiresAt,
        BigDecimal chargedAmount,
        String chargeCurrency,
        String chargeReference,
        String chargeStatus) {
}
