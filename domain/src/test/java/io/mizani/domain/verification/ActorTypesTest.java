package io.mizani.domain.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ActorTypesTest {

    private final CheckCatalogue catalogue = CheckCatalogue.standard();

    private Optional<String> actor(String check, String identifier, String taxpayerClass) {
        return ActorTypes.of(catalogue.find(check).orElseThrow(), identifier, taxpayerClass);
    }

    @Test
    void kra_pin_class_comes_from_the_pin() {
        assertEquals(Optional.of("C"), actor("kra_pin", "P051234567X", null));
        assertEquals(Optional.of("I"), actor("kra_pin", "A001234567Z", null));
        assertEquals(Optional.empty(), actor("kra_pin", "X123", null));
    }

    @Test
    void tin_global_class_comes_from_the_taxpayer_class() {
        assertEquals(Optional.of("C"), actor("tin_global", "1234", "Non-Individual"));
        assertEquals(Optional.of("I"), actor("tin_global", "2234", "Sole Proprietor"));
        assertEquals(Optional.empty(), actor("tin_global", "3234", null));
    }

    @Test
    void company_person_and_bank_account_checks() {
        assertEquals(Optional.of("C"), actor("company_global", "RC1", null));
        assertEquals(Optional.of("I"), actor("national_id_ke", "1", null));
        assertEquals(Optional.of("I"), actor("passport_ng", "1", null));
        assertEquals(Optional.of("I"), actor("phone", "1", null));
        assertEquals(Optional.empty(), actor("bank_account_ke", "1", null));
    }
}
