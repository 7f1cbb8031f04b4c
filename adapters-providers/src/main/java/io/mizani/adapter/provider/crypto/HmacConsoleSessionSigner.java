package io.mizani.adapter.provider.crypto;

import java.security.GeneralSecurityException;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import io.mizani.application.operator.ConsoleSessions;

/**
 * The console sessions' MAC: HMAC-SHA256, base64url without padding, under a key derived from the service's secret
 * (MIZANI_PII_KEY, the sandbox key in sandbox mode) for this purpose only, so every replica signs and checks alike.
 */
public final class HmacConsoleSessionSigner implements ConsoleSessions.Signer {

    static final String PURPOSE = "mizani/console/session/v1";

    private final SecretKeySpec key;

    public HmacConsoleSessionSigner(String masterKey) {
        this.key = new SecretKeySpec(AesGcmPiiProtection.derivedKey(masterKey, PURPOSE), "HmacSHA256");
    }

    @Override
    public String mac(byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(message));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
