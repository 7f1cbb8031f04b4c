package io.mizani.application.payment;

import java.security.SecureRandom;
import java.util.Base64;

import io.mizani.application.common.RandomText;
import io.mizani.domain.tenancy.ApiSecret;

/** Random identifiers: payment references, checkout tokens, webhook ids and secrets. */
public final class Tokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final RandomText REFERENCE = new RandomText("ABCDEFGHJKLMNPQRSTUVWXYZ23456789");

    private Tokens() {
    }

    /** The service's own payment reference, e.g. {@code MZP7K2QX...}: 20 characters after the prefix (100 bits). */
    public static String paymentReference() {
        return REFERENCE.next("MZP", 20);
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
