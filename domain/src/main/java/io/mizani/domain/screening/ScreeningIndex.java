package io.mizani.domain.screening;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The screening lists in memory, indexed so that a screen never scans a whole list (docs/screening.md): every name
 * and alias is split into {@link NameScore#tokens}, and each token of 2 letters or more is filed under blocking keys:
 * the token itself, its first three letters, its last three letters (4 letters or more) and its consonant skeleton.
 * A screened name looks up the keys of its tokens and scores only the names that share keys with enough of its
 * tokens to possibly reach {@link NameScore#THRESHOLD} (two of them for a name of two tokens or more: with one
 * token paired, no name of two tokens scores above 80). Initials are not keys: they count toward the two as
 * paired-to-be, on either side. Built once per set of list versions and then read by any number of threads.
 */
public final class ScreeningIndex {

    /** One loaded version of a list. */
    public record Source(String list, int version, Collection<ListEntry> entries) {
    }

    /** Who is screened: a full name, person or organization, and optionally a birth year and a country. */
    public record Subject(String fullName, EntryType type, Integer birthYear, String country) {
    }

    /** A listed name at or above the threshold. */
    public record Hit(String list, int listVersion, String entryId, String name, String matchedName, int score) {
    }

    private record Named(String list, int version, ListEntry entry, String name, String[] tokens, boolean initials) {

        Named(String list, int version, ListEntry entry, String name) {
            this(list, version, entry, name, NameScore.tokens(name));
        }

        private Named(String list, int version, ListEntry entry, String name, String[] tokens) {
            this(list, version, entry, name, tokens, Arrays.stream(tokens).anyMatch(t -> t.length() == 1));
        }
    }

    private final Named[] names;
    private final Map<String, int[]> postings;
    private final int entryCount;
    /** Per-thread counters as long as the index, reset after each screen (no allocation per screen). */
    private final ThreadLocal<Scratch> scratch;

    private static final class Scratch {
        final int[] hitsFrom;
        final int[] lastToken;
        final List<Integer> touched = new ArrayList<>();

        Scratch(int size) {
            hitsFrom = new int[size];
            lastToken = new int[size];
            Arrays.fill(lastToken, -1);
        }
    }

    private ScreeningIndex(Named[] names, Map<String, int[]> postings, int entryCount) {
        this.names = names;
        this.postings = postings;
        this.entryCount = entryCount;
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(names.length));
    }

    public static ScreeningIndex empty() {
        return build(List.of());
    }

    public static ScreeningIndex build(Collection<Source> sources) {
        List<Named> named = new ArrayList<>();
        int entries = 0;
        for (Source s : sources) {
            for (ListEntry e : s.entries()) {
                entries++;
                named.add(new Named(s.list(), s.version(), e, e.name()));
                for (String alias : e.aliases()) {
                    named.add(new Named(s.list(), s.version(), e, alias));
                }
            }
        }
        Map<String, IntList> building = new HashMap<>();
        for (int n = 0; n < named.size(); n++) {
            for (String token : named.get(n).tokens()) {
                for (String key : keys(token)) {
                    building.computeIfAbsent(key, k -> new IntList()).addOnce(n);
                }
            }
        }
        Map<String, int[]> postings = new HashMap<>(building.size() * 2);
        building.forEach((k, v) -> postings.put(k, v.toArray()));
        return new ScreeningIndex(named.toArray(Named[]::new), postings, entries);
    }

    public int entryCount() {
        return entryCount;
    }

    /** The blocking keys of one token (none for an initial). */
    static List<String> keys(String token) {
        if (token.length() < 2) {
            return List.of();
        }
        List<String> keys = new ArrayList<>(4);
        keys.add("t:" + token);
        if (token.length() >= 3) {
            keys.add("p:" + token.substring(0, 3));
        }
        if (token.length() >= 4) {
            keys.add("s:" + token.substring(token.length() - 3));
            String sk = NameScore.skeleton(token);
            if (sk.length() >= 2) {
                keys.add("k:" + sk);
            }
        }
        return keys;
    }

    /**
     * The hits for a subject, best first, one per entry (its best-scoring name): entries of the subject's type,
     * scoring {@link NameScore#THRESHOLD} or more, and not ruled out by a birth year more than one year apart.
     */
    public List<Hit> screen(Subject subject) {
        String[] q = NameScore.tokens(subject.fullName());
        if (q.length == 0 || names.length == 0) {
            return List.of();
        }
        boolean queryInitials = Arrays.stream(q).anyMatch(t -> t.length() == 1);
        int needed = q.length >= 2 && !queryInitials ? 2 : 1;
        Scratch scratch = this.scratch.get();
        int[] hitsFrom = scratch.hitsFrom;
        int[] lastToken = scratch.lastToken;
        List<Integer> candidates = scratch.touched;
        try {
            return screen(subject, q, needed, hitsFrom, lastToken, candidates);
        } finally {
            for (int n : candidates) { // reset only what this screen touched
                hitsFrom[n] = 0;
                lastToken[n] = -1;
            }
            candidates.clear();
        }
    }

    private List<Hit> screen(Subject subject, String[] q, int needed, int[] hitsFrom, int[] lastToken,
                             List<Integer> candidates) {
        for (int t = 0; t < q.length; t++) {
            for (String key : keys(q[t])) {
                int[] list = postings.get(key);
                if (list == null) {
                    continue;
                }
                for (int n : list) {
                    if (lastToken[n] != t) {
                        lastToken[n] = t;
                        if (++hitsFrom[n] == 1) {
                            candidates.add(n);
                        }
                    }
                }
            }
        }
        Map<String, Hit> best = new LinkedHashMap<>();
        for (int n : candidates) {
            Named named = names[n];
            if (hitsFrom[n] < needed && !named.initials()) {
                continue; // one keyed token paired at most: below the threshold whatever it scores
            }
            ListEntry e = named.entry();
            if (subject.type() != null && e.type() != subject.type()) {
                continue;
            }
            if (subject.birthYear() != null && e.birthYear() != null
                    && Math.abs(subject.birthYear() - e.birthYear()) > 1) {
                continue;
            }
            int score = NameScore.score(q, named.tokens());
            if (score < NameScore.THRESHOLD) {
                continue;
            }
            String key = named.list() + "\u0000" + e.entryId();
            Hit current = best.get(key);
            if (current == null || score > current.score()) {
                best.put(key, new Hit(named.list(), named.version(), e.entryId(), e.name(), named.name(), score));
            }
        }
        List<Hit> out = new ArrayList<>(best.values());
        out.sort(Comparator.comparingInt(Hit::score).reversed().thenComparing(Hit::list).thenComparing(Hit::entryId));
        return out;
    }

    /** A growable int array that skips a value equal to the last one added (a name filed twice under one key). */
    private static final class IntList {
        private int[] a = new int[4];
        private int size;

        void addOnce(int v) {
            if (size > 0 && a[size - 1] == v) {
                return;
            }
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, size);
        }
    }
}
