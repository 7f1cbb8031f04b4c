package io.mizani.adapter.provider.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AesGcmPiiProtectionTest {

    @Test
    void seals_and_opens_and_never_contains_the_plaintext() {
        var pii = new AesGcmPiiProtection("a sandbox key");
        byte[] sealed = pii.seal("{\"id\":\"12345678901\"}");
        assertFalse(new String(sealed, StandardCharsets.ISO_8859_1).contains("12345678901"));
        assertEquals("{\"id\":\"12345678901\"}", pii.open(sealed));
        assertNotEquals(new String(sealed, StandardCharsets.ISO_8859_1),
                new String(pii.seal("{\"id\":\"12345678901\"}"), StandardCharsets.ISO_8859_1));
    }

    @Test
    void another_key_cannot_open_and_tampering_is_detected() {
        byte[] sealed = new AesGcmPiiProtection("key one").seal("secret");
        assertThrows(IllegalStateException.class, () -> new AesGcmPiiProtection("key two").open(sealed));
        sealed[sealed.length - 1] ^= 1;
        assertThrows(IllegalStateException.class, () -> new AesGcmPiiProtection("key one").open(sealed));
    }

    @Test
    void keyed_hash_is_stable_per_key() {
        assertEquals(new AesGcmPiiProtection("k").keyedHash("x"), new AesGcmPiiProtection("k").keyedHash("x"));
        assertNotEquals(new AesGcmPiiProtection("k").keyedHash("x"), new AesGcmPiiProtection("j").keyedHash("x"));
    }
}
