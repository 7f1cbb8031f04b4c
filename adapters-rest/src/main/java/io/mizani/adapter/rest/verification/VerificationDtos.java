package io.mizani.adapter.rest.verification;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import io.mizani.application.verification.Entitlement;
import io.mizani.application.verification.HistoryEntry;
import io.mizani.application.verification.LookupRecord;
import io.mizani.application.verification.ResolvedToken;
import io.mizani.application.verification.VerificationResult;
import io.mizani.domain.verification.ProviderReply;
import io.mizani.domain.verification.VerificationToken;
import io.mizani.domain.verification.match.IdentityMatch;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Wire shapes of the verification surface (global SNAKE_CASE naming). */
final class VerificationDtos {

    private VerificationDtos() {
    }

    record VerificationResultDto(
            String lookupId, String check, String category, String country, String status,
            String verificationStatus,
            @JsonInclude(JsonInclude.Include.NON_NULL) String actorType,
            String subjectName, String reference, String detail, String responseCode, @JsonRawValue String data,
            Integer durationMs, String source, boolean cached, Instant fetchedAt, Instant expiresAt,
            BigDecimal chargedAmount, String chargeCurrency, String chargeReference, String chargeStatus,
            @JsonInclude(JsonInclude.Include.NON_NULL) MatchDto match) {

        /**
         * The one place a result is flattened to its wire shape, part by part; {@code data} is its payload, JSON text
         * written into the answer as it is (a provider's answer, stored as the JSON it was), not parsed and re-written.
         * {@code VerificationDtosTest} fills every field with a distinct value, so a swap here fails it.
         */
        static VerificationResultDto of(VerificationResult r) {
            VerificationToken.Checked asked = r.checked();
            LookupRecord.Outcome o = r.outcome();
            LookupRecord.Found found = o.found();
            ProviderReply reply = o.reply();
            LookupRecord.Routing via = r.routing();
            LookupRecord.Charge charge = r.charge();
            return new VerificationResultDto(r.lookupId().value(),
                    asked.check(), asked.category(), asked.country(),
                    o.status().wire(), found.verificationStatus(), found.actorType(), found.subjectName(),
                    reply.reference(), reply.detail(), reply.responseCode(),
                    r.dataJson(),
                    via.durationMs(), via.source(), via.cached(),
                    o.fetchedAt(), o.expiresAt(),
                    charge.amount().amount(), charge.amount().currency(), charge.reference(), charge.status().wire(),
                    MatchDto.of(r.match()));
        }
    }

    /** The identity match (platform.md section 13): present only when the request carried {@code match}. */
    record MatchDto(int score, String firstName, String lastName, String dateOfBirth) {

        static MatchDto of(IdentityMatch m) {
            return m == null ? null : new MatchDto(m.score(), m.firstName().wire(), m.lastName().wire(),
                    m.dateOfBirth().wire());
        }
    }

    record ResolvedTokenDto(
            String token, String check, String category, String country, String status, String verificationStatus,
            boolean verified,
            @JsonInclude(JsonInclude.Include.NON_NULL) String actorType,
            String subjectName, String identifierMasked, String reference, String detail, String source,
            long accountId,
            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonRawValue String data,
            Instant verifiedAt, Instant expiresAt) {

        static ResolvedTokenDto of(ResolvedToken resolved) {
            VerificationToken t = resolved.token();
            VerificationToken.Checked c = t.checked();
            VerificationToken.Finding f = t.finding();
            return new ResolvedTokenDto(t.token().value(), c.check(), c.category(), c.country(), f.status(),
                    f.verificationStatus(), f.verified(), f.actorType(), f.subjectName(), f.identifierMasked(),
                    f.reference(), resolved.detail(), f.source(), resolved.accountId().value(), resolved.dataJson(), t.verifiedAt(),
                    t.expiresAt());
        }
    }

    record HistoryEntryDto(
            String id, String check, String country, String status, String verificationStatus,
            @JsonInclude(JsonInclude.Include.NON_NULL) String actorType,
            String subjectName, String identifierMasked, String reference, String detail, String source,
            BigDecimal chargedAmount, String chargeCurrency, String chargeReference, String chargeStatus,
            Integer durationMs, Instant createdAt) {

        /** The one place a history entry is flattened to its wire shape, part by part. */
        static HistoryEntryDto of(HistoryEntry h) {
            VerificationToken.Checked asked = h.checked();
            LookupRecord.Outcome o = h.outcome();
            LookupRecord.Found found = o.found();
            ProviderReply reply = o.reply();
            LookupRecord.Routing via = h.routing();
            LookupRecord.Charge charge = h.charge();
            return new HistoryEntryDto(h.id().value(), asked.check(), asked.country(),
                    o.status().wire(), found.verificationStatus(), found.actorType(), found.subjectName(),
                    h.identifierMasked(), reply.reference(), reply.detail(), via.source(),
                    charge.amount().amount(), charge.amount().currency(), charge.reference(), charge.status().wire(),
                    via.durationMs(), h.createdAt());
        }
    }

    record OptionDto(String value, String label) {
    }

    record FieldDto(String name, String label, boolean required, String hint,
                    @JsonInclude(JsonInclude.Include.NON_NULL) List<OptionDto> options) {
    }

    record CatalogueEntryDto(String key, String label, String country, String category, String description,
                             List<FieldDto> fields) {
    }

    record PriceDto(BigDecimal live, BigDecimal cached) {
    }

    record EntitlementDto(boolean platform, boolean allowed,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
                          String message, String billingMode, String currency, BigDecimal balance,
                          Map<String, PriceDto> prices) {

        /** The one place the entitlement is flattened to its wire shape (balance and prices in its currency). */
        static EntitlementDto of(Entitlement e) {
            Map<String, PriceDto> prices = new LinkedHashMap<>();
            e.prices().forEach((k, p) -> prices.put(k, new PriceDto(p.live().amount(), p.cached().amount())));
            return new EntitlementDto(e.platform(), e.allowed(), e.reason(), e.message(), e.billingMode(),
                    e.balance().currency(), e.balance().amount(), prices);
        }
    }

    record SettingsDto(String mode, boolean platform) {
    }

    record SettingsRequest(String mode, String providerKey) {
    }
}
