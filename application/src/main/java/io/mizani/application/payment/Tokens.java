package io.mizani.application.payment;

import java.security.SecureRandom;
import java.util.Base64;

import io.mizani.domain.tenancy.ApiSecret;

/** Random identifiers: payment references, checkout tokens, webhook ids and secrets. */
public final class Tokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".toCharArray();

    private Tokens() {
    }

    /**
     * The service's own payment reference, e.g. {@code MZP7K2QX...}: 20 characters after the prefix, each one of the
     * alphabet's 32 (100 random bits). One draw of 20 bytes, each byte's low five bits naming a character (256 is a
     * multiple of 32, so every character is equally likely): a draw per character cost an acceptance twenty
     * round trips through the random source's lock and mixing (docs/performance.md "The acceptance's own work").
     */
    public static String paymentReference() {
        byte[] b = new byte[20];
        RANDOM.nextBytes(b);
        char[] reference = new char[3 + b.length];
        "MZP".getChars(0, 3, reference, 0);
        for (int i = 0; i < b.length; i++) {
            reference[3 + i] = ALPHABET[b[i] & (ALPHABET.length - 1)];
        }
        return new String(reference);
    }

    /** 256 random bits, URL-safe: the unguessable part of a hosted checkout URL. */
    public static String checkoutToken() {
        return urlSafe(32);
    }

    /** A Standard Webhooks message id. */
    public static String webhookId() {
        return "msg_" + urlSafe(18);
    }

    /** A Standard Webhooks signing secret, the same form as at onboarding ({@link ApiSecret#newWebhookSecret()}). */
    public static String webhookSecret() {
        return ApiSecret.newWebhookSecret();
    }

    private static String urlSafe(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }
}
