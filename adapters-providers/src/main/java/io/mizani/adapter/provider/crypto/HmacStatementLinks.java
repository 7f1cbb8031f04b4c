package io.mizani.adapter.provider.crypto;

import io.mizani.application.statement.StatementLinks;
import io.mizani.domain.statement.StatementId;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Statement download tokens: {@code base64url(statement id (16 bytes) || expiry in epoch seconds (8 bytes))} + "." +
 * {@code base64url(HMAC-SHA256 of those 24 bytes)}, under a key derived from {@code MIZANI_PII_KEY} for this purpose
 * only ({@code mizani/statements/download-link/v1}). Compared in constant time. A token is 76 characters, URL-safe.
 */
public final class HmacStatementLinks implements StatementLinks {

    static final String PURPOSE = "mizani/statements/download-link/v1";
    private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getUrlDecoder();

    private final SecretKeySpec key;

    /** {@code masterKey}: the service's secret material, MIZANI_PII_KEY (the sandbox key in sandbox mode). */
    public HmacStatementLinks(String masterKey) {
        this.key = new SecretKeySpec(AesGcmPiiProtection.derivedKey(masterKey, PURPOSE), "HmacSHA256");
    }

    @Override
    public String token(StatementId id, Instant expiresAt) {
        byte[] claims = ByteBuffer.allocate(24).putLong(id.value().getMostSignificantBits())
                .putLong(id.value().getLeastSignificantBits()).putLong(expiresAt.getEpochSecond()).array();
        return B64.encodeToString(claims) + "." + B64.encodeToString(mac(claims));
    }

    @Override
    public Optional<Grant> verify(String token) {
        if (token == null || token.length() != 76 || token.charAt(32) != '.') {
            return Optional.empty();
        }
        byte[] claims;
        byte[] tag;
        try {
            claims = B64D.decode(token.substring(0, 32));
            tag = B64D.decode(token.substring(33));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        // the canonical encoding only: a second spelling of the same bytes is not the token that was issued
        if (claims.length != 24 || tag.length != 32 || !token.equals(B64.encodeToString(claims) + "." + B64.encodeToString(tag))
                || !MessageDigest.isEqual(mac(claims), tag)) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(claims);
        return Optional.of(new Grant(new StatementId(new UUID(b.getLong(), b.getLong())),
                Instant.ofEpochSecond(b.getLong())));
    }

    private byte[] mac(byte[] claims) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
            return mac.doFinal(claims);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
