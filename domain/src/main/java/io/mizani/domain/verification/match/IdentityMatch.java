package io.mizani.domain.verification.match;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The identity match of platform.md section 13: how what the customer typed compares with what the registry
 * returned, the same whichever provider answered.
 *
 * <p>Names ({@link NameSimilarity} for normalisation and token similarity):
 * <ul>
 *   <li>{@code exact}: the field's tokens equal the registry's for that field in any order (the first name against
 *       the registry's first and middle names together: a middle name the customer left out makes it partial), or all the names typed equal all the
 *       registry's names in any order (Wanjiru Kamau / Kamau Wanjiru);</li>
 *   <li>{@code partial}: every token typed pairs with a distinct registry token (of any name field) exactly or
 *       partially (initial, short form, misspelling), or every registry token of the field pairs with a typed one
 *       (the customer added a middle name the registry lacks);</li>
 *   <li>{@code mismatch} otherwise; {@code not_provided} when not typed; {@code not_returned} when the registry
 *       returned no name.</li>
 * </ul>
 * Date of birth: {@code exact} when equal, {@code partial} when day and month are swapped, else {@code mismatch}.
 *
 * <p>Score: {@code round(100 × Σ weight × credit / Σ weight)} over the fields provided, weights first name 35, last
 * name 35, date of birth 30; credit exact 1, partial 0.5, anything else 0. Nothing provided: 0.
 */
public record IdentityMatch(int score, MatchVerdict firstName, MatchVerdict lastName, MatchVerdict dateOfBirth) {

    public static final int FIRST_NAME_WEIGHT = 35;
    public static final int LAST_NAME_WEIGHT = 35;
    public static final int DATE_OF_BIRTH_WEIGHT = 30;
    public static final double PARTIAL_CREDIT = 0.5;

    public static IdentityMatch of(MatchRequest typed, RegistryIdentity registry) {
        RegistryIdentity r = registry == null ? RegistryIdentity.NONE : registry;
        List<String> pFirst = NameSimilarity.tokens(typed.firstName());
        List<String> pLast = NameSimilarity.tokens(typed.lastName());
        List<String> rFirst = NameSimilarity.tokens(r.firstName());
        List<String> rMiddle = NameSimilarity.tokens(r.middleName());
        List<String> rLast = NameSimilarity.tokens(r.lastName());
        List<String> rAll = new ArrayList<>(rFirst);
        rAll.addAll(rMiddle);
        rAll.addAll(rLast);
        List<String> pAll = new ArrayList<>(pFirst);
        pAll.addAll(pLast);
        boolean wholeNameExact = !pAll.isEmpty() && sameBag(pAll, rAll);

        List<String> rFirstMiddle = new ArrayList<>(rFirst);
        rFirstMiddle.addAll(rMiddle);
        MatchVerdict first = name(pFirst, List.of(rFirstMiddle), rFirstMiddle, rAll, wholeNameExact);
        MatchVerdict last = name(pLast, List.of(rLast), rLast, rAll, wholeNameExact);
        MatchVerdict dob = date(typed.dateOfBirth(), r.dateOfBirth());
        return new IdentityMatch(score(first, last, dob), first, last, dob);
    }

    private static MatchVerdict name(List<String> typed, List<List<String>> exactCandidates, List<String> field,
                                     List<String> all, boolean wholeNameExact) {
        if (typed.isEmpty()) {
            return MatchVerdict.NOT_PROVIDED;
        }
        if (all.isEmpty()) {
            return MatchVerdict.NOT_RETURNED;
        }
        if (wholeNameExact) {
            return MatchVerdict.EXACT;
        }
        for (List<String> candidate : exactCandidates) {
            if (!candidate.isEmpty() && sameBag(typed, candidate)) {
                return MatchVerdict.EXACT;
            }
        }
        if (pairsAll(typed, all, field) || (!field.isEmpty() && pairsAll(field, typed, List.of()))) {
            return MatchVerdict.PARTIAL;
        }
        return MatchVerdict.MISMATCH;
    }

    /** Whether every token of {@code from} pairs with a distinct token of {@code to} (best pairs first). */
    private static boolean pairsAll(List<String> from, List<String> to, List<String> preferred) {
        record Pair(int i, int j, double score) {
        }
        List<Pair> pairs = new ArrayList<>();
        for (int i = 0; i < from.size(); i++) {
            for (int j = 0; j < to.size(); j++) {
                NameSimilarity.Level level = NameSimilarity.compare(from.get(i), to.get(j));
                if (level == NameSimilarity.Level.NONE) {
                    continue;
                }
                double s = level == NameSimilarity.Level.EXACT ? 2
                        : NameSimilarity.jaroWinkler(from.get(i), to.get(j));
                if (preferred.contains(to.get(j))) {
                    s += 0.001;
                }
                pairs.add(new Pair(i, j, s));
            }
        }
        pairs.sort((x, y) -> Double.compare(y.score(), x.score()));
        boolean[] usedFrom = new boolean[from.size()];
        boolean[] usedTo = new boolean[to.size()];
        int paired = 0;
        for (Pair p : pairs) {
            if (!usedFrom[p.i()] && !usedTo[p.j()]) {
                usedFrom[p.i()] = true;
                usedTo[p.j()] = true;
                paired++;
            }
        }
        return paired == from.size();
    }

    private static boolean sameBag(List<String> a, List<String> b) {
        if (a.size() != b.size()) {
            return false;
        }
        Map<String, Integer> counts = new HashMap<>();
        a.forEach(t -> counts.merge(t, 1, Integer::sum));
        for (String t : b) {
            Integer c = counts.get(t);
            if (c == null || c == 0) {
                return false;
            }
            counts.put(t, c - 1);
        }
        return true;
    }

    private static MatchVerdict date(LocalDate typed, LocalDate registry) {
        if (typed == null) {
            return MatchVerdict.NOT_PROVIDED;
        }
        if (registry == null) {
            return MatchVerdict.NOT_RETURNED;
        }
        if (typed.equals(registry)) {
            return MatchVerdict.EXACT;
        }
        if (typed.getYear() == registry.getYear() && typed.getDayOfMonth() == registry.getMonthValue()
                && typed.getMonthValue() == registry.getDayOfMonth()) {
            return MatchVerdict.PARTIAL;
        }
        return MatchVerdict.MISMATCH;
    }

    static int score(MatchVerdict first, MatchVerdict last, MatchVerdict dob) {
        double weights = 0;
        double earned = 0;
        int[] w = {FIRST_NAME_WEIGHT, LAST_NAME_WEIGHT, DATE_OF_BIRTH_WEIGHT};
        MatchVerdict[] v = {first, last, dob};
        for (int i = 0; i < 3; i++) {
            if (v[i] == MatchVerdict.NOT_PROVIDED) {
                continue;
            }
            weights += w[i];
            earned += w[i] * (v[i] == MatchVerdict.EXACT ? 1 : v[i] == MatchVerdict.PARTIAL ? PARTIAL_CREDIT : 0);
        }
        return weights == 0 ? 0 : (int) Math.round(100 * earned / weights);
    }
}
