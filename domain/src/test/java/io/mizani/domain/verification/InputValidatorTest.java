package io.mizani.domain.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mizani.domain.error.DomainError;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InputValidatorTest {

    private final CheckCatalogue catalogue = CheckCatalogue.standard();

    private CheckInputs validate(String check, Map<String, String> body) {
        return InputValidator.validate(catalogue.find(check).orElseThrow(), body);
    }

    private String refusal(String check, Map<String, String> body) {
        DomainError e = assertThrows(DomainError.class, () -> validate(check, body));
        assertEquals("invalid_request", e.code());
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        return e.getMessage();
    }

    @Test
    void a_missing_required_field_is_named() {
        assertEquals("number_nin is required", refusal("nin", Map.of()));
        assertEquals("card_type is required", refusal("national_id_ci", Map.of("id_number", "CI123456")));
    }

    @Test
    void digit_counts_are_enforced() {
        assertEquals("number_nin must be 11 digits", refusal("nin", Map.of("number_nin", "1234567890")));
        assertEquals("number must be 11 digits", refusal("bvn", Map.of("number", "1234567890a")));
        assertEquals("id_number must be 13 digits", refusal("national_id_za", Map.of("id_number", "123456789012")));
        assertEquals("12345678901", validate("nin", Map.of("number_nin", " 123 4567 8901 ")).identifier());
        assertEquals("number must be 10 digits",
                refusal("bank_account_ng", Map.of("number", "123456789", "bank_code", "058")));
    }

    @Test
    void dates_must_be_real_iso_dates() {
        assertEquals("issue_date must be a date in YYYY-MM-DD format",
                refusal("voter_id_tz", Map.of("id_number", "T1234567", "issue_date", "2020-02-30")));
        assertEquals("issue_date must be a date in YYYY-MM-DD format",
                refusal("voter_id_tz", Map.of("id_number", "T1234567", "issue_date", "01/02/2020")));
        assertEquals("2020-02-29", validate("voter_id_tz", Map.of("id_number", "T1234567", "issue_date", "2020-02-29"))
                .get("issue_date"));
    }

    @Test
    void enumerations_and_country_codes() {
        assertEquals("card_type must be one of: new, old",
                refusal("national_id_ci", Map.of("id_number", "CI123456", "card_type", "shiny")));
        assertEquals("new", validate("national_id_ci", Map.of("id_number", "CI123456", "card_type", "NEW")).get("card_type"));
        assertEquals("country must be an ISO 3166-1 alpha-2 country code",
                refusal("tin_global", Map.of("tin", "1234567", "country", "XX")));
        assertEquals("KE", validate("tin_global", Map.of("tin", "1234567", "country", "ke")).get("country"));
        assertEquals("TIN", validate("tin_ng", Map.of("number", "1234567", "channel", "tin")).get("channel"));
    }

    @Test
    void phone_numbers_are_normalised() {
        assertEquals("+254712345678", validate("phone", Map.of("number", "+254 712-345 678")).identifier());
        assertEquals("number must be a phone number in international format, e.g. +254712345678",
                refusal("phone", Map.of("number", "0712345678")));
        assertEquals("+2348012345678", validate("phone_ng", Map.of("number", "08012345678")).identifier());
        assertEquals("+2348012345678", validate("phone_ng", Map.of("number", "+234 801 234 5678")).identifier());
    }

    @Test
    void identical_requests_after_normalisation_share_a_canonical_form() {
        var a = validate("passport_ke", Map.of("number", " ak0123456 "));
        var b = validate("passport_ke", Map.of("number", "AK0123456", "ignored", "x"));
        assertEquals(a.canonical(), b.canonical());
        assertEquals("passport_ke|number=AK0123456", a.canonical());
    }
}
