package io.mizani.domain.verification.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;

import org.junit.jupiter.api.Test;

/**
 * The edges of the identity match that the verdict table of {@link NameMatchTest} does not reach: the length bounds
 * of short forms and misspellings, the Jaro-Winkler prefix and its 0.7 gate, the best-pairs-first assignment of
 * tokens, and a registry's single full name split into parts.
 */
class MatchEdgesTest {

    @Test
    void token_comparison_levels_at_their_bounds() {
        assertEquals(NameSimilarity.Level.EXACT, NameSimilarity.compare("amina", "amina"));
        assertEquals(NameSimilarity.Level.PARTIAL, NameSimilarity.compare("a", "amina"), "an initial");
        assertEquals(NameSimilarity.Level.NONE, NameSimilarity.compare("b", "amina"), "another initial");
        // a short form of exactly SHORT_FORM_MIN letters counts, one letter less does not
        assertEquals(NameSimilarity.Level.PARTIAL, NameSimilarity.compare("seun", "oluwaseun"));
        assertEquals(NameSimilarity.Level.PARTIAL, NameSimilarity.compare("oluwaseun", "seun"), "either order");
        assertEquals(NameSimilarity.Level.PARTIAL, NameSimilarity.compare("chri", "christopher"), "a beginning");
        assertEquals(NameSimilarity.Level.NONE, NameSimilarity.compare("eun", "oluwaseun"));
        assertEquals(NameSimilarity.Level.NONE, NameSimilarity.compare("chr", "christopher"));
        // a misspelling is only judged when both tokens have 4 letters or more
        assertEquals(NameSimilarity.Level.PARTIAL, NameSimilarity.compare("otieno", "otiano"));
        // abcd/abdc: Jaro 0.9167, prefix 2: 0.9333; abc/abcd: Jaro 0.9167, prefix 3: 0.9417, both over the threshold
        assertEquals(NameSimilarity.Level.PARTIAL, NameSimilarity.compare("abcd", "abdc"), "4 letters over the threshold");
        assertTrue(NameSimilarity.jaroWinkler("abc", "abcd") >= NameSimilarity.THRESHOLD);
        assertEquals(NameSimilarity.Level.NONE, NameSimilarity.compare("abc", "abcd"),
                "3 letters are neither a short form nor a misspelling");
        assertEquals(NameSimilarity.Level.NONE, NameSimilarity.compare("abcd", "abce"), "JW 0.8833 is under the threshold");
        assertEquals(NameSimilarity.Level.NONE, NameSimilarity.compare("kamau", "kariuki"));
    }

    @Test
    void jaro_winkler_prefix_and_gate() {
        // jaro("abcd","abce") = (3/4 + 3/4 + 1) / 3 = 0.8333; prefix 3: 0.8333 + 0.3 × 0.1667 = 0.8833
        assertEquals(0.8833, NameSimilarity.jaroWinkler("abcd", "abce"), 0.0001);
        // the prefix counts at most 4 characters: jaro("abcdefgh","abcdefgx") = 0.9167; + 0.4 × 0.0833 = 0.95
        assertEquals(0.95, NameSimilarity.jaroWinkler("abcdefgh", "abcdefgx"), 0.0001);
        // at or under 0.7 the Jaro similarity is answered as it is, prefix or not
        double jaro = NameSimilarity.jaro("abxyzuvw", "abqrstmn");
        assertTrue(jaro <= 0.7, "fixture: " + jaro);
        assertEquals(jaro, NameSimilarity.jaroWinkler("abxyzuvw", "abqrstmn"), 0.0);
        assertEquals(1.0, NameSimilarity.jaro("", ""), 0.0);
        assertEquals(0.0, NameSimilarity.jaro("", "a"), 0.0);
        assertEquals(0.0, NameSimilarity.jaro("abc", "xyz"), 0.0);
    }

    @Test
    void tokens_pair_best_first() {
        // typed "Oluwaseun Seun" against a registry's Seun / Oluwaseunn: taken in reading order, "oluwaseun" would
        // pair with "seun" (a short form) and leave "seun" nothing; best pairs first, seun=seun (exact) and
        // oluwaseun~oluwaseunn (misspelling) both pair: partial, not mismatch
        IdentityMatch m = IdentityMatch.of(new MatchRequest("Oluwaseun Seun", null, null),
                new RegistryIdentity("Seun", "Oluwaseunn", "Adeyemi", null));
        assertEquals(MatchVerdict.PARTIAL, m.firstName());
    }

    @Test
    void a_repeated_token_is_not_the_same_bag() {
        // "Amina Bello" typed against a registry's Amina Amina: not the same bag of tokens (one amina, not two)
        IdentityMatch m = IdentityMatch.of(new MatchRequest("Amina", "Bello", null),
                new RegistryIdentity("Amina", null, "Amina", null));
        assertEquals(MatchVerdict.EXACT, m.firstName());
        assertEquals(MatchVerdict.MISMATCH, m.lastName());
    }

    @Test
    void a_registry_full_name_is_split_into_first_middle_and_last() {
        LocalDate dob = LocalDate.of(1990, 5, 17);
        assertEquals(new RegistryIdentity("Wanjiru", "Njeri Achieng", "Kamau", dob),
                RegistryIdentity.fromFullName("  Wanjiru Njeri  Achieng Kamau ", dob));
        assertEquals(new RegistryIdentity("Wanjiru", null, "Kamau", dob), RegistryIdentity.fromFullName("Wanjiru Kamau", dob));
        assertEquals(new RegistryIdentity("Wanjiru", null, null, dob), RegistryIdentity.fromFullName("Wanjiru", dob));
        RegistryIdentity none = RegistryIdentity.fromFullName("  ", dob);
        assertEquals(new RegistryIdentity(null, null, null, dob), none);
        assertFalse(none.hasNames());
        assertFalse(none.isEmpty(), "a date of birth alone is something");
        assertTrue(RegistryIdentity.fromFullName(null, null).isEmpty());
        assertTrue(new RegistryIdentity(null, "Njeri", null, null).hasNames());
        assertTrue(new RegistryIdentity(null, null, "Kamau", null).hasNames());
        assertFalse(new RegistryIdentity(null, null, "Kamau", null).isEmpty());
    }

    @Test
    void registry_dates_that_are_not_dates() {
        assertNull(RegistryIdentity.parseDate(null));
        assertNull(RegistryIdentity.parseDate("  "));
        assertNull(RegistryIdentity.parseDate("not a date"));
        assertEquals(LocalDate.of(1990, 5, 17), RegistryIdentity.parseDate("1990-05-17 00:00:00"));
    }
}
