package io.mizani.domain.screening;

import io.mizani.domain.verification.match.NameSimilarity;

import java.util.ArrayList;
import java.util.List;

/**
 * How close a screened name is to a listed name, 0-100 (docs/screening.md). Both are normalised with the identity
 * match's own code ({@link NameSimilarity#tokens}: Unicode, diacritics, case, punctuation) and compared token by
 * token in any order, each token pairing with at most one of the other side, best pairs first. A pair earns:
 * <ul>
 *   <li>1 when equal (two neighbouring tokens one side writes as one word count as that word: Abdul Rahman /
 *       Abdulrahman);</li>
 *   <li>its Jaro-Winkler similarity when {@link NameSimilarity#compare} calls it a small misspelling (0.90 or more);</li>
 *   <li>{@value #SKELETON_CREDIT} when both have 4 letters or more and are one transliteration ({@link #sameSkeleton}:
 *       Mohammed/Muhammad, Usama/Osama);</li>
 *   <li>{@value #SHORT_FORM_CREDIT} for a short form (Tunde/Babatunde) and {@value #INITIAL_CREDIT} for an initial
 *       (J/John).</li>
 * </ul>
 * {@code score = round(100 × 2Σ / (1.5 × shorter + 0.5 × longer))} where shorter and longer are the two names' token
 * counts (0 when no two words of 2 letters or more pair: initials alone say nothing): a Dice coefficient in which a token the longer name has beyond the shorter one costs half (a missing middle
 * name still scores 89; two unrelated names sharing one surname score 50).
 */
public final class NameScore {

    /** The score from which a listed name is a potential match (the table of variants in NameScreeningTest). */
    public static final int THRESHOLD = 85;
    public static final double SKELETON_CREDIT = 0.9;
    public static final double SHORT_FORM_CREDIT = 0.8;
    public static final double INITIAL_CREDIT = 0.8;

    private NameScore() {
    }

    /** The name's normalised tokens. */
    public static String[] tokens(String name) {
        return NameSimilarity.tokens(name).toArray(String[]::new);
    }

    /** The consonant skeleton of a token: letters but vowels (and y, h after a consonant kept), repeats collapsed. */
    public static String skeleton(String token) {
        StringBuilder s = new StringBuilder();
        char last = 0;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if ("aeiouy".indexOf(c) >= 0) {
                continue;
            }
            if (c != last) {
                s.append(c);
            }
            last = c;
        }
        return s.toString();
    }

    public static int score(String[] first, String[] second) {
        if (initialsOnly(first) || initialsOnly(second)) {
            return 0; // a name of initials alone says nothing
        }
        String[] a = joined(first, second);
        String[] b = joined(second, first);
        record Pair(int i, int j, double credit) {
        }
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                double c = credit(a[i], b[j]);
                if (c > 0) {
                    pairs.add(new Pair(i, j, c));
                }
            }
        }
        pairs.sort((x, y) -> Double.compare(y.credit(), x.credit()));
        boolean[] usedA = new boolean[a.length];
        boolean[] usedB = new boolean[b.length];
        double sum = 0;
        boolean word = false;
        for (Pair p : pairs) {
            if (!usedA[p.i()] && !usedB[p.j()]) {
                usedA[p.i()] = true;
                usedB[p.j()] = true;
                sum += p.credit();
                word |= a[p.i()].length() >= 2 && b[p.j()].length() >= 2;
            }
        }
        if (!word) {
            return 0; // initials alone paired: nothing says it is the same name
        }
        int shorter = Math.min(a.length, b.length);
        int longer = Math.max(a.length, b.length);
        return (int) Math.round(100 * 2 * sum / (1.5 * shorter + 0.5 * longer));
    }

    static boolean initialsOnly(String[] tokens) {
        for (String t : tokens) {
            if (t.length() >= 2) {
                return false;
            }
        }
        return true;
    }

    /**
     * The tokens with two neighbours written together where the other name writes them as one word (Abdul Rahman /
     * Abdulrahman).
     */
    static String[] joined(String[] tokens, String[] other) {
        if (tokens.length < 2) {
            return tokens;
        }
        java.util.Set<String> words = new java.util.HashSet<>(java.util.Arrays.asList(other));
        List<String> out = new ArrayList<>(tokens.length);
        for (int i = 0; i < tokens.length; i++) {
            if (i + 1 < tokens.length && words.contains(tokens[i] + tokens[i + 1])) {
                out.add(tokens[i] + tokens[i + 1]);
                i++;
            } else {
                out.add(tokens[i]);
            }
        }
        return out.size() == tokens.length ? tokens : out.toArray(String[]::new);
    }

    /**
     * Whether two tokens are one transliteration: the same consonant skeleton of 3 consonants or more
     * (Mohammed/Muhammad); with only 2, the same length with the consonants in the same places, vowels alone
     * differing (Usama/Osama, not Bola/Bilal or Otieno/Tatiana).
     */
    static boolean sameSkeleton(String x, String y) {
        String sx = skeleton(x);
        if (sx.length() < 2 || !sx.equals(skeleton(y))) {
            return false;
        }
        if (sx.length() >= 3) {
            return true;
        }
        if (x.length() != y.length()) {
            return false;
        }
        for (int i = 0; i < x.length(); i++) {
            boolean vx = "aeiouy".indexOf(x.charAt(i)) >= 0;
            boolean vy = "aeiouy".indexOf(y.charAt(i)) >= 0;
            if (vx != vy || (!vx && x.charAt(i) != y.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static double credit(String x, String y) {
        if (x.equals(y)) {
            return 1;
        }
        double best = 0;
        if (x.length() >= 4 && y.length() >= 4 && sameSkeleton(x, y)) {
            best = SKELETON_CREDIT;
        }
        if (NameSimilarity.compare(x, y) == NameSimilarity.Level.PARTIAL) {
            String shorter = x.length() <= y.length() ? x : y;
            String longer = shorter == x ? y : x;
            if (shorter.length() == 1) {
                best = Math.max(best, INITIAL_CREDIT);
            } else if (longer.startsWith(shorter) || longer.endsWith(shorter)) {
                best = Math.max(best, SHORT_FORM_CREDIT);
            } else {
                best = Math.max(best, NameSimilarity.jaroWinkler(x, y));
            }
        }
        return best;
    }
}
