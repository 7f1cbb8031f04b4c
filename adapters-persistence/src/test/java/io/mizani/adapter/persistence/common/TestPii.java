package io.mizani.adapter.persistence.common;

import io.mizani.application.verification.PiiProtection;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A stand-in for the AES-GCM adapter in persistence tests: reversible (XOR) and keyed, so the stored text never
 * contains the clear value; the hash is SHA-256 over a key id and the value.
 */
public final class TestPii implements PiiProtection {

    public static final TestPii INSTANCE = new TestPii("a1");

    private final String keyId;
    private final List<String> previous;

    /** {@code previous}: key ids still accepted for matching (opening works whatever the key id). */
    public TestPii(String keyId, String... previous) {
        this.keyId = keyId;
        this.previous = List.of(previous);
    }

    @Override
    public byte[] seal(String plaintext) {
        byte[] b = (keyId + "|" + plaintext).getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < b.length; i++) {
            b[i] ^= 0x5a;
        }
        return b;
    }

    @Override
    public String open(byte[] sealed) {
        byte[] b = sealed.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] ^= 0x5a;
        }
        String s = new String(b, StandardCharsets.UTF_8);
        return s.substring(s.indexOf('|') + 1);
    }

    @Override
    public String keyedHash(String value) {
        return hash(keyId, value);
    }

    @Override
    public List<String> keyedHashes(String value) {
        List<String> all = new ArrayList<>();
        all.add(hash(keyId, value));
        previous.forEach(k -> all.add(hash(k, value)));
        return all;
    }

    private static String hash(String key, String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest((key + "|" + value).getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String keyId() {
        return keyId;
    }
}
