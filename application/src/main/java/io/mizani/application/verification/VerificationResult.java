package io.mizani.application.verification;

import io.mizani.domain.verification.match.IdentityMatch;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * The verification result envelope of service-api.md; {@code dataJson} is the raw provider payload (JSON text);
 * {@code match} the identity match when the request asked for one (platform.md section 13), else null.
 */
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
        String chargeStatus,
        IdentityMatch match) {

    public VerificationResult(String lookupId, String check, String category, String country, String status,
                              String verificationStatus, String actorType, String subjectName, String reference,
                              String detail, String responseCode, String dataJson, Integer durationMs, String source,
                              boolean cached, Instant fetchedAt, Instant expiresAt, BigDecimal chargedAmount,
                              String chargeCurrency, String chargeReference, String chargeStatus) {
        this(lookupId, check, category, country, status, verificationStatus, actorType, subjectName, reference, detail,
                responseCode, dataJson, durationMs, source, cached, fetchedAt, expiresAt, chargedAmount,
                chargeCurrency, chargeReference, chargeStatus, null);
    }
}
