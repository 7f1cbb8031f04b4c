package io.mizani.adapter.persistence.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * One SQL idiom (issue 27): every store speaks to PostgreSQL through Jdbi ({@code common.Sql}: named parameters,
 * row mappers). A statement bound by hand, by position ({@code prepareStatement},
 * {@code createStatement}, a connection taken from the data source) anywhere else in the adapter fails the build,
 * unless the list below gives the file and why.
 */
class OneSqlIdiomTest {

    private static final Path SOURCES = Path.of("src/main/java/io/mizani/adapter/persistence");

    private static final Pattern HAND_JDBC = Pattern.compile(
            "\\.prepareStatement\\(|\\.createStatement\\(|\\.prepareCall\\(|\\.getConnection\\(|java\\.sql\\.PreparedStatement");

    /** Files that may still speak JDBC by hand, and why. */
    private static final Map<String, String> ALLOWED = Map.of(
            "common/Sql.java", "the idiom itself: Sql.array binds a typed PostgreSQL array through the statement's own "
                    + "connection (createArrayOf), as one parameter of a named statement");

    @Test
    void everyStoreBindsByNameThroughJdbi() throws IOException {
        Map<String, List<String>> found = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = SOURCES.relativize(file).toString();
                Matcher m = HAND_JDBC.matcher(Files.readString(file));
                List<String> uses = m.results().map(r -> r.group()).distinct().toList();
                if (!uses.isEmpty() && !ALLOWED.containsKey(name)) {
                    found.put(name, uses);
                }
            }
        }
        assertEquals(Map.of(), found, "statements bound by hand outside Jdbi (use common.Sql, or say why here)");
    }

    @Test
    void theAllowListNamesOnlyFilesThatStillNeedIt() throws IOException {
        for (String name : ALLOWED.keySet()) {
            Path file = SOURCES.resolve(name);
            assertTrue(Files.exists(file) && HAND_JDBC.matcher(Files.readString(file)).find(),
                    name + " is allowed hand-bound JDBC but no longer uses it: drop it from the list");
        }
    }
}
