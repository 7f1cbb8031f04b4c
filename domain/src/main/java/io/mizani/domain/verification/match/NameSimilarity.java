package io.mizani.domain.verification.match;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Name normalisation and token similarity for identity matching.
 * <ul>
 *   <li>{@link #tokens}: Unicode NFKD, combining marks (diacritics) dropped, a few letters NFKD leaves alone folded
 *       (ß, ø, ł, đ, æ, œ), lower case, apostrophes dropped ({@code O'Neil} = {@code ONeil}), every other
 *       non-letter, non-digit (hyphens, dots, commas) a space, split on spaces.</li>
 *   <li>{@link #jaroWinkler}: the Jaro-Winkler similarity (Winkler prefix scale 0.1 over at most 4 characters,
 *       applied when the Jaro similarity exceeds 0.7).</li>
 *   <li>{@link #compare}: two tokens are {@code exact} when equal; {@code partial} when one is the other's initial,
 *       when the shorter (4 letters or more) begins or ends the longer (short forms: Seun/Oluwaseun,
 *       Tunde/Babatunde, Chris/Christopher), or when their Jaro-Winkler similarity is at least
 *       {@link #THRESHOLD} (both 4 letters or more).</li>
 * </ul>
 */
public final class NameSimilarity {

    /**
     * Jaro-Winkler similarity from which two different tokens count as a small misspelling of each other. Chosen from
     * the table of African name variants in NameMatchTest: spelling variants of one name score 0.92 or more
     * (Nwachukwu/Nwachuku 0.978, Mohamed/Mohammed 0.975, Muhammad/Muhammed 0.950, Adeyemi/Adeyemo 0.943,
     * Otieno/Otiano 0.922) while different names that share letters score 0.886 or less (Chinedu/Chinelo 0.886,
     * Kamau/Kariuki 0.676, Achieng/Akinyi 0.643). Tokens shorter than 4 letters are never compared this way
     * (Ama/Amani scores 0.907 but they are two names: one letter is a third of a short name).
     */
    public static final double THRESHOLD = 0.90;

    /** Shortest short form recognised as the beginning or end of a longer name (Seun, Femi, Tobi). */
    public static final int SHORT_FORM_MIN = 4;

    public enum Level { NONE, PARTIAL, EXACT }

    private NameSimilarity() {
    }

    public static List<String> tokens(String name) {
        if (name == null) {
            return List.of();
        }
        String n = Normalizer.normalize(name, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "");
        n = n.toLowerCase(Locale.ROOT)
                .replace("ß", "ss").replace("ø", "o").replace("ł", "l").replace("đ", "d")
                .replace("æ", "ae").replace("œ", "oe").replace("ı", "i");
        n = n.replaceAll("['\u2018\u2019\u02bc`]", "");
        n = n.replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
        return n.isEmpty() ? List.of() : Arrays.asList(n.split(" "));
    }

    public static Level compare(String a, String b) {
        if (a.equals(b)) {
            return Level.EXACT;
        }
        String shorter = a.length() <= b.length() ? a : b;
        String longer = shorter == a ? b : a;
        if (shorter.length() == 1 && longer.charAt(0) == shorter.charAt(0)) {
            return Level.PARTIAL; // an initial
        }
        if (shorter.length() >= SHORT_FORM_MIN && (longer.startsWith(shorter) || longer.endsWith(shorter))) {
            return Level.PARTIAL; // a short form
        }
        if (shorter.length() >= SHORT_FORM_MIN && jaroWinkler(a, b) >= THRESHOLD) {
            return Level.PARTIAL; // a small misspelling
        }
        return Level.NONE;
    }

    public static double jaroWinkler(String a, String b) {
        double jaro = jaro(a, b);
        if (jaro <= 0.7) {
            return jaro;
        }
        int prefix = 0;
        for (int i = 0; i < Math.min(4, Math.min(a.length(), b.length())); i++) {
            if (a.charAt(i) != b.charAt(i)) {
                break;
            }
            prefix++;
        }
        return jaro + prefix * 0.1 * (1 - jaro);
    }

    static double jaro(String a, String b) {
        if (a.isEmpty() && b.isEmpty()) {
            return 1;
        }
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        int window = Math.max(0, Math.max(a.length(), b.length()) / 2 - 1);
        boolean[] aMatched = new boolean[a.length()];
        boolean[] bMatched = new boolean[b.length()];
        int matches = 0;
        for (int i = 0; i < a.length(); i++) {
            int from = Math.max(0, i - window);
            int to = Math.min(b.length() - 1, i + window);
            for (int j = from; j <= to; j++) {
                if (!bMatched[j] && a.charAt(i) == b.charAt(j)) {
                    aMatched[i] = true;
                    bMatched[j] = true;
                    matches++;
                    break;
                }
            }
        }
        if (matches == 0) {
            return 0;
        }
        int transpositions = 0;
        int k = 0;
        for (int i = 0; i < a.length(); i++) {
            if (aMatched[i]) {
                while (!bMatched[k]) {
                    k++;
                }
                if (a.charAt(i) != b.charAt(k)) {
                    transpositions++;
                }
                k++;
            }
        }
        double m = matches;
        return (m / a.length() + m / b.length() + (m - transpositions / 2.0) / m) / 3.0;
    }
}
