package io.mizani.adapter.provider.payment;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Paystack's webhook signature: {@code x-paystack-signature} is the HMAC-SHA512 of the raw request body keyed with the
 * secret key, in hex. Compared in constant time on the exact bytes received (never a re-serialised body).
 */
public final class PaystackSignature {

    private final byte[] key;

    public PaystackSignature(String secretKey) {
        this.key = secretKey.getBytes(StandardCharsets.UTF_8);
    }

    /** The hex HMAC-SHA512 of {@code body}. */
    public String sign(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA512");
            mac.init(new SecretKeySpec(key, "HmacSHA512"));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code header} is this body's signature; an absent or malformed header is not. */
    public boolean valid(byte[] body, String header) {
        if (body == null || header == null) {
            return false;
        }
        String given = header.trim().toLowerCase(Locale.ROOT);
        if (given.length() != 128 || !given.chars().allMatch(ch -> (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'))) {
            return false;
        }
        return MessageDigest.isEqual(sign(body).getBytes(StandardCharsets.US_ASCII),
                given.getBytes(StandardCharsets.US_ASCII));
    }
}
