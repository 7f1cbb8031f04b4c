import io.mizani.domain.screening.EntryType;
import io.mizani.domain.screening.ListEntry;
import io.mizani.domain.screening.NameScore;
import io.mizani.domain.screening.ScreeningIndex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The screening index's speed (docs/performance.md "Screening"): one screen against a 20,000-entry list, and
 * 100,000 beneficiaries re-screened against a delta of 500 changed entries. Synthetic names: common African and
 * Arabic name parts and 8,000 generated surnames, 0-3 aliases each; a quarter of the screened names are variants of listed ones.
 * Run: bash bench/screening.sh
 */
public class ScreeningBench {

    static final String[] FIRST = {"mohammed", "muhammad", "ahmed", "ali", "hassan", "ibrahim", "yusuf", "musa", "amina",
            "fatuma", "grace", "john", "peter", "joseph", "kwame", "kofi", "yaw", "ama", "akosua", "chukwuemeka", "emeka",
            "oluwaseun", "tunde", "babatunde", "ngozi", "chinedu", "wanjiru", "otieno", "achieng", "kamau", "njeri",
            "abdul", "rahman", "omar", "usama", "khalid", "salim", "zainab", "aisha", "mariam", "ismail", "idris",
            "tariq", "bilal", "hamza", "samuel", "daniel", "esther", "ruth", "moses", "abebe", "tesfaye", "haile"};
    static final String[] LAST = {"osei", "mensah", "boateng", "asante", "owusu", "adeyemi", "okafor", "nwosu", "obi",
            "abubakar", "bello", "musa", "kariuki", "mwangi", "ochieng", "odhiambo", "wanjala", "kiprop", "traore",
            "diallo", "kone", "toure", "keita", "sow", "ndiaye", "ba", "al-rashid", "haddad", "mansour", "saleh",
            "bin laden", "hamdan", "qasim", "farah", "warsame", "hussein", "abdi", "mohamud", "tadesse", "bekele",
            "girma", "kebede", "moyo", "ncube", "dube", "phiri", "banda", "mutua", "kimani", "njoroge"};

    public static void main(String[] args) {
        Random r = new Random(42);
        List<ListEntry> list = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            List<String> aliases = new ArrayList<>();
            for (int a = r.nextInt(4); a > 0; a--) {
                aliases.add(name(r));
            }
            list.add(new ListEntry("E" + i, r.nextInt(6) == 0 ? EntryType.ORGANIZATION : EntryType.PERSON, name(r),
                    aliases, r.nextInt(3) == 0 ? null : 1940 + r.nextInt(60), List.of()));
        }
        long t0 = System.nanoTime();
        ScreeningIndex index = ScreeningIndex.build(List.of(new ScreeningIndex.Source("bench", 1, list)));
        long buildMs = (System.nanoTime() - t0) / 1_000_000;

        List<ScreeningIndex.Subject> subjects = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            String n = r.nextInt(4) == 0 ? variant(list.get(r.nextInt(list.size())).name(), r) : name(r);
            subjects.add(new ScreeningIndex.Subject(n, EntryType.PERSON, r.nextBoolean() ? null : 1940 + r.nextInt(60),
                    null));
        }
        for (int i = 0; i < 5_000; i++) { // warm-up
            index.screen(subjects.get(i));
        }
        long[] ns = new long[10_000];
        int hits = 0;
        for (int i = 0; i < ns.length; i++) {
            long s = System.nanoTime();
            hits += index.screen(subjects.get(5_000 + i)).isEmpty() ? 0 : 1;
            ns[i] = System.nanoTime() - s;
        }
        Arrays.sort(ns);

        List<ListEntry> delta = list.subList(0, 500);
        ScreeningIndex deltaIndex = ScreeningIndex.build(List.of(new ScreeningIndex.Source("bench", 2, delta)));
        List<ScreeningIndex.Subject> book = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            book.add(new ScreeningIndex.Subject(r.nextInt(50) == 0 ? variant(delta.get(r.nextInt(500)).name(), r)
                    : name(r), EntryType.PERSON, null, null));
        }
        long l0 = System.nanoTime();
        int bookHits = 0;
        for (ScreeningIndex.Subject s : book) {
            bookHits += deltaIndex.screen(s).isEmpty() ? 0 : 1;
        }
        long lookbackMs = (System.nanoTime() - l0) / 1_000_000;

        System.out.printf("index of %d entries built in %d ms%n", index.entryCount(), buildMs);
        System.out.printf("screen against 20,000 entries: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms "
                        + "(10,000 screens, %d with hits)%n", ns[5_000] / 1e6, ns[9_000] / 1e6, ns[9_900] / 1e6,
                ns[ns.length - 1] / 1e6, hits);
        System.out.printf("100,000 beneficiaries against a 500-entry delta: %d ms (%d with hits)%n", lookbackMs,
                bookHits);
        System.out.printf("heap used after: %d MiB%n",
                (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory()) >> 20);
        for (String[] row : new String[][] {{"Usama bin Ladin", "Osama bin Laden"}, {"Kamau Wanjiru", "Wanjiru Kamau"},
                {"Nwosu Chukwuemeka", "Chukwuemeka Obi Nwosu"}, {"J Smith", "John Smith"},
                {"K. M. Owusu", "Kwame Mensah Owusu"}, {"Jose Nunez", "José Núñez"},
                {"Adeyemi Oluwaseun", "Adeyemo Oluwaseun"}, {"Abdul Rahman Yusuf", "Abdulrahman Yusuf"},
                {"John Kamau", "Peter Kamau"}, {"Ali", "Muhammad Ali"}, {"Chinedu Okafor", "Chinelo Okafor"}}) {
            System.out.printf("score %s / %s = %d%n", row[0], row[1],
                    NameScore.score(NameScore.tokens(row[0]), NameScore.tokens(row[1])));
        }
    }

    static final String[] SYLLABLES = {"ka", "mu", "to", "ne", "si", "ra", "do", "li", "be", "wa", "ge", "yo", "fi",
            "zu", "ha", "ko", "ma", "ni", "te", "bu"};

    /** A surname: one of the common ones, or three syllables (8,000 more), so most screened names are on no list. */
    static String last(Random r) {
        if (r.nextInt(4) == 0) {
            return LAST[r.nextInt(LAST.length)];
        }
        return SYLLABLES[r.nextInt(SYLLABLES.length)] + SYLLABLES[r.nextInt(SYLLABLES.length)]
                + SYLLABLES[r.nextInt(SYLLABLES.length)];
    }

    static String name(Random r) {
        String n = FIRST[r.nextInt(FIRST.length)] + " " + last(r);
        if (r.nextInt(3) == 0) {
            n = FIRST[r.nextInt(FIRST.length)] + " " + n;
        }
        return n;
    }

    /** The name as a payee might write it: order swapped, a letter dropped, a part cut to an initial. */
    static String variant(String name, Random r) {
        List<String> parts = new ArrayList<>(List.of(name.split(" ")));
        switch (r.nextInt(3)) {
            case 0 -> java.util.Collections.reverse(parts);
            case 1 -> {
                String p = parts.get(0);
                parts.set(0, p.length() > 4 ? p.substring(0, 2) + p.substring(3) : p);
            }
            default -> parts.set(0, parts.get(0).substring(0, 1));
        }
        return String.join(" ", parts);
    }
}
