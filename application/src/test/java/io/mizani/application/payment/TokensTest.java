package io.mizani.application.payment;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokensTest {

    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    @Test
    void a_payment_reference_is_the_prefix_and_twenty_characters_of_the_alphabet_each_as_likely_at_every_place() {
        int n = 32_000;
        int[][] seen = new int[20][ALPHABET.length()];
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            String r = Tokens.paymentReference();
            assertEquals(23, r.length(), r);
            assertTrue(r.startsWith("MZP"), r);
            for (int at = 0; at < 20; at++) {
                int c = ALPHABET.indexOf(r.charAt(3 + at));
                assertTrue(c >= 0, "not of the alphabet: " + r);
                seen[at][c]++;
            }
            distinct.add(r);
        }
        assertEquals(n, distinct.size(), "100 random bits: no two alike");
        // 1,000 expected per character and place (a standard deviation of 31): a character drawn with half or twice
        // its share (a biased or truncated draw) falls far outside [800, 1200], which a fair draw leaves (6.4
        // deviations) with odds of about 1 in 10^7 over all 640 counts
        for (int at = 0; at < 20; at++) {
            for (int c = 0; c < ALPHABET.length(); c++) {
                int count = seen[at][c];
                assertTrue(count > 800 && count < 1200,
                        "character " + ALPHABET.charAt(c) + " at place " + at + " drawn " + count + " times of " + n);
            }
        }
    }
}
