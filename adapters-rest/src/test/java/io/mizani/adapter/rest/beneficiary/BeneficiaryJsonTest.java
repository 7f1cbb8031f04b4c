package io.mizani.adapter.rest.beneficiary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.mizani.domain.beneficiary.Beneficiary;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.tenancy.AccountId;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The beneficiary's wire shape is filled from the right parts: every text field of the profile holds a value that
 * names the contract field it must land in, so any two same-typed fields swapped in the mapping fail here.
 */
class BeneficiaryJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    /** Fields whose value is not a copy of one profile text (ids, level, times, amounts, flags). */
    private static final Set<String> NOT_PROFILE_TEXT = Set.of("id", "uuid", "account_id", "kyc_level",
            "tier_0_lifetime_usd", "is_active", "created_at", "updated_at", "kyc", "date_of_birth");

    static Beneficiary everyFieldNamed() {
        var profile = new BeneficiaryProfile(
                new BeneficiaryProfile.Person("first_name", "last_name", "surname",
                        OffsetDateTime.parse("1990-05-17T00:00:00Z"), "gender", "marital_status"),
                new BeneficiaryProfile.Contact("email", "phone_number", "country", "address"),
                new BeneficiaryProfile.Identification(new BeneficiaryProfile.IdDocument("id_type", "national_id"),
                        new BeneficiaryProfile.IdDocument("additional_id_type", "additional_id_number")),
                new BeneficiaryProfile.PayoutAccount("account_name", "account_number", "account_type"),
                "external_reference", "customer_type");
        return new Beneficiary(11, UUID.fromString("00000000-0000-0000-0000-000000000011"), AccountId.of(22),
                profile, new Beneficiary.Standing(KycLevel.TIER_0, new BigDecimal("3.5"), true),
                Instant.parse("2026-01-02T03:04:05Z"), Instant.parse("2026-02-03T04:05:06Z"));
    }

    @Test
    void every_profile_text_lands_in_the_field_of_its_name() {
        @SuppressWarnings("unchecked")
        Map<String, Object> json = JSON.convertValue(BeneficiaryJson.of(everyFieldNamed()), Map.class);
        int checked = 0;
        for (var field : json.entrySet()) {
            if (!NOT_PROFILE_TEXT.contains(field.getKey())) {
                assertEquals(field.getKey(), field.getValue(), "the value in " + field.getKey());
                checked++;
            }
        }
        assertEquals(18, checked, json.toString());
    }

    @Test
    void ids_standing_and_times_land_in_their_fields() {
        @SuppressWarnings("unchecked")
        Map<String, Object> json = JSON.convertValue(BeneficiaryJson.of(everyFieldNamed()), Map.class);
        assertEquals(11L, json.get("id"));
        assertEquals(22L, json.get("account_id"));
        assertEquals("00000000-0000-0000-0000-000000000011", json.get("uuid"));
        assertEquals("tier_0", json.get("kyc_level"));
        assertEquals(new BigDecimal("3.50"), json.get("tier_0_lifetime_usd"));
        assertEquals(true, json.get("is_active"));
        assertEquals("1990-05-17T00:00:00Z", json.get("date_of_birth"));
        assertEquals("2026-01-02T03:04:05Z", json.get("created_at"));
        assertEquals("2026-02-03T04:05:06Z", json.get("updated_at"));
        @SuppressWarnings("unchecked")
        Map<String, Object> kyc = (Map<String, Object>) json.get("kyc");
        assertEquals("tier_0", kyc.get("level"));
        assertEquals(new BigDecimal("3.50"), kyc.get("tier_0_lifetime_usd"));
        assertEquals(new BigDecimal("196.50"), kyc.get("tier_0_remaining_usd"));
        assertFalse((Boolean) kyc.get("tier_0_limit_reached"));
        assertEquals(new BigDecimal("20.00"), kyc.get("tier_0_max_transaction_usd"));
    }
}
