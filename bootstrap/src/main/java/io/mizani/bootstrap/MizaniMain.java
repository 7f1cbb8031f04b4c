package io.mizani.bootstrap;

import java.nio.file.Path;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.mizani.adapter.persistence.embedded.EmbeddedPostgres;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Entry point of {@code java -jar bootstrap/target/quarkus-app/quarkus-run.jar}.
 * <ul>
 *   <li>{@code MIZANI_MODE=live} without {@code MIZANI_OPERATOR_PASSWORD} or {@code MIZANI_PII_KEY}: refuses to start,
 *       saying why in one line (exit code 2).</li>
 *   <li>No {@code QUARKUS_DATASOURCE_JDBC_URL}: starts an embedded PostgreSQL with its files under
 *       {@code MIZANI_DATA_DIR} (default {@code ./data}) and stops it cleanly on shutdown.</li>
 * </ul>
 */
@QuarkusMain
public final class MizaniMain {

    private MizaniMain() {
    }

    public static void main(String... args) {
        String mode = setting("MIZANI_MODE", "mizani.mode", "sandbox");
        if (!"sandbox".equals(mode) && !"live".equals(mode)) {
            System.err.println("mizani: MIZANI_MODE must be 'sandbox' or 'live', not '" + mode + "'");
            System.exit(2);
        }
        if ("live".equals(mode) && isBlank(setting("MIZANI_OPERATOR_PASSWORD", "mizani.operator-password", null))) {
            System.err.println("mizani: refusing to start in live mode: MIZANI_OPERATOR_PASSWORD is not set");
            System.exit(2);
        }
        if ("live".equals(mode) && isBlank(setting("MIZANI_PII_KEY", "mizani.verification.pii-key", null))) {
            System.err.println("mizani: refusing to start in live mode: MIZANI_PII_KEY is not set "
                    + "(it encrypts provider payloads and keys the identifier hashes)");
            System.exit(2);
        }
        if (isBlank(setting("QUARKUS_DATASOURCE_JDBC_URL", "quarkus.datasource.jdbc.url", null))) {
            if ("runtime".equals(System.getProperty("org.graalvm.nativeimage.imagecode"))) {
                // The PostgreSQL binaries ship inside a jar on the JVM build; the native executable has none.
                System.err.println("mizani: the native executable needs an external PostgreSQL: set "
                        + "QUARKUS_DATASOURCE_JDBC_URL, QUARKUS_DATASOURCE_USERNAME and QUARKUS_DATASOURCE_PASSWORD");
                System.exit(2);
            }
            Path dataDir = Path.of(setting("MIZANI_DATA_DIR", "mizani.data-dir", "./data"));
            EmbeddedPostgres pg = EmbeddedPostgres.start(dataDir);
            System.setProperty("quarkus.datasource.jdbc.url", pg.jdbcUrl());
            System.setProperty("quarkus.datasource.username", pg.username());
            System.setProperty("quarkus.datasource.password", pg.password());
            CountDownLatch applicationStopped = new CountDownLatch(1);
            AtomicInteger exitCode = new AtomicInteger();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                // SIGTERM: Quarkus's own hook stops the application (closing the pool), which calls the exit
                // handler below; only then is the server stopped.
                try {
                    applicationStopped.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                pg.close();
            }, "mizani-embedded-postgres-stop"));
            Quarkus.run(Application.class, (code, failure) -> {
                exitCode.set(code);
                applicationStopped.countDown();
            }, args);
            pg.close();
            System.exit(exitCode.get());
            return;
        }
        Quarkus.run(args);
    }

    /** Runs until the service is asked to stop. */
    public static final class Application implements QuarkusApplication {
        @Override
        public int run(String... args) {
            Quarkus.waitForExit();
            return 0;
        }
    }

    private static String setting(String env, String property, String fallback) {
        String v = System.getProperty(property);
        if (isBlank(v)) {
            v = System.getenv(env);
        }
        return isBlank(v) ? fallback : v.trim();
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
