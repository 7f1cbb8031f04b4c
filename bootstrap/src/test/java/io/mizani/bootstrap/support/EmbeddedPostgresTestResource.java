package io.mizani.bootstrap.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;

import io.mizani.adapter.persistence.embedded.EmbeddedPostgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * The same embedded PostgreSQL the service runs in production without a JDBC URL, for the whole test run. Its
 * cluster lives in target/pg-test and is wiped once per JVM; when Quarkus restarts the application between test
 * profiles the server is stopped and started again on the same files, exactly as a service restart.
 */
public class EmbeddedPostgresTestResource implements QuarkusTestResourceLifecycleManager {

    private static final Path DATA = Path.of("target", "pg-test").toAbsolutePath();
    /** JVM-wide (a system property): Quarkus loads this class again in a new class loader on every restart. */
    private static final String WIPED = "mizani-test.pg-wiped";
    private static EmbeddedPostgres pg;

    @Override
    public synchronized Map<String, String> start() {
        if (System.getProperty(WIPED) == null) {
            wipe();
            System.setProperty(WIPED, "true");
        }
        pg = EmbeddedPostgres.start(DATA);
        return Map.of(
                "quarkus.datasource.jdbc.url", pg.jdbcUrl(),
                "quarkus.datasource.username", pg.username(),
                "quarkus.datasource.password", pg.password());
    }

    @Override
    public synchronized void stop() {
        if (pg != null) {
            pg.close();
            pg = null;
        }
    }

    private static void wipe() {
        if (!Files.exists(DATA)) {
            return;
        }
        try (var paths = Files.walk(DATA)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
