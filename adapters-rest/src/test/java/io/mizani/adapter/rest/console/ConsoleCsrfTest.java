package io.mizani.adapter.rest.console;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.mizani.domain.error.DomainError;

/** The console's CSRF tokens behind several replicas: each derives the same key, so a form rendered by one posts to another. */
class ConsoleCsrfTest {

    static byte[] key(String seed) {
        byte[] k = Arrays.copyOf(seed.getBytes(StandardCharsets.UTF_8), 32);
        return k;
    }

    @Test
    void a_form_rendered_by_one_replica_is_accepted_by_another_and_refused_under_another_key() {
        ConsoleCsrf replicaA = new ConsoleCsrf(key("the same derived key"));
        ConsoleCsrf replicaB = new ConsoleCsrf(key("the same derived key"));
        ConsoleCsrf otherService = new ConsoleCsrf(key("another service's key"));
        String token = replicaA.token("operator");
        assertDoesNotThrow(() -> replicaB.check("operator", token, "same-origin", null, "console.example"));
        assertThrows(DomainError.class, () -> otherService.check("operator", token, "same-origin", null, "console.example"));
        // another operator's token, a cross-site post and a foreign origin are refused on every replica
        assertThrows(DomainError.class, () -> replicaB.check("finance1", token, "same-origin", null, "console.example"));
        assertThrows(DomainError.class, () -> replicaB.check("operator", token, "cross-site", null, "console.example"));
        assertThrows(DomainError.class,
                () -> replicaB.check("operator", token, null, "https://evil.example", "console.example"));
        assertThrows(IllegalArgumentException.class, () -> new ConsoleCsrf(new byte[8]));
    }
}
