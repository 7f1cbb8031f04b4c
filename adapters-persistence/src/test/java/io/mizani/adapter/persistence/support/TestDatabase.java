package io.mizani.adapter.persistence.support;

import io.mizani.adapter.persistence.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.flywaydb.core.Flyway;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The persistence tests' database: one real PostgreSQL server per test run (the embedded one the service starts
 * without a JDBC URL, so the same binaries), and a database of its own for each test class, created empty by
 * {@link #fresh}, dropped and created again on the next run. Nothing is shared between classes but the server.
 */
public final class TestDatabase {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,40}");
    private static EmbeddedPostgres server;

    private final String name;
    private final PGSimpleDataSource dataSource;

    private TestDatabase(String name) {
        this.name = name;
        this.dataSource = dataSource(ds -> { });
    }

    /** An empty database called {@code name} (lower case, digits and underscores) on the shared server. */
    public static TestDatabase fresh(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a database name: " + name);
        }
        EmbeddedPostgres pg = server();
        PGSimpleDataSource admin = new PGSimpleDataSource();
        admin.setUrl(pg.jdbcUrl());
        admin.setUser(pg.username());
        admin.setPassword(pg.password());
        try (Connection c = admin.getConnection(); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            st.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("could not create the test database " + name, e);
        }
        return new TestDatabase(name);
    }

    /** {@link #fresh} with every Flyway migration applied, as the service's schema is. */
    public static TestDatabase migrated(String name) {
        TestDatabase db = fresh(name);
        Flyway.configure().dataSource(db.dataSource).locations("classpath:db/migration").load().migrate();
        return db;
    }

    /** Inserts organization 1 and its Team (account) 1, the owner of most test rows; returns this database. */
    public TestDatabase withTeam() {
        return execute("INSERT INTO organizations (id, name) VALUES (1, 'Org')",
                "INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, webhook_secret) "
                        + "VALUES (1, 1, 'team-1', 'Team', 'KES', '+254', 'n', 's')");
    }

    /** Runs each statement in its own auto-commit; returns this database. */
    public TestDatabase execute(String... statements) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            for (String s : statements) {
                st.execute(s);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return this;
    }

    public PGSimpleDataSource dataSource() {
        return dataSource;
    }

    /** Another data source on this database, with the driver settings {@code settings} makes. */
    public PGSimpleDataSource dataSource(Consumer<PGSimpleDataSource> settings) {
        EmbeddedPostgres pg = server();
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(pg.jdbcUrl().substring(0, pg.jdbcUrl().lastIndexOf('/') + 1) + name);
        ds.setUser(pg.username());
        ds.setPassword(pg.password());
        settings.accept(ds);
        return ds;
    }

    /** The text of one migration ({@code V3__beneficiaries.sql}), for tests that build a schema as of a release. */
    public static String migration(String file) {
        try (InputStream in = TestDatabase.class.getResourceAsStream("/db/migration/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no migration " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static synchronized EmbeddedPostgres server() {
        if (server == null) {
            Path dir = Path.of("target", "pg-tests").toAbsolutePath();
            try {
                if (Files.exists(dir)) {
                    try (var paths = Files.walk(dir)) {
                        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            EmbeddedPostgres started = EmbeddedPostgres.start(dir);
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "test-postgres-stop"));
            server = started;
        }
        return server;
    }
}
