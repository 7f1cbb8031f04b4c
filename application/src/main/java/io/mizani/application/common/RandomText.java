package io.mizani.application.common;

import java.security.SecureRandom;

/**
 * Random text over a 32-character alphabet (5 random bits a character): the one home of how the service's random
 * references and ids are drawn. One call to the random source for the whole text, each byte's low five bits naming a
 * character (256 is a multiple of 32, so every character is equally likely); a call per character cost twenty or
 * more trips through the source's lock and mixing per request (docs/performance.md "The acceptance's own work").
 */
public final class RandomText {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final char[] alphabet;

    /** {@code alphabet}: exactly 32 distinct characters. */
    public RandomText(String alphabet) {
        if (alphabet.length() != 32 || alphabet.chars().distinct().count() != 32) {
            throw new IllegalArgumentException("an alphabet of 32 distinct characters, not " + alphabet);
        }
        this.alphabet = alphabet.toCharArray();
    }

    /** {@code prefix} followed by {@code length} random characters of the alphabet. */
    public String next(String prefix, int length) {
        byte[] b = new byte[length];
        RANDOM.nextBytes(b);
        char[] text = new char[prefix.length() + length];
        prefix.getChars(0, prefix.length(), text, 0);
        for (int i = 0; i < length; i++) {
            text[prefix.length() + i] = alphabet[b[i] & 31];
        }
        return new String(text);
    }
}
