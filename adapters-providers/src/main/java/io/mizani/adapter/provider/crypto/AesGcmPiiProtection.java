package io.mizani.adapter.provider.crypto;

import io.mizani.application.verification.PiiProtection;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Personal data at rest. Payloads, secrets and identifiers: AES-256-GCM, a random 96-bit nonce per message, sealed
 * as {@code 0x02 || key id (4 bytes) || nonce || ciphertext+tag} (values sealed before key ids existed are
 * {@code 0x01 || nonce || ciphertext+tag} and are opened by trying each accepted key). Identifiers to match:
 * HMAC-SHA256 under a key derived from the same master key (so the hash cannot be recomputed without it).
 *
 * <p>The master key is {@code MIZANI_PII_KEY}: 32 bytes in base64, or any other text, which is stretched with
 * SHA-256. Older master keys ({@code MIZANI_PII_KEY_PREVIOUS}) are accepted to open values and to match hashes, never
 * to seal. The key id is the first 4 bytes of an HMAC of a fixed label under the master key: public, stable, and
 * useless for recovering the key.
 */
public final class AesGcmPiiProtection implements PiiProtection {

    private static final byte LEGACY = 1;
    private static final byte VERSION = 2;
    private static final int KEY_ID_BYTES = 4;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    /**
     * One master key's derived keys; {@code hmac} is a Mac per thread already initialised with {@code hash} (a Mac
     * resets after doFinal, so it is reused as is; Mac.getInstance and init cost more than the HMAC of an identifier).
     */
    private record Key(byte[] id, SecretKeySpec encryption, SecretKeySpec hash, ThreadLocal<Mac> hmac) {
        Key(byte[] id, SecretKeySpec encryption, SecretKeySpec hash) {
            this(id, encryption, hash, ThreadLocal.withInitial(() -> {
                try {
                    Mac mac = Mac.getInstance("HmacSHA256");
                    mac.init(hash);
                    return mac;
                } catch (GeneralSecurityException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
    }

    /** An AES/GCM Cipher per thread: init with a fresh nonce resets it for each message (the provider lookup is not free). */
    private static final ThreadLocal<Cipher> GCM = ThreadLocal.withInitial(() -> {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    });

    private final Key current;
    private final List<Key> accepted;
    private final SecureRandom random = new SecureRandom();

    public AesGcmPiiProtection(String masterKey) {
        this(masterKey, List.of());
    }

    /** {@code previousKeys}: older master keys still accepted for opening and matching (blank entries ignored). */
    public AesGcmPiiProtection(String masterKey, List<String> previousKeys) {
        if (masterKey == null || masterKey.isBlank()) {
            throw new IllegalArgumentException("MIZANI_PII_KEY must not be empty");
        }
        this.current = key(masterKey);
        List<Key> keys = new ArrayList<>();
        keys.add(current);
        for (String previous : previousKeys) {
            if (previous != null && !previous.isBlank()) {
                Key k = key(previous);
                if (keys.stream().noneMatch(known -> Arrays.equals(known.id, k.id))) {
                    keys.add(k);
                }
            }
        }
        this.accepted = List.copyOf(keys);
    }

    private static Key key(String masterKey) {
        byte[] master = decode(masterKey.strip());
        return new Key(Arrays.copyOf(derive(master, "mizani/pii/key-id/v1"), KEY_ID_BYTES),
                new SecretKeySpec(derive(master, "mizani/pii/aes-gcm/v1"), "AES"),
                new SecretKeySpec(derive(master, "mizani/pii/identifier-hmac/v1"), "HmacSHA256"));
    }

    /**
     * A key for another purpose derived from the same master key ({@code MIZANI_PII_KEY}): HMAC-SHA256 of the
     * purpose's label under the master key, as the PII keys themselves are made. Knowing it reveals neither the
     * master key nor the other derived keys.
     */
    public static byte[] derivedKey(String masterKey, String purpose) {
        if (masterKey == null || masterKey.isBlank()) {
            throw new IllegalArgumentException("MIZANI_PII_KEY must not be empty");
        }
        return derive(decode(masterKey.strip()), purpose);
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
    public String keyId() {
        return HexFormat.of().formatHex(current.id);
    }

    @Override
    public byte[] seal(String plaintext) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = GCM.get();
            cipher.init(Cipher.ENCRYPT_MODE, current.encryption, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(current.id);
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.allocate(1 + KEY_ID_BYTES + NONCE_BYTES + sealed.length)
                    .put(VERSION).put(current.id).put(nonce).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("encryption failed", e);
        }
    }

    @Override
    public String open(byte[] sealed) {
        if (sealed != null && sealed.length >= 1 + KEY_ID_BYTES + NONCE_BYTES && sealed[0] == VERSION) {
            byte[] id = Arrays.copyOfRange(sealed, 1, 1 + KEY_ID_BYTES);
            Key key = accepted.stream().filter(k -> Arrays.equals(k.id, id)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("sealed under key " + HexFormat.of().formatHex(id)
                            + ", which is neither MIZANI_PII_KEY nor in MIZANI_PII_KEY_PREVIOUS"));
            return decrypt(key, sealed, 1 + KEY_ID_BYTES, true);
        }
        if (sealed != null && sealed.length >= 1 + NONCE_BYTES && sealed[0] == LEGACY) {
            for (Key key : accepted) {
                try {
                    return decrypt(key, sealed, 1, false);
                } catch (IllegalStateException wrongKey) {
                    // try the next accepted key
                }
            }
            throw new IllegalStateException("decryption failed (wrong MIZANI_PII_KEY or tampered data)");
        }
        throw new IllegalStateException("not a sealed payload");
    }

    private static String decrypt(Key key, byte[] sealed, int nonceAt, boolean keyIdAuthenticated) {
        try {
            Cipher cipher = GCM.get();
            cipher.init(Cipher.DECRYPT_MODE, key.encryption, new GCMParameterSpec(TAG_BITS, sealed, nonceAt, NONCE_BYTES));
            if (keyIdAuthenticated) {
                cipher.updateAAD(key.id);
            }
            int at = nonceAt + NONCE_BYTES;
            byte[] plain = cipher.doFinal(sealed, at, sealed.length - at);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("decryption failed (wrong MIZANI_PII_KEY or tampered data)", e);
        }
    }

    @Override
    public boolean sealedWithCurrentKey(byte[] sealed) {
        return sealed != null && sealed.length > KEY_ID_BYTES && sealed[0] == VERSION
                && Arrays.equals(Arrays.copyOfRange(sealed, 1, 1 + KEY_ID_BYTES), current.id);
    }

    @Override
    public String keyedHash(String value) {
        return hash(current, value);
    }

    @Override
    public List<String> keyedHashes(String value) {
        return accepted.stream().map(k -> hash(k, value)).toList();
    }

    private static String hash(Key key, String value) {
        return HexFormat.of().formatHex(key.hmac.get().doFinal(value.getBytes(StandardCharsets.UTF_8)));
    }
}
