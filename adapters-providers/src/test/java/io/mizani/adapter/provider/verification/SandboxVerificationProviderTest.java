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

    final SandboxVerificationProvider backup = new SandboxVerificationProvider(SandboxVerificationProvider.BACKUP, 50);

    CheckOutcome runBackup(String check, Map<String, String> body) {
        var def = CheckCatalogue.standard().find(check).orElseThrow();
        return backup.run(new ProviderRequest("vt_x", def, InputValidator.validate(def, body), def.country(), Optional.empty()));
    }

    @Test
    void identifier_97_is_unavailable_on_sandbox_and_answered_by_sandbox_backup_with_the_same_subject() {
        assertInstanceOf(CheckOutcome.ProviderUnavailable.class, run("nin", Map.of("number_nin", "12345678997")));
        var v = assertInstanceOf(CheckOutcome.Verified.class, runBackup("nin", Map.of("number_nin", "12345678997")));
        var same = assertInstanceOf(CheckOutcome.Verified.class, run("nin", Map.of("number_nin", "12345678996")));
        assertEquals("sandbox_backup", backup.name(null));
        // the subject is the identifier's, whichever sandbox answers
        assertEquals(assertInstanceOf(CheckOutcome.Verified.class,
                runBackup("nin", Map.of("number_nin", "12345678996"))).answer().subjectName(), same.answer().subjectName());
        assertTrue(v.answer().subjectName() != null);
        assertInstanceOf(CheckOutcome.ProviderUnavailable.class, runBackup("nin", Map.of("number_nin", "12345678999")));
    }

    @Test
    void both_sandboxes_return_a_date_of_birth_from_the_last_two_digits() {
        // 12 mod 28 + 1 = 13; 97 mod 28 + 1 = 14; 55 mod 28 + 1 = 28; 56 mod 28 + 1 = 1
        assertTrue(assertInstanceOf(CheckOutcome.Verified.class, run("nin", Map.of("number_nin", "12345678912")))
                .answer().payloadJson().contains("\"date_of_birth\":\"1990-01-13\""));
        var backupAnswer = assertInstanceOf(CheckOutcome.Verified.class,
                runBackup("nin", Map.of("number_nin", "12345678997"))).answer();
        assertTrue(backupAnswer.payloadJson().contains("\"date_of_birth\":\"1990-01-14\""));
        assertEquals(java.time.LocalDate.of(1990, 1, 14), backupAnswer.identity().dateOfBirth());
        assertEquals(java.time.LocalDate.of(1990, 1, 28), SandboxVerificationProvider.dateOfBirth("12345678955"));
        assertEquals(java.time.LocalDate.of(1990, 1, 1), SandboxVerificationProvider.dateOfBirth("12345678956"));
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
