package io.mizani.domain.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CheckCatalogueTest {

    private final CheckCatalogue catalogue = CheckCatalogue.standard();

    @Test
    void every_named_check_is_in_the_catalogue_with_its_category() {
        Map<String, String> expected = Map.ofEntries(
                Map.entry("national_id_ke", "national_id"), Map.entry("passport_ke", "passport"),
                Map.entry("nin", "national_id"), Map.entry("bvn_basic", "bank_id"), Map.entry("bvn", "bank_id"),
                Map.entry("national_id_gh", "national_id"), Map.entry("national_id_ug", "national_id"),
                Map.entry("national_id_ci", "national_id"), Map.entry("national_id_sl", "national_id"),
                Map.entry("national_id_zm", "national_id"), Map.entry("national_id_za", "national_id"),
                Map.entry("voter_id_tz", "national_id"), Map.entry("resident_card_ci", "national_id"),
                Map.entry("passport_gh", "passport"), Map.entry("passport_ng", "passport"),
                Map.entry("kra_pin", "tax_id"), Map.entry("tin_global", "tax_id"), Map.entry("company_global", "company"),
                Map.entry("kra_pin_from_id_ke", "tax_id"), Map.entry("tin_ng", "tax_id"),
                Map.entry("tin_from_nin_ng", "tax_id"), Map.entry("scuml_ng", "company"),
                Map.entry("phone", "phone"), Map.entry("phone_ng", "phone"), Map.entry("phone_status_global", "phone"),
                Map.entry("bank_account_ke", "bank_account"), Map.entry("bank_account_ng", "bank_account"));
        Map<String, String> actual = catalogue.all().stream()
                .collect(Collectors.toMap(CheckDefinition::key, c -> c.category().wire()));
        assertEquals(expected, actual);
    }

    @Test
    void live_prices_are_the_published_price_list_with_50_for_any_other_check() {
        Map<String, Integer> prices = Map.ofEntries(
                Map.entry("bank_account_ng", 25), Map.entry("bvn_basic", 35), Map.entry("phone_ng", 35),
                Map.entry("scuml_ng", 35), Map.entry("national_id_ke", 40), Map.entry("bvn", 45),
                Map.entry("tin_global", 45), Map.entry("tin_from_nin_ng", 45), Map.entry("bank_account_ke", 55),
                Map.entry("nin", 55), Map.entry("kra_pin", 55), Map.entry("phone", 65), Map.entry("voter_id_tz", 70),
                Map.entry("phone_status_global", 70), Map.entry("national_id_ci", 100),
                Map.entry("resident_card_ci", 100), Map.entry("kra_pin_from_id_ke", 105),
                Map.entry("passport_ng", 105), Map.entry("passport_gh", 128), Map.entry("national_id_gh", 148),
                Map.entry("company_global", 1305));
        for (CheckDefinition check : catalogue.all()) {
            int expected = prices.getOrDefault(check.key(), 50);
            assertEquals(new BigDecimal(expected).setScale(2), catalogue.livePrice(check.key()), check.key());
            assertEquals(new BigDecimal("20.00"), catalogue.cachedPrice(check.key()));
        }
    }

    @Test
    void global_checks_take_the_country_as_input_or_from_the_phone_number() {
        assertEquals("country", catalogue.find("tin_global").orElseThrow().countryField().orElseThrow().name());
        assertEquals("country_code", catalogue.find("company_global").orElseThrow().countryField().orElseThrow().name());
        assertTrue(catalogue.find("phone").orElseThrow().countryFromPhone());
        assertTrue(catalogue.find("phone_status_global").orElseThrow().countryFromPhone());
        assertFalse(catalogue.find("phone_ng").orElseThrow().global());
    }

    @Test
    void fixed_value_fields_carry_options() {
        for (String[] f : new String[][]{{"national_id_ci", "card_type"}, {"tin_ng", "channel"},
                {"bank_account_ke", "bank_id"}, {"bank_account_ng", "bank_code"}, {"tin_global", "country"},
                {"company_global", "country_code"}}) {
            var field = catalogue.find(f[0]).orElseThrow().fields().stream()
                    .filter(x -> x.name().equals(f[1])).findFirst().orElseThrow();
            assertTrue(field.hasOptions(), f[0] + "." + f[1]);
        }
        assertFalse(catalogue.find("nin").orElseThrow().fields().get(0).hasOptions());
    }

    @Test
    void the_identifier_is_the_first_required_field() {
        assertEquals("number_nin", catalogue.find("nin").orElseThrow().identifierField().name());
        assertEquals("national_id", catalogue.find("national_id_ug").orElseThrow().identifierField().name());
        assertEquals("account_no", catalogue.find("bank_account_ke").orElseThrow().identifierField().name());
        assertEquals("company_number", catalogue.find("company_global").orElseThrow().identifierField().name());
        assertEquals("tin", catalogue.find("tin_global").orElseThrow().identifierField().name());
    }
}
