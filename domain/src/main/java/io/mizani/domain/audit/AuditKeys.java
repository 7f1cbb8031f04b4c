package io.mizani.domain.audit;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SecureRandomSpi;
import java.security.Signature;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * The audit checkpoint's Ed25519 key pair, made by the JDK's own {@code KeyPairGenerator.getInstance("Ed25519")}
 * from a 32-byte seed (an Ed25519 private key is 32 random bytes: the generator is handed the seed as its
 * randomness, so one seed always gives the same pair, and the JDK derives the public key).
 */
public final class AuditKeys {

    private final KeyPair pair;
    private final String keyId;

    private AuditKeys(KeyPair pair) {
        this.pair = pair;
        this.keyId = keyId(pair.getPublic());
    }

    /** The pair of a 32-byte seed. */
    public static AuditKeys fromSeed(byte[] seed) {
        if (seed == null || seed.length != 32) {
            throw new IllegalArgumentException("an Ed25519 seed is 32 bytes");
        }
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("Ed25519");
            g.initialize(NamedParameterSpec.ED25519, new FixedRandom(seed));
            return new AuditKeys(g.generateKeyPair());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is part of every JDK since 15", e);
        }
    }

    /**
     * The pair of {@code MIZANI_AUDIT_SIGNING_KEY}: base64 (standard or URL-safe) or hex of 32 bytes, the seed.
     */
    public static AuditKeys fromConfigured(String text) {
        String t = text.trim();
        byte[] seed;
        if (t.matches("[0-9a-fA-F]{64}")) {
            seed = java.util.HexFormat.of().parseHex(t);
        } else {
            try {
                seed = t.contains("-") || t.contains("_") ? Base64.getUrlDecoder().decode(t) : Base64.getDecoder().decode(t);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("MIZANI_AUDIT_SIGNING_KEY must be 32 bytes in base64 or hex");
            }
        }
        if (seed.length != 32) {
            throw new IllegalArgumentException("MIZANI_AUDIT_SIGNING_KEY must be 32 bytes in base64 or hex, not "
                    + seed.length + " bytes");
        }
        return fromSeed(seed);
    }

    /** The sandbox key: SHA-256 of a fixed label and the salt the database was given at its first start. */
    public static AuditKeys sandbox(String salt) {
        return fromSeed(java.util.HexFormat.of().parseHex(AuditChain.sha256Hex("mizani-audit-sandbox-key\n" + salt)));
    }

    public String keyId() {
        return keyId;
    }

    /** The public key as base64 of its X.509 SubjectPublicKeyInfo DER. */
    public String publicKeyBase64() {
        return Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
    }

    public String sign(String message) {
        try {
            Signature s = Signature.getInstance("Ed25519");
            s.initSign(pair.getPrivate());
            s.update(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(s.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code signatureBase64} is an Ed25519 signature of {@code message} by {@code publicKeyBase64}. */
    public static boolean verify(String publicKeyBase64, String message, String signatureBase64) {
        try {
            PublicKey key = KeyFactory.getInstance("Ed25519")
                    .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(publicKeyBase64)));
            Signature s = Signature.getInstance("Ed25519");
            s.initVerify(key);
            s.update(message.getBytes(StandardCharsets.UTF_8));
            return s.verify(Base64.getDecoder().decode(signatureBase64));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    /** First 16 hex digits of the SHA-256 of the public key's DER. */
    public static String keyId(PublicKey key) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
            return "ed25519:" + java.util.HexFormat.of().formatHex(Arrays.copyOf(d, 8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Randomness that is the seed: what Ed25519 key generation reads as the private key. */
    private static final class FixedRandom extends SecureRandom {
        private static final long serialVersionUID = 1L;

        FixedRandom(byte[] seed) {
            super(new SeedSpi(seed), null);
        }
    }

    private static final class SeedSpi extends SecureRandomSpi {
        private static final long serialVersionUID = 1L;
        private final byte[] seed;

        SeedSpi(byte[] seed) {
            this.seed = seed.clone();
        }

        @Override
        protected void engineSetSeed(byte[] s) {
        }

        @Override
        protected void engineNextBytes(byte[] bytes) {
            if (bytes.length != seed.length) {
                throw new IllegalStateException("Ed25519 key generation reads 32 bytes");
            }
            System.arraycopy(seed, 0, bytes, 0, bytes.length);
        }

        @Override
        protected byte[] engineGenerateSeed(int n) {
            throw new UnsupportedOperationException();
        }
    }
}
