package io.mizani.domain.tenancy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Merchant API secrets are random keys, not human passwords: 32 bytes from a CSPRNG, shown once, stored as their
 * SHA-256 (a slow password hash would buy nothing against a 256-bit key and would cap throughput), compared in
 * constant time.
 */
public final class ApiSecret {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

    private ApiSecret() {
    }

    /** 32 random bytes, base64url without padding (43 characters). */
    public static String newSecret() {
        return URL.encodeToString(randomBytes(32));
    }

    /** A public, unguessable-enough username: {@code mz_} and 16 hex characters. */
    public static String newUsername() {
        return "mz_" + HexFormat.of().formatHex(randomBytes(8));
    }

    public static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    public static byte[] hash(String secret) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Constant-time comparison of a presented secret with a stored hash. */
    public static boolean matches(String presented, byte[] storedHash) {
        return presented != null && storedHash != null && MessageDigest.isEqual(hash(presented), storedHash);
    }

    /** Bytes of entropy of a webhook signing secret: one length at creation and after rotation. */
    public static final int WEBHOOK_SECRET_BYTES = 32;

    /** A Standard Webhooks signing secret: {@code whsec_} + base64 of {@value #WEBHOOK_SECRET_BYTES} random bytes. */
    public static String newWebhookSecret() {
        return "whsec_" + Base64.getEncoder().encodeToString(randomBytes(WEBHOOK_SECRET_BYTES));
    }
}
