package io.mizani.domain.beneficiary;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KycRulesTest {

    static BeneficiaryProfile profile(Object... pairs) {
        Map<Field, String> changes = new EnumMap<>(Field.class);
        for (int i = 0; i < pairs.length; i += 2) {
            changes.put((Field) pairs[i], (String) pairs[i + 1]);
        }
        return BeneficiaryProfile.EMPTY.merge(changes);
    }

    static BeneficiaryProfile floor(String country) {
        return profile(Field.NAME, "Ada Lovelace", Field.COUNTRY, country, Field.EMAIL, "ada@example.com");
    }

    static BeneficiaryProfile fullKenyan() {
        return floor("KE").merge(Map.of(Field.PHONE, "+254712345678", Field.ADDRESS, "1 Moi Avenue, Nairobi",
                Field.DATE_OF_BIRTH, "1990-05-17", Field.ID_NUMBER, "12345678", Field.ID_TYPE, "national_id"));
    }

    @Test
    void nothing_misses_the_whole_floor_and_the_whole_full_set() {
        var a = KycRules.assess(BeneficiaryProfile.EMPTY);
        assertEquals(List.of("name", "country", "email"), a.missingReducedKycFields());
        assertEquals(List.of("name", "country", "email", "phone", "address", "date_of_birth", "id_number", "id_type"),
                a.missingFullKycFields());
        assertFalse(a.meetsFloor());
        assertFalse(a.fullKyc());
    }

    @Test
    void missing_last_name_alone_is_named() {
        var a = KycRules.assess(profile(Field.NAME, "Cher", Field.COUNTRY, "KE", Field.EMAIL, "c@example.com"));
        assertEquals(List.of("last_name"), a.missingReducedKycFields());
    }

    @Test
    void missing_first_name_alone_is_named() {
        var a = KycRules.assess(profile(Field.LAST_NAME, "Lovelace", Field.COUNTRY, "KE", Field.EMAIL, "c@example.com"));
        assertEquals(List.of("first_name"), a.missingReducedKycFields());
    }

    @Test
    void name_country_and_email_make_tier_0() {
        var a = KycRules.assess(floor("KE"));
        assertTrue(a.meetsFloor());
        assertEquals(KycLevel.TIER_0, a.level());
        assertEquals(List.of("phone", "address", "date_of_birth", "id_number", "id_type"), a.missingFullKycFields());
        assertEquals(List.of(), a.missingReducedKycFields());
        assertFalse(a.requiresAdditionalId());
    }

    @Test
    void the_full_field_set_makes_full_outside_nigeria() {
        var a = KycRules.assess(fullKenyan());
        assertEquals(KycLevel.FULL, a.level());
        assertTrue(a.fullKyc());
        assertEquals(List.of(), a.missingFullKycFields());
    }

    @Test
    void each_missing_full_field_keeps_tier_0_and_is_named() {
        for (Field f : List.of(Field.PHONE, Field.ADDRESS, Field.DATE_OF_BIRTH, Field.ID_NUMBER, Field.ID_TYPE)) {
            Map<Field, String> clear = new EnumMap<>(Field.class);
            clear.put(f, null);
            var a = KycRules.assess(fullKenyan().merge(clear));
            assertEquals(KycLevel.TIER_0, a.level(), f.wire());
            assertEquals(List.of(f.wire()), a.missingFullKycFields());
        }
    }

    @Test
    void missing_list_shrinks_with_each_write() {
        var p = floor("GH");
        assertEquals(5, KycRules.assess(p).missingFullKycFields().size());
        p = p.merge(Map.of(Field.PHONE, "+233201234567"));
        assertEquals(4, KycRules.assess(p).missingFullKycFields().size());
        p = p.merge(Map.of(Field.ADDRESS, "Accra", Field.DATE_OF_BIRTH, "05/17/1990"));
        assertEquals(List.of("id_number", "id_type"), KycRules.assess(p).missingFullKycFields());
    }

    @Test
    void nigeria_with_nin_but_without_bvn_stays_tier_0_and_requires_additional_id() {
        var p = floor("Nigeria").merge(Map.of(Field.PHONE, "+2348012345678", Field.ADDRESS, "Lagos",
                Field.DATE_OF_BIRTH, "1990-05-17", Field.ID_NUMBER, "12345678901", Field.ID_TYPE, "NIN"));
        var a = KycRules.assess(p);
        assertEquals("NG", p.contact().country());
        assertEquals(KycLevel.TIER_0, a.level());
        assertTrue(a.requiresAdditionalId());
        assertEquals(List.of("additional_id_type", "additional_id_number"), a.missingFullKycFields());
    }

    @Test
    void nigeria_with_nin_and_bvn_is_full() {
        var p = floor("NG").merge(Map.of(Field.PHONE, "+2348012345678", Field.ADDRESS, "Lagos",
                Field.DATE_OF_BIRTH, "1990-05-17", Field.ID_NUMBER, "12345678901", Field.ID_TYPE, "NIN",
                Field.ADDITIONAL_ID_TYPE, "BVN", Field.ADDITIONAL_ID_NUMBER, "22212345678"));
        var a = KycRules.assess(p);
        assertEquals(KycLevel.FULL, a.level());
        assertFalse(a.requiresAdditionalId());
    }

    @Test
    void nigeria_with_bvn_type_but_no_number_requires_additional_id() {
        var p = floor("NG").merge(Map.of(Field.PHONE, "+2348012345678", Field.ADDRESS, "Lagos",
                Field.DATE_OF_BIRTH, "1990-05-17", Field.ID_NUMBER, "12345678901", Field.ID_TYPE, "NIN",
                Field.ADDITIONAL_ID_TYPE, "BVN"));
        var a = KycRules.assess(p);
        assertEquals(KycLevel.TIER_0, a.level());
        assertTrue(a.requiresAdditionalId());
        assertEquals(List.of("additional_id_number"), a.missingFullKycFields());
    }

    @Test
    void nigeria_needs_id_type_nin() {
        var p = floor("NG").merge(Map.of(Field.PHONE, "+2348012345678", Field.ADDRESS, "Lagos",
                Field.DATE_OF_BIRTH, "1990-05-17", Field.ID_NUMBER, "A1234567", Field.ID_TYPE, "passport",
                Field.ADDITIONAL_ID_TYPE, "BVN", Field.ADDITIONAL_ID_NUMBER, "22212345678"));
        var a = KycRules.assess(p);
        assertEquals(KycLevel.TIER_0, a.level());
        assertEquals(List.of("id_type"), a.missingFullKycFields());
        assertFalse(a.requiresAdditionalId());
    }

    @Test
    void nigeria_with_a_non_bvn_additional_id_requires_additional_id() {
        var p = floor("NG").merge(Map.of(Field.ADDITIONAL_ID_TYPE, "passport", Field.ADDITIONAL_ID_NUMBER, "A1"));
        var a = KycRules.assess(p);
        assertTrue(a.requiresAdditionalId());
        assertTrue(a.missingFullKycFields().contains("additional_id_type"));
    }

    @Test
    void nigeria_floor_alone_requires_additional_id() {
        assertTrue(KycRules.assess(floor("NG")).requiresAdditionalId());
    }

    @Test
    void outside_nigeria_no_additional_id_is_required() {
        assertFalse(KycRules.assess(floor("KE")).requiresAdditionalId());
        assertFalse(KycRules.assess(fullKenyan()).missingFullKycFields().contains("additional_id_type"));
    }

    @Test
    void clearing_a_full_field_drops_back_to_tier_0() {
        Map<Field, String> clear = new EnumMap<>(Field.class);
        clear.put(Field.ADDRESS, "  ");
        assertEquals(KycLevel.TIER_0, KycRules.assess(fullKenyan().merge(clear)).level());
    }
}
