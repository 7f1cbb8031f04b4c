package io.mizani.adapter.provider.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.application.verification.ProviderRequest;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.InputValidator;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SandboxVerificationProviderTest {

    final SandboxVerificationProvider sandbox = new SandboxVerificationProvider(50);

    CheckOutcome run(String check, Map<String, String> body) {
        var def = CheckCatalogue.standard().find(check).orElseThrow();
        return sandbox.run(new ProviderRequest("vt_x", def, InputValidator.validate(def, body), def.country(), Optional.empty()));
    }

    @Test
    void outcome_follows_the_last_two_characters_of_the_identifier() {
        var v = assertInstanceOf(CheckOutcome.Verified.class, run("nin", Map.of("number_nin", "12345678912")));
        assertEquals("VERIFIED", v.answer().verificationStatus());
        assertEquals(v.answer().subjectName(),
                assertInstanceOf(CheckOutcome.Verified.class, run("nin", Map.of("number_nin", "12345678912"))).answer().subjectName());
        assertTrue(assertInstanceOf(CheckOutcome.NotVerified.class, run("nin", Map.of("number_nin", "12345678900"))).providerCharged());
        assertFalse(assertInstanceOf(CheckOutcome.NotVerified.class, run("nin", Map.of("number_nin", "12345678901"))).providerCharged());
        assertInstanceOf(CheckOutcome.ProviderUnavailable.class, run("nin", Map.of("number_nin", "12345678999")));
    }

    @Test
    void tax_checks_state_a_taxpayer_class() {
        assertEquals("Non-Individual", assertInstanceOf(CheckOutcome.Verified.class,
                run("tin_global", Map.of("tin", "1234567", "country", "NG"))).answer().taxpayerClass());
        assertEquals("Sole Proprietor", assertInstanceOf(CheckOutcome.Verified.class,
                run("tin_global", Map.of("tin", "2234567", "country", "NG"))).answer().taxpayerClass());
        assertEquals(null, assertInstanceOf(CheckOutcome.Verified.class,
                run("tin_global", Map.of("tin", "3234567", "country", "NG"))).answer().taxpayerClass());
        assertTrue(assertInstanceOf(CheckOutcome.Verified.class,
                run("tin_global", Map.of("tin", "1234567", "country", "NG"))).answer().payloadJson().contains("\"taxpayer_class\""));
    }
}
