package io.mizani.application.verification;

import java.util.List;

/**
 * Protection of personal data at rest: authenticated encryption of payloads, secrets and identifiers, and a keyed
 * hash of identifiers (so identical identifiers can be matched without being stored). Implemented outside the
 * application (crypto lives in an adapter).
 *
 * <p>Key rotation: one key seals and hashes ({@link #keyId()}); older keys may still be accepted to open values and
 * to match hashes ({@link #keyedHashes}) until every stored value has been sealed again under the current key.
 */
public interface PiiProtection {

    byte[] seal(String plaintext);

    String open(byte[] sealed);

    /** A keyed hash (hex) of {@code value}: equal inputs give equal hashes, and it cannot be reversed without the key. */
    String keyedHash(String value);

    /** A short public id (hex) of the key that seals and hashes now; never reveals the key. */
    default String keyId() {
        return "0";
    }

    /** Whether {@code sealed} was sealed under the current key (false: it should be sealed again). */
    default boolean sealedWithCurrentKey(byte[] sealed) {
        return true;
    }

    /** The hash of {@code value} under every accepted key, the current key's first. */
    default List<String> keyedHashes(String value) {
        return List.of(keyedHash(value));
    }
}
