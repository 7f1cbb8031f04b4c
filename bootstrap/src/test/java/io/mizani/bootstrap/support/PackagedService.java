package io.mizani.bootstrap.support;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The built service ({@code java -jar target/quarkus-app/quarkus-run.jar}) as a process of its own, on its embedded
 * PostgreSQL in a data directory of the test's, for the *IT classes that run after {@code package}. Started again on
 * the same directory and port it finds what the last process left (a killed one's PostgreSQL included).
 */
public final class PackagedService implements AutoCloseable {

    private final Path data;
    private final int port;
    private final Map<String, String> env;
    private final Path log;
    private Process process;

    /** {@code env}: the service's variables beyond the port and data directory; output appended to {@code log}. */
    public PackagedService(Path data, int port, Map<String, String> env, Path log) {
        this.data = data;
        this.port = port;
        this.env = Map.copyOf(env);
        this.log = log;
    }

    public static Path jar() {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new AssertionError("build the service first: " + jar.toAbsolutePath());
        }
        return jar;
    }

    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Deletes a directory left by an earlier run. */
    public static void wipe(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    public int port() {
        return port;
    }

    /** Starts the process and waits until readiness answers 200; returns how long that took. */
    public java.time.Duration start(int seconds) throws Exception {
        long started = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar().toString());
        pb.environment().putAll(env);
        pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        pb.environment().put("MIZANI_DATA_DIR", data.toString());
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        process = pb.start();
        long until = System.currentTimeMillis() + seconds * 1000L;
        while (System.currentTimeMillis() < until) {
            if (!process.isAlive()) {
                throw new AssertionError("the service died while starting: see " + log.toAbsolutePath());
            }
            if (status("/q/health/ready") == 200) {
                return java.time.Duration.ofNanos(System.nanoTime() - started);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the service did not become ready in " + seconds + " s: see " + log.toAbsolutePath());
    }

    /** SIGKILL: no shutdown hook runs, nothing is drained; its PostgreSQL is left running for the next start to stop. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** The HTTP status of a GET, -1 when nothing answers. */
    public int status(String path) {
        return status(port, path);
    }

    /** The HTTP status of a GET to the service on this loopback port, -1 when nothing answers. */
    public static int status(int port, String path) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + path).toURL()
                    .openConnection();
            c.setConnectTimeout(1_000);
            c.setReadTimeout(2_000);
            c.setRequestProperty("Connection", "close");
            int s = c.getResponseCode();
            c.disconnect();
            return s;
        } catch (IOException e) {
            return -1;
        }
    }

    /** SIGTERM (its PostgreSQL stopped cleanly), SIGKILL if it has not exited within 40 s. */
    @Override
    public void close() throws InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(40, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
