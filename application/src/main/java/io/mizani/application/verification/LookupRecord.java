package io.mizani.application.verification;

import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.verification.CheckStatus;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * One call of a check, as stored: the token it issued (when it issued one), its history entry and its charge.
 * The identifier is only stored as {@code identifierHash} and {@code identifierMasked}; the payload only sealed.
 * {@code status} is null while the call is in flight ({@code settled} false).
 */
public record LookupRecord(
        String lookupId,
        long accountId,
        String check,
        String category,
        String country,
        CheckStatus status,
        String verificationStatus,
        String actorType,
        String subjectName,
        String identifierHash,
        String identifierMasked,
        String cacheKey,
        String reference,
        String detail,
        String responseCode,
        byte[] sealedPayload,
        String source,
        boolean cached,
        Instant fetchedAt,
        Instant expiresAt,
        BigDecimal chargedAmount,
        String chargeCurrency,
        String chargeReference,
        ChargeStatus chargeStatus,
        Integer durationMs,
        Instant createdAt,
        boolean tokenIssued,
        boolean settled,
        byte[] sealedIdentity) {

    /** A record without the registry identity (sealed {@link io.mizani.domain.verification.match.RegistryIdentity}). */
    public LookupRecord(String lookupId, long accountId, String check, String category, String country,
                        CheckStatus status, String verificationStatus, String actorType, String subjectName,
                        String identifierHash, String identifierMasked, String cacheKey, String reference,
                        String detail, String responseCode, byte[] sealedPayload, String source, boolean cached,
                        Instant fetchedAt, Instant expiresAt, BigDecimal chargedAmount, String chargeCurrency,
                        String chargeReference, ChargeStatus chargeStatus, Integer durationMs, Instant createdAt,
                        boolean tokenIssued, boolean settled) {
        this(lookupId, accountId, check, category, country, status, verificationStatus, actorType, subjectName,
                identifierHash, identifierMasked, cacheKey, reference, detail, responseCode, sealedPayload, source,
                cached, fetchedAt, expiresAt, chargedAmount, chargeCurrency, chargeReference, chargeStatus, durationMs,
                createdAt, tokenIssued, settled, null);
    }

    public LookupRecord withCharge(ChargeStatus status) {
        return new LookupRecord(lookupId, accountId, check, category, country, this.status, verificationStatus,
                actorType, subjectName, identifierHash, identifierMasked, cacheKey, reference, detail, responseCode,
                sealedPayload, source, cached, fetchedAt, expiresAt, chargedAmount, chargeCurrency, chargeReference,
                status, durationMs, createdAt, tokenIssued, settled, sealedIdentity);
    }

    public LookupRecord asError(String detail) {
        return new LookupRecord(lookupId, accountId, check, category, country, CheckStatus.ERROR, verificationStatus,
                actorType, subjectName, identifierHash, identifierMasked, cacheKey, reference, detail, responseCode,
                null, source, cached, fetchedAt, expiresAt, chargedAmount, chargeCurrency, chargeReference,
                chargeStatus, durationMs, createdAt, false, true, null);
    }
}
