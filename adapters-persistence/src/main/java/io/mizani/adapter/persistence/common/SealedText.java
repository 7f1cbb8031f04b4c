package io.mizani.adapter.persistence.common;

import io.mizani.application.verification.PiiProtection;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import java.util.Base64;
import java.util.List;

/**
 * Identifiers in text columns, sealed by {@link PiiProtection} (AES-GCM under {@code MIZANI_PII_KEY}) and written as
 * {@code pii:<key id>:<base64>}. The key id in the clear lets SQL find the rows still sealed under an older key
 * ({@code NOT LIKE 'pii:<current id>:%'}) when the key is rotated; it reveals nothing about the key. Identifiers
 * that are searched or must be unique are matched through {@link #hash} (an HMAC under a key derived from the same
 * master key), never stored in the clear.
 */
@Singleton
public class SealedText {

    public static final String PREFIX = "pii:";

    private final PiiProtection pii;

    @Inject
    public SealedText(PiiProtection pii) {
        this.pii = pii;
    }

    /** The stored form of {@code clear}; null stays null. */
    public String seal(String clear) {
        if (clear == null) {
            return null;
        }
        return PREFIX + pii.keyId() + ":" + Base64.getEncoder().encodeToString(pii.seal(clear));
    }

    /**
     * The clear value of a stored one; null stays null. A value without the prefix is a row written before the
     * identifiers were sealed and not yet converted: it is returned as it is (the converter seals it at start).
     */
    public String open(String stored) {
        if (stored == null || !isSealed(stored)) {
            return stored;
        }
        int colon = stored.indexOf(':', PREFIX.length());
        return pii.open(Base64.getDecoder().decode(stored.substring(colon + 1)));
    }

    public static boolean isSealed(String stored) {
        return stored != null && stored.startsWith(PREFIX) && stored.indexOf(':', PREFIX.length()) > 0;
    }

    /** Whether a stored value is in the clear or sealed under another key than the current one. */
    public boolean needsSealing(String stored) {
        return stored != null && !stored.startsWith(currentPrefix());
    }

    /** {@code pii:<current key id>:}, the start of every value sealed under the current key. */
    public String currentPrefix() {
        return PREFIX + pii.keyId() + ":";
    }

    /** The keyed hash of {@code value} for one purpose (the purpose keeps hashes of different fields apart). */
    public String hash(String purpose, String value) {
        return value == null ? null : pii.keyedHash(purpose + ":" + value);
    }

    /** The hash under every accepted key (the current one first), for lookups while a rotation is under way. */
    public List<String> hashes(String purpose, String value) {
        return pii.keyedHashes(purpose + ":" + value);
    }
}
