package io.mizani.application.verification;

/**
 * Protection of personal data at rest: authenticated encryption of payloads and secrets, and a keyed hash of
 * identifiers (so identical identifiers can be matched without being stored). Implemented outside the application
 * (crypto lives in an adapter).
 */
public interface PiiProtection {

    byte[] seal(String plaintext);

    String open(byte[] sealed);

    /** A keyed hash (hex) of {@code value}: equal inputs give equal hashes, and it cannot be reversed without the key. */
    String keyedHash(String value);
}
