package io.mizani.application.common;

import io.mizani.application.payment.Tokens;
import io.mizani.application.verification.LookupIds;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RandomTextTest {

    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    @Test
    void every_character_of_the_alphabet_is_as_likely_at_every_place_and_no_two_texts_alike() {
        RandomText text = new RandomText(ALPHABET);
        int n = 32_000;
        int[][] seen = new int[20][ALPHABET.length()];
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            String r = text.next("MZP", 20);
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

    @Test
    void an_alphabet_of_other_than_32_distinct_characters_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> new RandomText(ALPHABET.substring(1)));
        assertThrows(IllegalArgumentException.class, () -> new RandomText("A" + ALPHABET.substring(1, 31) + "A"));
    }

    @Test
    void payment_references_and_lookup_ids_keep_their_forms() {
        for (int i = 0; i < 1_000; i++) {
            assertTrue(Tokens.paymentReference().matches("MZP[A-HJ-NP-Z2-9]{20}"));
            assertTrue(LookupIds.next().value().matches("vt_[a-z2-7]{26}"));
        }
    }
}
