package io.mizani.adapter.rest.verification;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
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

    /**
     * A verification answer's wire shape: flat JSON, built from named parts ({@code @JsonUnwrapped}, in wire order).
     * {@code VerificationDtosTest} fills every field with a distinct value, so a swap fails it.
     */
    @JsonPropertyOrder({"lookup_id", "check", "category", "country", "status", "verification_status", "actor_type",
            "subject_name", "reference", "detail", "response_code", "data", "duration_ms", "source", "cached",
            "fetched_at", "expires_at", "charged_amount", "charge_currency", "charge_reference", "charge_status",
            "match"})
    record VerificationResultDto(
            String lookupId,
            @JsonUnwrapped AskedDto asked,
            @JsonUnwrapped VerdictDto verdict,
            @JsonUnwrapped ReplyDto reply,
            @JsonUnwrapped ProvenanceDto provenance,
            @JsonUnwrapped ChargeDto charge,
            @JsonInclude(JsonInclude.Include.NON_NULL) MatchDto match) {

        /** {@code data} is the payload, JSON text written into the answer as stored, not parsed and re-written. */
        static VerificationResultDto of(VerificationResult r) {
            LookupRecord.Outcome o = r.outcome();
            ProviderReply reply = o.reply();
            LookupRecord.Routing via = r.routing();
            return new VerificationResultDto(r.lookupId().value(), AskedDto.of(r.checked()), VerdictDto.of(o),
                    new ReplyDto(reply.reference(), reply.detail(), reply.responseCode(), r.dataJson()),
                    new ProvenanceDto(via.durationMs(), via.source(), via.cached(), o.fetchedAt(), o.expiresAt()),
                    ChargeDto.of(r.charge()), MatchDto.of(r.match()));
        }
    }

    /** What was asked: the check, its category and country. */
    record AskedDto(String check, String category, String country) {
        static AskedDto of(VerificationToken.Checked asked) {
            return new AskedDto(asked.check(), asked.category(), asked.country());
        }
    }

    /** The verdict: status, the registry's word for it, the actor type when known, the subject's name. */
    record VerdictDto(String status, String verificationStatus,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String actorType, String subjectName) {
        static VerdictDto of(LookupRecord.Outcome o) {
            LookupRecord.Found found = o.found();
            return new VerdictDto(o.status().wire(), found.verificationStatus(), found.actorType(),
                    found.subjectName());
        }
    }

    /** The provider's reply: its reference, detail, response code and payload. */
    record ReplyDto(String reference, String detail, String responseCode, @JsonRawValue String data) {
    }

    /** Where the answer came from and how long it holds. */
    record ProvenanceDto(Integer durationMs, String source, boolean cached, Instant fetchedAt, Instant expiresAt) {
    }

    /** What the call cost: amount, currency, the wallet charge's reference and status. */
    record ChargeDto(BigDecimal chargedAmount, String chargeCurrency, String chargeReference, String chargeStatus) {
        static ChargeDto of(LookupRecord.Charge charge) {
            return new ChargeDto(charge.amount().amount(), charge.amount().currency(), charge.reference(),
                    charge.status().wire());
        }
    }

    /** The identity match (platform.md section 13): present only when the request carried {@code match}. */
    record MatchDto(int score, String firstName, String lastName, String dateOfBirth) {

        static MatchDto of(IdentityMatch m) {
            return m == null ? null : new MatchDto(m.score(), m.firstName().wire(), m.lastName().wire(),
                    m.dateOfBirth().wire());
        }
    }

    @JsonPropertyOrder({"token", "check", "category", "country", "status", "verification_status", "verified",
            "actor_type", "subject_name", "identifier_masked", "reference", "detail", "source", "account_id", "data",
            "verified_at", "expires_at"})
    record ResolvedTokenDto(
            String token,
            @JsonUnwrapped AskedDto asked,
            @JsonUnwrapped FindingDto finding,
            @JsonUnwrapped TraceDto trace,
            long accountId,
            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonRawValue String data,
            @JsonUnwrapped ValidityDto validity) {

        static ResolvedTokenDto of(ResolvedToken resolved) {
            VerificationToken t = resolved.token();
            VerificationToken.Finding f = t.finding();
            return new ResolvedTokenDto(t.token().value(), AskedDto.of(t.checked()),
                    new FindingDto(f.status() == null ? null : f.status().wire(), f.verificationStatus(), f.verified(),
                            f.actorType(), f.subjectName()),
                    new TraceDto(f.identifierMasked(), f.reference(), resolved.detail(), f.source()),
                    resolved.accountId().value(), resolved.dataJson(), new ValidityDto(t.verifiedAt(), t.expiresAt()));
        }
    }

    /** A token's finding: status, the registry's word, whether it verified, actor type when known, the name. */
    record FindingDto(String status, String verificationStatus, boolean verified,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String actorType, String subjectName) {
    }

    /** What traces an answer back: the masked identifier, the provider's reference and detail, the source. */
    record TraceDto(String identifierMasked, String reference, String detail, String source) {
    }

    /** When a token was verified and until when it holds. */
    record ValidityDto(Instant verifiedAt, Instant expiresAt) {
    }

    /** One history entry: flat JSON from named parts, in wire order. */
    @JsonPropertyOrder({"id", "check", "country", "status", "verification_status", "actor_type", "subject_name",
            "identifier_masked", "reference", "detail", "source", "charged_amount", "charge_currency",
            "charge_reference", "charge_status", "duration_ms", "created_at"})
    record HistoryEntryDto(
            String id,
            @JsonUnwrapped CheckedDto checked,
            @JsonUnwrapped VerdictDto verdict,
            @JsonUnwrapped TraceDto trace,
            @JsonUnwrapped ChargeDto charge,
            Integer durationMs,
            Instant createdAt) {

        /** The one place a history entry is flattened to its wire shape, part by part. */
        static HistoryEntryDto of(HistoryEntry h) {
            VerificationToken.Checked asked = h.checked();
            LookupRecord.Outcome o = h.outcome();
            ProviderReply reply = o.reply();
            LookupRecord.Routing via = h.routing();
            return new HistoryEntryDto(h.id().value(), new CheckedDto(asked.check(), asked.country()),
                    VerdictDto.of(o), new TraceDto(h.identifierMasked(), reply.reference(), reply.detail(),
                    via.source()), ChargeDto.of(h.charge()), via.durationMs(), h.createdAt());
        }
    }

    /** The check and its country (a history entry names no category). */
    record CheckedDto(String check, String country) {
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
