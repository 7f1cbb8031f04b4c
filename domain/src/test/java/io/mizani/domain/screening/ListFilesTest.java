package io.mizani.domain.screening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.domain.error.DomainError;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The three list formats read from sample files written in their published shapes, and broken files refused. */
class ListFilesTest {

    static byte[] sample(String name) {
        try (InputStream in = ListFilesTest.class.getResourceAsStream("/screening/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void the_treasury_sdn_xml_keeps_names_aliases_birth_years_and_countries() {
        List<ListEntry> entries = ListFiles.parse(ListFormat.OFAC_SDN_XML, sample("sdn_sample.xml"));
        assertEquals(3, entries.size());
        assertEquals(new ListEntry("90001", EntryType.PERSON, "Usama BIN LADIN",
                List.of("Osama BIN LADEN", "Abu Abdallah Abd AL-QAQA"), 1957, List.of("Saudi Arabia")), entries.get(0));
        assertEquals(new ListEntry("90002", EntryType.ORGANIZATION, "NORTHWIND TRADING LIMITED",
                List.of("NORTH WIND GENERAL TRADING"), null, List.of("Kenya")), entries.get(1));
        assertEquals(1971, entries.get(2).birthYear());
        assertEquals(List.of("Ghana"), entries.get(2).countries());
    }

    @Test
    void the_un_consolidated_xml_keeps_individuals_and_entities_by_reference_number() {
        List<ListEntry> entries = ListFiles.parse(ListFormat.UN_CONSOLIDATED_XML, sample("un_sample.xml"));
        assertEquals(3, entries.size());
        assertEquals(new ListEntry("QDi.901", EntryType.PERSON, "AMINA ABDULLAHI YUSUF",
                List.of("Amina Abdullahi Yusuf Warsame", "Umm Yusuf"), 1979, List.of("Somalia")), entries.get(0));
        assertEquals(1965, entries.get(1).birthYear());
        assertEquals(new ListEntry("MLe.903", EntryType.ORGANIZATION, "SAHEL GOLD EXPORTS",
                List.of("Sahel Gold Export Company"), null, List.of("Mali")), entries.get(2));
    }

    @Test
    void the_documented_csv_splits_aliases_and_countries_on_semicolons_and_reads_quoted_commas() {
        List<ListEntry> entries = ListFiles.parse(ListFormat.CSV, sample("sample.csv"));
        assertEquals(new ListEntry("L-1", EntryType.PERSON, "Chukwuemeka Obi Nwosu",
                List.of("Emeka Nwosu", "Chukwuemeka Nwosu"), 1980, List.of("NG", "GH")), entries.get(0));
        assertEquals(new ListEntry("L-2", EntryType.ORGANIZATION, "Lakeside Minerals, Ltd",
                List.of("Lakeside Minerals Limited"), null, List.of("UG")), entries.get(1));
        assertEquals(3, entries.size());
    }

    @Test
    void broken_files_are_refused_whole_with_the_problem_named() {
        assertProblem(ListFormat.CSV, "entry_id,type,name\nL-1,person,Ada\n", "the first line must be the header");
        assertProblem(ListFormat.CSV, ListFiles.CSV_HEADER + "\nL-1,alien,Ada,,,\n", "line 2: type must be person");
        assertProblem(ListFormat.CSV, ListFiles.CSV_HEADER + "\nL-1,person,Ada,,19x0,\n", "line 2: birth_year");
        assertProblem(ListFormat.CSV, ListFiles.CSV_HEADER + "\nL-1,person,Ada,,\n", "line 2 has 5 fields, not 6");
        assertProblem(ListFormat.CSV, ListFiles.CSV_HEADER + "\nL-1,person,Ada,,,\nL-1,person,Bo,,,\n",
                "entry L-1 appears twice");
        assertProblem(ListFormat.CSV, ListFiles.CSV_HEADER + "\n", "no entries");
        assertProblem(ListFormat.OFAC_SDN_XML, "<sdnList><sdnEntry><uid>1</uid>", "not well-formed XML");
        assertProblem(ListFormat.OFAC_SDN_XML, "<CONSOLIDATED_LIST/>", "the root element is CONSOLIDATED_LIST");
        assertProblem(ListFormat.UN_CONSOLIDATED_XML, new String(sample("sdn_sample.xml"), StandardCharsets.UTF_8),
                "the root element is sdnList");
        assertProblem(ListFormat.OFAC_SDN_XML, "<sdnList><sdnEntry><uid>7</uid><sdnType>Entity</sdnType></sdnEntry>"
                + "</sdnList>", "sdnEntry 7 has no lastName");
        assertProblem(ListFormat.CSV, "", "empty");
    }

    @Test
    void an_external_entity_is_refused_and_never_read() {
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE sdnList [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<sdnList><sdnEntry><uid>1</uid><lastName>&x;</lastName></sdnEntry></sdnList>";
        DomainError e = assertThrows(DomainError.class,
                () -> ListFiles.parse(ListFormat.OFAC_SDN_XML, xxe.getBytes(StandardCharsets.UTF_8)));
        assertTrue(!e.getMessage().contains("root:"), e.getMessage());
    }

    private static void assertProblem(ListFormat f, String body, String expected) {
        DomainError e = assertThrows(DomainError.class, () -> ListFiles.parse(f, body.getBytes(StandardCharsets.UTF_8)));
        assertEquals("invalid_argument", e.code());
        assertTrue(e.getMessage().startsWith("list file: ") && e.getMessage().contains(expected), e.getMessage());
    }
}
