package io.mizani.application.verification;

import java.security.SecureRandom;

/** Lookup ids ({@code vt_} + 26 lower-case base32 characters, 130 random bits) and charge references. */
public final class LookupIds {

    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private LookupIds() {
    }

    public static String next() {
        return "vt_" + random(26);
    }

    public static String chargeReference(String lookupId) {
        return "chg_" + lookupId.substring(lookupId.indexOf('_') + 1);
    }

    private static String random(int length) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return new String(out);
    }
}
