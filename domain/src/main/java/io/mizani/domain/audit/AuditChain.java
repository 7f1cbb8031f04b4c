package io.mizani.domain.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * The audit log's hash chain (platform.md section 18): {@code hash} = hex SHA-256 of {@code prev_hash + "\n" +} the
 * event's RFC 8785 canonical JSON without {@code hash}; the first event's {@code prev_hash} is 64 zeros.
 */
public final class AuditChain {

    public static final String GENESIS = "0".repeat(64);

    private AuditChain() {
    }

    public static String hash(String prevHash, Map<String, Object> eventWithoutHash) {
        return sha256Hex(prevHash + "\n" + CanonicalJson.of(eventWithoutHash));
    }

    public static String sha256Hex(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The text a checkpoint's Ed25519 signature covers. */
    public static String checkpointMessage(long seq, String hash, String signedAt) {
        return "mizani-audit-checkpoint\n" + seq + "\n" + hash + "\n" + signedAt;
    }
}
