package io.mizani.adapter.provider.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
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
    void the_cipher_and_mac_kept_per_thread_stay_right_across_keys_failures_and_threads() throws Exception {
        var a = new AesGcmPiiProtection("key a");
        var b = new AesGcmPiiProtection("key b", List.of("key a"));
        String hashA = a.keyedHash("12345678");
        for (int i = 0; i < 50; i++) {
            byte[] sealedA = a.seal("value " + i);
            byte[] tampered = sealedA.clone();
            tampered[tampered.length - 1] ^= 1;
            assertThrows(IllegalStateException.class, () -> a.open(tampered)); // a failed decryption in between
            assertEquals("value " + i, a.open(sealedA));
            assertEquals("value " + i, b.open(sealedA)); // another instance, other keys, same thread
            assertEquals("value " + i, b.open(b.seal("value " + i)));
            assertEquals(hashA, a.keyedHash("12345678"));
            assertNotEquals(hashA, b.keyedHash("12345678"));
        }
        var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            var results = new java.util.ArrayList<java.util.concurrent.Future<Boolean>>();
            for (int t = 0; t < 8; t++) {
                int n = t;
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        String v = "thread " + n + " value " + i;
                        if (!v.equals(a.open(a.seal(v))) || !hashA.equals(a.keyedHash("12345678"))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (var r : results) {
                assertTrue(r.get());
            }
        } finally {
            pool.shutdownNow();
        }
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

    @Test
    void rotation_seals_under_the_new_key_and_still_opens_and_matches_under_the_previous_one() {
        var old = new AesGcmPiiProtection("old key");
        byte[] sealedOld = old.seal("CM12345678ABCD");
        var rotating = new AesGcmPiiProtection("new key", List.of("old key"));
        assertEquals("CM12345678ABCD", rotating.open(sealedOld));
        assertFalse(rotating.sealedWithCurrentKey(sealedOld));
        byte[] sealedNew = rotating.seal("CM12345678ABCD");
        assertTrue(rotating.sealedWithCurrentKey(sealedNew));
        assertNotEquals(old.keyId(), rotating.keyId());
        assertEquals(new AesGcmPiiProtection("new key").keyId(), rotating.keyId());
        assertEquals(List.of(new AesGcmPiiProtection("new key").keyedHash("x"), old.keyedHash("x")),
                rotating.keyedHashes("x"));
        // once the previous key is dropped, values still under it fail loudly, naming the key id
        var dropped = new AesGcmPiiProtection("new key");
        var refused = assertThrows(IllegalStateException.class, () -> dropped.open(sealedOld));
        assertTrue(refused.getMessage().contains(old.keyId()), refused.getMessage());
        // and the old key cannot open what the new one sealed
        assertThrows(IllegalStateException.class, () -> old.open(sealedNew));
    }

    @Test
    void the_key_id_in_the_header_is_authenticated() {
        var a = new AesGcmPiiProtection("key a", List.of("key b"));
        byte[] sealed = a.seal("secret");
        byte[] relabelled = sealed.clone();
        byte[] otherId = java.util.HexFormat.of().parseHex(new AesGcmPiiProtection("key b").keyId());
        System.arraycopy(otherId, 0, relabelled, 1, 4);
        assertThrows(IllegalStateException.class, () -> a.open(relabelled));
    }

    @Test
    void values_sealed_before_key_ids_existed_still_open_under_either_accepted_key() throws Exception {
        byte[] legacy = legacySeal("old key", "12345678901");
        assertEquals("12345678901", new AesGcmPiiProtection("old key").open(legacy));
        assertEquals("12345678901", new AesGcmPiiProtection("new key", List.of("old key")).open(legacy));
        assertFalse(new AesGcmPiiProtection("old key").sealedWithCurrentKey(legacy));
        assertThrows(IllegalStateException.class, () -> new AesGcmPiiProtection("new key").open(legacy));
    }

    /** The format of the first release: {@code 0x01 || nonce || ciphertext+tag}, key derived the same way. */
    private static byte[] legacySeal(String masterText, String plaintext) throws Exception {
        byte[] master = MessageDigest.getInstance("SHA-256").digest(masterText.getBytes(StandardCharsets.UTF_8));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(master, "HmacSHA256"));
        byte[] aes = mac.doFinal("mizani/pii/aes-gcm/v1".getBytes(StandardCharsets.UTF_8));
        byte[] nonce = new byte[12];
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(aes, "AES"), new GCMParameterSpec(128, nonce));
        byte[] ct = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
        return ByteBuffer.allocate(1 + 12 + ct.length).put((byte) 1).put(nonce).put(ct).array();
    }
}
