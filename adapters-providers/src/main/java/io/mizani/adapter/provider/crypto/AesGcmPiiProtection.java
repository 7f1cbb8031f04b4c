package io.mizani.adapter.provider.crypto;

import io.mizani.application.verification.PiiProtection;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Personal data at rest. Payloads and secrets: AES-256-GCM, a random 96-bit nonce per message, sealed as
 * {@code 0x01 || nonce || ciphertext+tag}. Identifiers: HMAC-SHA256 under a key derived from the same master key
 * (so the hash cannot be recomputed without it). The master key is {@code MIZANI_PII_KEY}: 32 bytes in base64, or
 * any other text, which is stretched with SHA-256.
 */
public final class AesGcmPiiProtection implements PiiProtection {

    private static final byte VERSION = 1;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec encryptionKey;
    private final SecretKeySpec hashKey;
    private final SecureRandom random = new SecureRandom();

    public AesGcmPiiProtection(String masterKey) {
        if (masterKey == null || masterKey.isBlank()) {
            throw new IllegalArgumentException("MIZANI_PII_KEY must not be empty");
        }
        byte[] master = decode(masterKey.strip());
        this.encryptionKey = new SecretKeySpec(derive(master, "mizani/pii/aes-gcm/v1"), "AES");
        this.hashKey = new SecretKeySpec(derive(master, "mizani/pii/identifier-hmac/v1"), "HmacSHA256");
    }

    private static byte[] decode(String key) {
        try {
            byte[] raw = Base64.getDecoder().decode(key);
            if (raw.length == 32) {
                return raw;
            }
        } catch (IllegalArgumentException notBase64) {
            // fall through: stretch the text
        }
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] derive(byte[] master, String purpose) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(master, "HmacSHA256"));
            return mac.doFinal(purpose.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public byte[] seal(String plaintext) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, encryptionKey, new GCMParameterSpec(TAG_BITS, nonce));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length).put(VERSION).put(nonce).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("encryption failed", e);
        }
    }

    @Override
    public String open(byte[] sealed) {
        if (sealed == null || sealed.length < 1 + NONCE_BYTES || sealed[0] != VERSION) {
            throw new IllegalStateException("not a sealed payload");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, encryptionKey, new GCMParameterSpec(TAG_BITS, sealed, 1, NONCE_BYTES));
            byte[] plain = cipher.doFinal(sealed, 1 + NONCE_BYTES, sealed.length - 1 - NONCE_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("decryption failed (wrong MIZANI_PII_KEY or tampered data)", e);
        }
    }

    @Override
    public String keyedHash(String value) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(hashKey);
            return HexFormat.of().formatHex(mac.doFinal(value.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
