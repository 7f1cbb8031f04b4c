package io.mizani.application.verification;

import io.mizani.domain.verification.LookupId;
import java.security.SecureRandom;

/** Lookup ids ({@code vt_} + 26 lower-case base32 characters, 130 random bits) and charge references. */
public final class LookupIds {

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private LookupIds() {
    }

    public static LookupId next() {
        return LookupId.of("vt_" + random(26));
    }

    private static String random(int length) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return new String(out);
    }
}
