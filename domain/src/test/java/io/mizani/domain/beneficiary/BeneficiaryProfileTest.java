package io.mizani.domain.beneficiary;

import io.mizani.domain.error.DomainError;
import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class BeneficiaryProfileTest {

    private static BeneficiaryProfile merge(Map<Field, String> changes) {
        return BeneficiaryProfile.EMPTY.merge(changes);
    }

    @Test
    void name_is_split_on_the_first_space() {
        var p = merge(Map.of(Field.NAME, "Ada King Lovelace"));
        assertEquals("Ada", p.person().firstName());
        assertEquals("King Lovelace", p.person().lastName());
    }

    @Test
    void first_and_last_name_win_over_name() {
        var p = merge(Map.of(Field.NAME, "Ada Lovelace", Field.FIRST_NAME, "Augusta", Field.LAST_NAME, "King"));
        assertEquals("Augusta", p.person().firstName());
        assertEquals("King", p.person().lastName());
    }

    @Test
    void one_sent_name_part_wins_over_its_half_of_name() {
        var p = merge(Map.of(Field.NAME, "Ada Lovelace", Field.LAST_NAME, "King"));
        assertEquals("Ada", p.person().firstName());
        assertEquals("King", p.person().lastName());
    }

    @Test
    void country_accepts_code_name_and_alpha_3_and_stores_the_code() {
        assertEquals("KE", merge(Map.of(Field.COUNTRY, "ke")).contact().country());
        assertEquals("NG", merge(Map.of(Field.COUNTRY, "Nigeria")).contact().country());
        assertEquals("ZA", merge(Map.of(Field.COUNTRY, "south africa")).contact().country());
        assertEquals("GH", merge(Map.of(Field.COUNTRY, "GHA")).contact().country());
        assertEquals("CI", merge(Map.of(Field.COUNTRY, "Ivory Coast")).contact().country());
    }

    @Test
    void unknown_country_is_invalid_argument() {
        var e = assertThrows(DomainError.class, () -> merge(Map.of(Field.COUNTRY, "Atlantis")));
        assertEquals("invalid_argument", e.code());
        assertEquals(List.of("country"), e.details().get("invalid_arguments"));
    }

    @Test
    void malformed_email_is_invalid_argument() {
        for (String bad : List.of("nope", "a@b", "a b@example.com", "@example.com", "a@.com")) {
            var e = assertThrows(DomainError.class, () -> merge(Map.of(Field.EMAIL, bad)), bad);
            assertEquals(List.of("email"), e.details().get("invalid_arguments"));
        }
        assertEquals("ada.l+x@mail.example.co.ke", merge(Map.of(Field.EMAIL, "ada.l+x@mail.example.co.ke")).contact().email());
    }

    @Test
    void date_of_birth_accepts_three_formats() {
        var expected = OffsetDateTime.parse("1990-05-17T00:00:00Z");
        assertEquals(expected, merge(Map.of(Field.DATE_OF_BIRTH, "05/17/1990")).person().dateOfBirth());
        assertEquals(expected, merge(Map.of(Field.DATE_OF_BIRTH, "1990-05-17")).person().dateOfBirth());
        assertEquals(expected, merge(Map.of(Field.DATE_OF_BIRTH, "1990-05-17T00:00:00Z")).person().dateOfBirth());
        assertEquals(expected, merge(Map.of(Field.DATE_OF_BIRTH, "1990-05-17T23:30:00+03:00")).person().dateOfBirth());
        assertEquals(expected, merge(Map.of(Field.DATE_OF_BIRTH, "5/17/1990")).person().dateOfBirth());
    }

    @Test
    void bad_dates_are_invalid_argument() {
        for (String bad : List.of("17/05/1990", "1990-13-01", "yesterday", "2999-01-01", "02/30/1990")) {
            var e = assertThrows(DomainError.class, () -> merge(Map.of(Field.DATE_OF_BIRTH, bad)), bad);
            assertEquals(List.of("date_of_birth"), e.details().get("invalid_arguments"));
        }
    }

    @Test
    void every_bad_field_is_reported_at_once() {
        var e = assertThrows(DomainError.class, () -> merge(Map.of(Field.EMAIL, "x", Field.COUNTRY, "Narnia",
                Field.CUSTOMER_TYPE, "alien", Field.PHONE, "abc")));
        assertEquals(List.of("email", "country", "phone", "customer_type"), e.details().get("invalid_arguments"));
    }

    @Test
    void phone_is_normalised() {
        assertEquals("+254712345678", merge(Map.of(Field.PHONE, "+254 712-345 678")).contact().phone());
    }

    @Test
    void absent_fields_are_kept_and_null_or_blank_clears() {
        var p = merge(Map.of(Field.ADDRESS, "Nairobi", Field.GENDER, "female"));
        Map<Field, String> changes = new EnumMap<>(Field.class);
        changes.put(Field.ADDRESS, null);
        changes.put(Field.SURNAME, "  ");
        var q = p.merge(changes);
        assertNull(q.contact().address());
        assertNull(q.person().surname());
        assertEquals("female", q.person().gender());
    }

    @Test
    void customer_type_defaults_to_retail() {
        assertEquals("retail", merge(Map.of()).customerType());
        assertEquals("institution", merge(Map.of(Field.CUSTOMER_TYPE, "Institution")).customerType());
    }

    @Test
    void over_long_values_are_refused() {
        var e = assertThrows(DomainError.class, () -> merge(Map.of(Field.ADDRESS, "x".repeat(256))));
        assertEquals(List.of("address"), e.details().get("invalid_arguments"));
    }
}
