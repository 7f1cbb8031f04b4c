package io.mizani.adapter.provider.payment;

import javax.crypto.Cipher;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * The disbursement PIN as Airtel's docs ask for it: RSA with PKCS#1 v1.5 padding under Airtel's public key (base64
 * X.509), the cipher text base64-encoded. PKCS#1 v1.5 padding is random, so two encryptions of one PIN differ; Airtel
 * decrypts either. Only the JDK's {@code javax.crypto} is used.
 */
public final class AirtelPin {

    private AirtelPin() {
    }

    /** Airtel's public key from its base64 X.509 form (PEM armour and whitespace tolerated). */
    public static PublicKey publicKey(String base64X509) {
        if (base64X509 == null || base64X509.isBlank()) {
            throw new IllegalArgumentException("MIZANI_AIRTEL_PUBLIC_KEY is empty");
        }
        String body = base64X509.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s+", "");
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(body)));
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            // the key is public, but a message that quotes configuration is never a good habit
            throw new IllegalArgumentException("MIZANI_AIRTEL_PUBLIC_KEY is not a base64 X.509 RSA public key", e);
        }
    }

    /** {@code base64(RSA/ECB/PKCS1Padding(pin))}. */
    public static String encrypt(String pin, PublicKey key) {
        try {
            Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
            rsa.init(Cipher.ENCRYPT_MODE, key);
            return Base64.getEncoder().encodeToString(rsa.doFinal(pin.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the Airtel PIN could not be encrypted", e);
        }
    }
}
