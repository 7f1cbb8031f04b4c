package io.mizani.domain.screening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The screening threshold chosen from real-world variants (docs/screening.md): transliterations, word order,
 * initials, missing and extra middle names, diacritics and small misspellings score {@link NameScore#THRESHOLD}
 * or more; different people who share a name part score below it.
 */
class NameScreeningTest {

    @ParameterizedTest(name = "{0} / {1}: {2}")
    @CsvSource(delimiter = '|', value = {
            // the same person written another way: a potential match
            "Usama bin Ladin        | Osama bin Laden          | true",  // transliteration of both names
            "Mohammed Ali Hassan    | Muhammad Ali Hasan       | true",  // transliteration, doubled letter
            "Kamau Wanjiru          | Wanjiru Kamau            | true",  // order
            "Nwosu Chukwuemeka      | Chukwuemeka Obi Nwosu    | true",  // order and a missing middle name
            "Chukwuemeka Obi Nwosu  | Chukwuemeka Nwosu        | true",  // an extra middle name
            "J Smith                | John Smith               | true",  // an initial
            "K. M. Owusu            | Kwame Mensah Owusu       | true",  // two initials
            "Jose Nunez             | José Núñez               | true",  // diacritics
            "Adeyemi Oluwaseun      | Adeyemo Oluwaseun        | true",  // a misspelling
            "Tunde Bakare           | Babatunde Bakare         | true",  // a short form
            "Abdul Rahman Yusuf     | Abdulrahman Yusuf        | true",  // a name written as two words
            "Mariam Traore          | Mariam Traoré            | true",
            // different people sharing a name part: clear
            "John Kamau             | Peter Kamau              | false",
            "Ali Hassan             | Hassan Musa              | false",
            "Ali                    | Muhammad Ali             | false",
            "Amina Yusuf Warsame    | Amina Abdi               | false",
            "Chinedu Okafor         | Chinelo Okafor           | false",
            "Grace Achieng          | Grace Akinyi             | false",
            "Usama bin Ladin        | Usama Hamdan             | false",
            "Otieno Dlamini         | Tatiana Amini            | false", // two weak likenesses do not add up
            "Bola Uche              | Bilal Choi               | false",
    })
    void the_threshold_separates_variants_of_one_name_from_different_names(String screened, String listed,
                                                                          boolean match) {
        int score = NameScore.score(NameScore.tokens(screened), NameScore.tokens(listed));
        assertEquals(match, score >= NameScore.THRESHOLD, screened + " / " + listed + " scored " + score);
    }

    @Test
    void aliases_count_a_birth_year_more_than_a_year_apart_rules_a_hit_out_and_types_never_mix() {
        ScreeningIndex index = ScreeningIndex.build(List.of(new ScreeningIndex.Source("ofac", 3, ListFiles.parse(
                ListFormat.OFAC_SDN_XML, ListFilesTest.sample("sdn_sample.xml")))));
        List<ScreeningIndex.Hit> hits = index.screen(new ScreeningIndex.Subject("Osama Bin Laden", EntryType.PERSON,
                null, null));
        assertEquals(List.of(new ScreeningIndex.Hit("ofac", 3, "90001", "Usama BIN LADIN", "Osama BIN LADEN", 100)),
                hits);
        assertEquals(1, index.screen(new ScreeningIndex.Subject("Osama Bin Laden", EntryType.PERSON, 1958, null))
                .size());
        assertEquals(List.of(), index.screen(new ScreeningIndex.Subject("Osama Bin Laden", EntryType.PERSON, 1959,
                null)));
        assertEquals(List.of(), index.screen(new ScreeningIndex.Subject("Osama Bin Laden", EntryType.ORGANIZATION,
                null, null)));
        assertEquals("90002", index.screen(new ScreeningIndex.Subject("North Wind General Trading",
                EntryType.ORGANIZATION, null, null)).get(0).entryId());
    }

    /** The index must find exactly what scoring every listed name would: blocking may skip work, never a hit. */
    @Test
    void the_index_finds_what_a_full_scan_finds_on_random_names() {
        Random random = new Random(20261125);
        String[] parts = {"mohammed", "muhammad", "ali", "hassan", "hasan", "kamau", "wanjiru", "otieno", "otiano",
                "adeyemi", "adeyemo", "oluwaseun", "seun", "chukwuemeka", "emeka", "nwosu", "amina", "yusuf",
                "ibrahim", "ibrahimu", "musa", "grace", "achieng", "akinyi", "john", "jon", "peter", "usama", "osama",
                "bin", "laden", "ladin", "traore", "diallo", "kone", "abdul", "rahman", "abdulrahman", "j", "k", "m"};
        List<ListEntry> entries = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            List<String> aliases = new ArrayList<>();
            for (int a = 0; a < random.nextInt(3); a++) {
                aliases.add(name(random, parts));
            }
            entries.add(new ListEntry("E" + i, random.nextInt(5) == 0 ? EntryType.ORGANIZATION : EntryType.PERSON,
                    name(random, parts), aliases, random.nextInt(3) == 0 ? null : 1950 + random.nextInt(40), List.of()));
        }
        ScreeningIndex index = ScreeningIndex.build(List.of(new ScreeningIndex.Source("l", 1, entries)));
        int withHits = 0;
        for (int q = 0; q < 500; q++) {
            ScreeningIndex.Subject s = new ScreeningIndex.Subject(name(random, parts),
                    random.nextInt(5) == 0 ? EntryType.ORGANIZATION : EntryType.PERSON,
                    random.nextBoolean() ? null : 1950 + random.nextInt(40), null);
            List<ScreeningIndex.Hit> found = index.screen(s);
            assertEquals(scan(entries, s), found, s.toString());
            withHits += found.isEmpty() ? 0 : 1;
        }
        assertTrue(withHits > 60, "too few screens with hits to mean anything: " + withHits);
    }

    private static String name(Random random, String[] parts) {
        int n = 1 + random.nextInt(4);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : " ").append(parts[random.nextInt(parts.length)]);
        }
        return b.toString();
    }

    private static List<ScreeningIndex.Hit> scan(List<ListEntry> entries, ScreeningIndex.Subject s) {
        String[] q = NameScore.tokens(s.fullName());
        Map<String, ScreeningIndex.Hit> best = new HashMap<>();
        for (ListEntry e : entries) {
            if (e.type() != s.type() || (s.birthYear() != null && e.birthYear() != null
                    && Math.abs(s.birthYear() - e.birthYear()) > 1)) {
                continue;
            }
            List<String> names = new ArrayList<>(List.of(e.name()));
            names.addAll(e.aliases());
            for (String n : names) {
                int score = NameScore.score(q, NameScore.tokens(n));
                ScreeningIndex.Hit current = best.get(e.entryId());
                if (score >= NameScore.THRESHOLD && (current == null || score > current.score())) {
                    best.put(e.entryId(), new ScreeningIndex.Hit("l", 1, e.entryId(), e.name(), n, score));
                }
            }
        }
        List<ScreeningIndex.Hit> out = new ArrayList<>(best.values());
        out.sort(Comparator.comparingInt(ScreeningIndex.Hit::score).reversed()
                .thenComparing(ScreeningIndex.Hit::list).thenComparing(ScreeningIndex.Hit::entryId));
        return out;
    }
}
