package io.mizani.domain.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;

import org.junit.jupiter.api.Test;

class ApiSecretTest {

    @Test
    void secrets_carry_32_random_bytes_and_differ() {
        String a = ApiSecret.newSecret();
        assertEquals(32, Base64.getUrlDecoder().decode(a).length);
        assertNotEquals(a, ApiSecret.newSecret());
    }

    @Test
    void only_the_issued_secret_matches_its_hash() {
        String secret = ApiSecret.newSecret();
        byte[] stored = ApiSecret.hash(secret);
        assertTrue(ApiSecret.matches(secret, stored));
        assertFalse(ApiSecret.matches(secret + "x", stored));
        assertFalse(ApiSecret.matches(null, stored));
    }

    @Test
    void webhook_secrets_follow_the_standard_webhooks_form() {
        String s = ApiSecret.newWebhookSecret();
        assertTrue(s.startsWith("whsec_"));
        assertEquals(32, Base64.getDecoder().decode(s.substring(6)).length);
    }
}
