package io.mizani.adapter.rest.verification;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.application.verification.ResolvedToken;
import io.mizani.domain.verification.VerificationToken;
import java.math.BigDecimal;
import java.time.Instant;
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
            String subjectName, String reference, String detail, String responseCode, JsonNode data,
            Integer durationMs, String source, boolean cached, Instant fetchedAt, Instant expiresAt,
            BigDecimal chargedAmount, String chargeCurrency, String chargeReference, String chargeStatus,
            @JsonInclude(JsonInclude.Include.NON_NULL) MatchDto match) {
    }

    /** The identity match (platform.md section 13): present only when the request carried {@code match}. */
    record MatchDto(int score, String firstName, String lastName, String dateOfBirth) {
    }

    record ResolvedTokenDto(
            String token, String check, String category, String country, String status, String verificationStatus,
            boolean verified,
            @JsonInclude(JsonInclude.Include.NON_NULL) String actorType,
            String subjectName, String identifierMasked, String reference, String detail, String source,
            long accountId,
            @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode data,
            Instant verifiedAt, Instant expiresAt) {

        static ResolvedTokenDto of(ResolvedToken resolved, JsonNode data) {
            VerificationToken t = resolved.token();
            VerificationToken.Checked c = t.checked();
            VerificationToken.Finding f = t.finding();
            return new ResolvedTokenDto(t.token().value(), c.check(), c.category(), c.country(), f.status(),
                    f.verificationStatus(), f.verified(), f.actorType(), f.subjectName(), f.identifierMasked(),
                    f.reference(), resolved.detail(), f.source(), resolved.accountId().value(), data, t.verifiedAt(),
                    t.expiresAt());
        }
    }

    record HistoryEntryDto(
            String id, String check, String country, String status, String verificationStatus,
            @JsonInclude(JsonInclude.Include.NON_NULL) String actorType,
            String subjectName, String identifierMasked, String reference, String detail, String source,
            BigDecimal chargedAmount, String chargeCurrency, String chargeReference, String chargeStatus,
            Integer durationMs, Instant createdAt) {
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
    }

    record SettingsDto(String mode, boolean platform) {
    }

    record SettingsRequest(String mode, String providerKey) {
    }
}
