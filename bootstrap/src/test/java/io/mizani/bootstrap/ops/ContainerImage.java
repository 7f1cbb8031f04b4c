package io.mizani.bootstrap.ops;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Builds the service's container image without a Docker engine or a registry: an OCI image layout in one tar
 * (also loadable by {@code docker load}, {@code podman load}, {@code skopeo copy oci-archive:}), from nothing but
 * the installed JDK and {@code bootstrap/target/quarkus-app}.
 * <ol>
 *   <li>runtime: a Java runtime made by {@code jlink} from the JDK running this, at {@code /opt/java}, plus the
 *       C libraries it links against, copied from this machine ({@code ldd}), so the image needs no base image;</li>
 *   <li>dependencies: {@code /app/lib} (changes when a dependency does);</li>
 *   <li>application: {@code /app/app}, {@code /app/quarkus}, {@code /app/quarkus-run.jar}, {@code /etc/passwd}
 *       naming the non-root user 10001, an empty world-writable {@code /tmp}.</li>
 * </ol>
 * Files are owned by root and read-only for the service's user; timestamps are fixed, so two builds of the same
 * inputs give the same layers. Run: {@code java bootstrap/src/test/java/io/mizani/bootstrap/ops/ContainerImage.java
 * bootstrap/target/quarkus-app bootstrap/target/image/mizani-image.tar mizani:0.1.0-SNAPSHOT [--no-aot]}.
 * By default the image also carries a JDK AOT cache ({@link #train}), which roughly halves its start; the quarkus-app
 * is best packaged for it with {@code -Dquarkus.package.jar.type=aot-jar} (docs/operations.md "Container image").
 */
public final class ContainerImage {

    /** Modules the service needs (jdeps over quarkus-app/lib, plus what is loaded reflectively). */
    static final List<String> MODULES = List.of("java.base", "java.compiler", "java.instrument", "java.logging",
            "java.management", "java.naming", "java.net.http", "java.rmi", "java.scripting", "java.security.jgss",
            "java.security.sasl", "java.sql", "java.transaction.xa", "java.xml", "java.desktop", "jdk.crypto.cryptoki",
            "jdk.jfr", "jdk.management", "jdk.naming.dns", "jdk.net", "jdk.unsupported", "jdk.zipfs",
            "jdk.localedata");

    /**
     * The JVM tuned for a container, from the service's {@code jvm.options} (one home for the flags, which the bench
     * runs with too): the serial collector, heap from the cgroup memory limit starting small, exit (and restart) on
     * OOM.
     */
    static final List<String> ENTRYPOINT = entrypoint();

    private static List<String> entrypoint() {
        List<String> command = new ArrayList<>(List.of("/opt/java/bin/java"));
        command.addAll(jvmOptions());
        command.addAll(List.of("-Djava.io.tmpdir=/tmp", "-Duser.home=/tmp", "-Dfile.encoding=UTF-8",
                "-jar", "/app/quarkus-run.jar"));
        return List.copyOf(command);
    }

    /** The flags of {@code bootstrap/src/main/resources/jvm.options}: its lines that are not blank or comments. */
    static List<String> jvmOptions() {
        try (var in = ContainerImage.class.getResourceAsStream("/jvm.options")) {
            if (in == null) {
                throw new IllegalStateException("jvm.options is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Added before {@code -jar} when the image carries the JDK AOT cache trained by {@link #train}. */
    static final String AOT_FLAG = "-XX:AOTCache=/app/app.aot";

    static final String USER = "10001:10001";
    static final long MTIME = 1_700_000_000L;

    private ContainerImage() {
    }

    public static void main(String[] args) throws Exception {
        List<String> a = new ArrayList<>(List.of(args));
        boolean aot = !a.remove("--no-aot");
        if (a.size() < 2) {
            System.err.println("usage: ContainerImage <quarkus-app dir> <out.tar> [name:tag] [--no-aot]");
            System.exit(2);
        }
        Path app = Path.of(a.get(0));
        if (aot && !aotJar(app)) {
            System.err.println("note: " + app + " is a fast-jar; built with -Dquarkus.package.jar.type=aot-jar the"
                    + " application's classes load from the cache too and the image starts faster (docs/operations.md)");
        }
        Path out = build(app, Path.of(a.get(1)), a.size() > 2 ? a.get(2) : "mizani:0.1.0-SNAPSHOT", aot);
        System.out.println("image: " + out + " (" + Files.size(out) / (1024 * 1024) + " MiB)"
                + (aot ? ", with the AOT cache /app/app.aot" : ""));
    }

    /** Quarkus's aot-jar packaging: every class on the JVM's own class path, so that the AOT cache holds them. */
    static boolean aotJar(Path quarkusApp) throws IOException {
        try (var jar = new java.util.jar.JarFile(quarkusApp.resolve("quarkus-run.jar").toFile())) {
            return "io.quarkus.bootstrap.runner.AotQuarkusEntryPoint"
                    .equals(jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
    }

    /** Without the AOT cache (ContainerImageIT in CI: the training run costs one to two minutes). */
    public static Path build(Path quarkusApp, Path outTar, String reference) throws Exception {
        return build(quarkusApp, outTar, reference, false);
    }

    /**
     * {@code aot}: trains a JDK AOT cache (JEP 483/514/515) with the image's own runtime and ships it as
     * {@code /app/app.aot}, used by the entrypoint (docs/operations.md "Start-up").
     */
    public static Path build(Path quarkusApp, Path outTar, String reference, boolean aot) throws Exception {
        if (!Files.isRegularFile(quarkusApp.resolve("quarkus-run.jar"))) {
            throw new IllegalArgumentException(quarkusApp + " has no quarkus-run.jar: run ./mvnw package first");
        }
        Path work = outTar.toAbsolutePath().getParent().resolve("image-work");
        Path runtime = work.resolve("runtime");
        jlink(runtime);
        byte[] aotCache = aot ? train(runtime, quarkusApp, work.resolve("aot-train")) : null;

        List<Layer> layers = new ArrayList<>();
        Tar rt = new Tar();
        rt.dir("opt/");
        rt.tree(runtime, "opt/java/");
        for (Path lib : nativeLibraries(runtime)) {
            rt.parents(lib.toString().substring(1));
            rt.file(lib.toString().substring(1), Files.readAllBytes(lib.toRealPath()), 0755);
        }
        layers.add(rt.layer("jlink runtime /opt/java and the C libraries it links against"));

        Tar deps = new Tar();
        deps.dir("app/");
        deps.tree(quarkusApp.resolve("lib"), "app/lib/");
        layers.add(deps.layer("dependencies /app/lib"));

        Tar app = new Tar();
        app.dir("app/");
        app.tree(quarkusApp.resolve("app"), "app/app/");
        app.tree(quarkusApp.resolve("quarkus"), "app/quarkus/");
        app.file("app/quarkus-run.jar", Files.readAllBytes(quarkusApp.resolve("quarkus-run.jar")), 0644);
        if (aotCache != null) {
            app.file("app/app.aot", aotCache, 0644);
        }
        app.dir("etc/");
        app.file("etc/passwd", "root:x:0:0:root:/root:/sbin/nologin\nmizani:x:10001:10001:mizani:/tmp:/sbin/nologin\n"
                .getBytes(StandardCharsets.UTF_8), 0644);
        app.file("etc/group", "root:x:0:\nmizani:x:10001:\n".getBytes(StandardCharsets.UTF_8), 0644);
        app.file("etc/nsswitch.conf", "hosts: files dns\n".getBytes(StandardCharsets.UTF_8), 0644);
        app.dir("tmp/", 01777);
        layers.add(app.layer("application /app"));

        List<String> entrypoint = new ArrayList<>(ENTRYPOINT);
        if (aotCache != null) {
            entrypoint.add(entrypoint.indexOf("-jar"), AOT_FLAG);
        }
        writeOciArchive(outTar, reference, layers, entrypoint);
        return outTar;
    }

    /**
     * The training run: the image's runtime runs the application from a copy whose files carry the image's fixed
     * timestamp (the JVM checks the jars' size and time; JDK 25 accepts the other path), in sandbox mode, against a
     * PostgreSQL given by URL as in production (an embedded one, run by a first, unrecorded start: no database is
     * needed to build): start, a few requests of each kind, SIGTERM; the JVM writes the cache as it exits. Null (an
     * image without the cache, said on stderr) when the run fails.
     */
    static byte[] train(Path runtime, Path quarkusApp, Path stage) throws Exception {
        delete(stage);
        Path app = stage.resolve("app");
        copyTree(quarkusApp, app, p -> !p.getFileName().toString().equals("app.aot"));
        for (Path root : List.of(app, runtime)) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path p : s.filter(Files::isRegularFile).toList()) {
                    Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.from(MTIME, TimeUnit.SECONDS));
                }
            }
        }
        Path cache = stage.resolve("app.aot");
        var http = java.net.http.HttpClient.newHttpClient();
        // The recorded run must start as the image does, against an external PostgreSQL: the embedded one's code
        // loads the xz decompressor from a sealed jar (org.tukaani.xz), and a cache holding those classes made the
        // image's JVM refuse to start ("sealing violation: can't seal package org.tukaani.xz", JDK 25.0.3). So a
        // first, unrecorded run provides the database (embedded, migrated) and the recorded run uses it by URL.
        int dbServicePort = freePort();
        Process database = launch(runtime, app, stage, List.of(), "database.log",
                Map.of("QUARKUS_HTTP_PORT", Integer.toString(dbServicePort), "MIZANI_PAYMENTS_WORKERS_ENABLED", "false"));
        try {
            if (!awaitReady(http, "http://127.0.0.1:" + dbServicePort, database)) {
                System.err.println("AOT training: the database run did not get ready (see "
                        + stage.resolve("database.log") + "): image without the AOT cache");
                return null;
            }
            var listening = java.util.regex.Pattern.compile("Embedded PostgreSQL listening on 127\\.0\\.0\\.1:(\\d+)")
                    .matcher(Files.readString(stage.resolve("database.log")));
            if (!listening.find()) {
                System.err.println("AOT training: no embedded PostgreSQL port in " + stage.resolve("database.log")
                        + ": image without the AOT cache");
                return null;
            }
            int port = freePort();
            String base = "http://127.0.0.1:" + port;
            // trained with the flags the image runs with (the collector among them), so the cache fits its runs
            List<String> trainFlags = new ArrayList<>(jvmOptions());
            trainFlags.add("-XX:AOTCacheOutput=" + cache);
            Process p = launch(runtime, app, stage, trainFlags, "train.log", Map.of(
                    "QUARKUS_HTTP_PORT", Integer.toString(port),
                    "QUARKUS_DATASOURCE_JDBC_URL", "jdbc:postgresql://127.0.0.1:" + listening.group(1) + "/mizani",
                    "QUARKUS_DATASOURCE_USERNAME", "mizani",
                    "QUARKUS_DATASOURCE_PASSWORD", Files.readString(stage.resolve("data/pg-password")).strip()));
            try {
                if (!awaitReady(http, base, p)) {
                    System.err.println("AOT training run did not get ready (see " + stage.resolve("train.log")
                            + "): image without the AOT cache");
                    return null;
                }
                exercise(http, base);
            } finally {
                stop(p); // SIGTERM: the service drains, the JVM writes the cache as it exits
            }
        } finally {
            stop(database);
        }
        if (!Files.isRegularFile(cache) || Files.size(cache) == 0) {
            System.err.println("AOT training run wrote no cache (see " + stage.resolve("train.log")
                    + "): image without the AOT cache");
            return null;
        }
        return Files.readAllBytes(cache);
    }

    /** Collections the training run sends after the requests of each kind: the money path's volume. */
    static final int TRAIN_PAYMENTS = 3000;

    /**
     * A few requests of each kind the service serves, so that their classes and profiles are in the cache; then
     * {@link #TRAIN_PAYMENTS} collections, each processed by the workers and called back, so that the cache also holds
     * the profiles of the money path's hot code (JEP 515) and a new JVM compiles it sooner (docs/performance.md "The
     * AOT cache trained on payments").
     */
    private static void exercise(java.net.http.HttpClient http, String base) throws IOException, InterruptedException {
        String op = "operator:sandbox-operator";
        String demo = "demo:demo-secret";
        for (int i = 0; i < 20; i++) {
            status(http, base + "/q/health/live", null, null);
            status(http, base + "/api/admin/merchants?limit=5", op, null);
            status(http, base + "/api/v1/kyc/pricing", demo, null);
            status(http, base + "/api/v1/kyc/verify/national_id_ke", demo, "{\"number\": \"12345678\"}");
            status(http, base + "/api/global/balances", demo, null);
            status(http, base + "/api/global/discovery/discover-rails?country=KE", demo, null);
            for (String kind : List.of("payment", "withdrawal")) {
                status(http, base + "/api/global/payments", demo,
                        payment(kind, "aot-" + kind + "-" + i, "http://127.0.0.1:9/none"));
            }
            status(http, base + "/q/metrics", null, null);
        }
        // the callbacks' receiver: answers 200 and counts
        var received = new java.util.concurrent.atomic.AtomicInteger();
        var receiver = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 512);
        receiver.createContext("/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                received.incrementAndGet();
                exchange.sendResponseHeaders(200, -1);
            }
        });
        receiver.start();
        try {
            String callback = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/cb";
            var clients = java.util.concurrent.Executors.newFixedThreadPool(4);
            for (int t = 0; t < 4; t++) {
                int first = t;
                clients.execute(() -> {
                    for (int i = first; i < TRAIN_PAYMENTS; i += 4) {
                        status(http, base + "/api/global/payments", demo, payment("payment", "aot-volume-" + i, callback));
                    }
                });
            }
            clients.shutdown();
            clients.awaitTermination(10, TimeUnit.MINUTES);
            // until every collection is called back, or 30 s pass without a callback (the training is best effort)
            int seen = -1;
            long quietSince = System.nanoTime();
            while (received.get() < TRAIN_PAYMENTS
                    && System.nanoTime() - quietSince < TimeUnit.SECONDS.toNanos(30)) {
                if (received.get() != seen) {
                    seen = received.get();
                    quietSince = System.nanoTime();
                }
                Thread.sleep(100);
            }
            System.err.println("AOT training: " + received.get() + " of " + TRAIN_PAYMENTS + " collections called back");
        } finally {
            receiver.stop(0);
        }
    }

    /** A 100 KES M-Pesa payment request of the demo merchant (a collection or a withdrawal). */
    private static String payment(String kind, String reference, String callbackUrl) {
        return "{\"request_type\":\"" + kind + "\","
                + "\"transaction_channel\":\"momo\",\"provider\":\"mpesa_ke\",\"amount\":100,"
                + "\"currency\":\"KES\",\"country\":\"KE\",\"customer\":{\"first_name\":\"Ada\","
                + "\"last_name\":\"Obi\",\"email\":\"ada@example.com\",\"phone\":\"+254700000123\"},"
                + "\"provider_config\":{\"network_id\":\"net_ke_mpesa\",\"provider_id\":\"mpesa_ke\","
                + "\"network_name\":\"M-Pesa\",\"network_code\":\"MPESA\",\"account_type\":\"momo\"},"
                + "\"payment_config\":{\"reference\":\"" + reference + "\","
                + "\"account_number\":\"+254700000123\",\"callback_url\":\"" + callbackUrl + "\"}}";
    }

    /** The application on the image's runtime in sandbox mode (on the embedded PostgreSQL under {@code stage} unless
     * {@code settings} name a database). */
    private static Process launch(Path runtime, Path app, Path stage, List<String> jvmFlags, String log,
            Map<String, String> settings) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(runtime.resolve("bin/java").toString());
        command.addAll(jvmFlags);
        command.addAll(List.of("-jar", app.resolve("quarkus-run.jar").toString()));
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(stage.toFile()).redirectErrorStream(true).redirectOutput(stage.resolve(log).toFile());
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("QUARKUS_") || k.startsWith("MIZANI_") || k.startsWith("JDK_JAVA")
                || k.equals("JAVA_TOOL_OPTIONS"));
        env.put("MIZANI_MODE", "sandbox");
        env.put("MIZANI_SANDBOX_SETTLE_MS", "100");
        env.put("MIZANI_MERCHANT_RATE_LIMIT", "0"); // the training's collections are one merchant's burst
        env.put("MIZANI_DATA_DIR", stage.resolve("data").toString());
        env.putAll(settings);
        return pb.start();
    }

    static int freePort() throws IOException {
        try (var socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Polls base + /q/health/ready until 200 (true), or until the process ends or 5 minutes pass (false). */
    static boolean awaitReady(java.net.http.HttpClient http, String base, Process p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (status(http, base + "/q/health/ready", null, null) != 200) {
            if (!p.isAlive() || System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(200);
        }
        return true;
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
        }
    }

    private static int status(java.net.http.HttpClient http, String url, String basic, String json) {
        var req = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                .timeout(java.time.Duration.ofSeconds(30));
        if (basic != null) {
            req.header("Authorization", "Basic " + java.util.Base64.getEncoder()
                    .encodeToString(basic.getBytes(StandardCharsets.UTF_8)));
        }
        if (json != null) {
            req.header("Content-Type", "application/json").POST(java.net.http.HttpRequest.BodyPublishers.ofString(json));
        }
        try {
            return http.send(req.build(), java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static void copyTree(Path from, Path to, java.util.function.Predicate<Path> include) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.filter(include).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void jlink(Path runtime) throws IOException, InterruptedException {
        Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
        if (Files.isExecutable(runtime.resolve("bin/java"))) {
            return;
        }
        delete(runtime);
        Files.createDirectories(runtime.getParent());
        run(List.of(jlink.toString(), "--add-modules", String.join(",", MODULES), "--strip-debug", "--no-header-files",
                "--no-man-pages", "--compress", "zip-6", "--output", runtime.toString()));
    }

    /** The host libraries the runtime's executables and shared objects need ({@code ldd}), real paths. */
    private static Set<Path> nativeLibraries(Path runtime) throws IOException, InterruptedException {
        Set<Path> libs = new LinkedHashSet<>();
        List<Path> binaries;
        try (Stream<Path> s = Files.walk(runtime)) {
            binaries = s.filter(p -> p.toString().endsWith(".so") || p.getParent().getFileName().toString().equals("bin"))
                    .filter(Files::isRegularFile).sorted().toList();
        }
        for (Path b : binaries) {
            for (String line : run(List.of("ldd", b.toString())).split("\n")) {
                String l = line.strip();
                String path = l.contains("=>") ? l.substring(l.indexOf("=>") + 2).strip() : l;
                int paren = path.indexOf(" (");
                path = paren >= 0 ? path.substring(0, paren).strip() : path;
                if (path.startsWith("/") && !path.startsWith(runtime.toString())) {
                    libs.add(Path.of(path));
                }
            }
        }
        return libs;
    }

    private static void writeOciArchive(Path outTar, String reference, List<Layer> layers, List<String> entrypoint)
            throws IOException {
        List<String> diffIds = new ArrayList<>();
        List<Map<String, Object>> history = new ArrayList<>();
        List<Map<String, Object>> layerDescriptors = new ArrayList<>();
        Tar archive = new Tar();
        archive.dir("blobs/");
        archive.dir("blobs/sha256/");
        for (Layer l : layers) {
            diffIds.add("sha256:" + l.diffId);
            history.add(Map.of("created", "2023-11-14T22:13:20Z", "created_by", "ContainerImage: " + l.description));
            layerDescriptors.add(descriptor("application/vnd.oci.image.layer.v1.tar+gzip", l.gz));
            archive.file("blobs/sha256/" + sha256(l.gz), l.gz, 0644);
        }
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("User", USER);
        config.put("Entrypoint", entrypoint);
        config.put("Env", List.of("PATH=/opt/java/bin", "JAVA_HOME=/opt/java", "LANG=C.UTF-8", "MIZANI_DATA_DIR=/tmp/data"));
        config.put("WorkingDir", "/app");
        config.put("ExposedPorts", Map.of("8080/tcp", Map.of()));
        config.put("Labels", Map.of("org.opencontainers.image.title", "mizani",
                "org.opencontainers.image.licenses", "Apache-2.0"));
        Map<String, Object> image = new LinkedHashMap<>();
        image.put("architecture", "amd64");
        image.put("os", "linux");
        image.put("created", "2023-11-14T22:13:20Z");
        image.put("config", config);
        image.put("rootfs", Map.of("type", "layers", "diff_ids", diffIds));
        image.put("history", history);
        byte[] configJson = Json.write(image).getBytes(StandardCharsets.UTF_8);
        archive.file("blobs/sha256/" + sha256(configJson), configJson, 0644);

        Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("schemaVersion", 2);
        manifest.put("mediaType", "application/vnd.oci.image.manifest.v1+json");
        manifest.put("config", descriptor("application/vnd.oci.image.config.v1+json", configJson));
        manifest.put("layers", layerDescriptors);
        byte[] manifestJson = Json.write(manifest).getBytes(StandardCharsets.UTF_8);
        archive.file("blobs/sha256/" + sha256(manifestJson), manifestJson, 0644);

        Map<String, Object> manifestDescriptor = descriptor("application/vnd.oci.image.manifest.v1+json", manifestJson);
        manifestDescriptor.put("annotations", Map.of("org.opencontainers.image.ref.name", reference.substring(reference.indexOf(':') + 1),
                "io.containerd.image.name", reference));
        archive.file("oci-layout", "{\"imageLayoutVersion\":\"1.0.0\"}".getBytes(StandardCharsets.UTF_8), 0644);
        archive.file("index.json", Json.write(Map.of("schemaVersion", 2, "manifests", List.of(manifestDescriptor)))
                .getBytes(StandardCharsets.UTF_8), 0644);
        // docker load reads manifest.json (it accepts gzip layers).
        List<String> layerPaths = layers.stream().map(l -> "blobs/sha256/" + sha256(l.gz)).toList();
        archive.file("manifest.json", Json.write(List.of(Map.of("Config", "blobs/sha256/" + sha256(configJson),
                "RepoTags", List.of(reference), "Layers", layerPaths))).getBytes(StandardCharsets.UTF_8), 0644);
        Files.createDirectories(outTar.toAbsolutePath().getParent());
        try (OutputStream os = Files.newOutputStream(outTar)) {
            os.write(archive.finish());
        }
    }

    private static Map<String, Object> descriptor(String mediaType, byte[] blob) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("mediaType", mediaType);
        d.put("digest", "sha256:" + sha256(blob));
        d.put("size", blob.length);
        return d;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }

    private static void delete(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(x);
            }
        }
    }

    record Layer(String description, byte[] gz, String diffId) {
    }

    /** A minimal POSIX ustar writer: directories, regular files and symbolic links, fixed owner and time. */
    static final class Tar {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final Set<String> dirs = new LinkedHashSet<>();

        void dir(String name) {
            dir(name, 0755);
        }

        void dir(String name, int mode) {
            if (dirs.add(name)) {
                entry(name, '5', 0, mode, null);
            }
        }

        /** Every parent directory of a path, outermost first. */
        void parents(String path) {
            String[] parts = path.split("/");
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < parts.length - 1; i++) {
                sb.append(parts[i]).append('/');
                dir(sb.toString());
            }
        }

        void file(String name, byte[] content, int mode) {
            entry(name, '0', content.length, mode, null);
            out.writeBytes(content);
            out.writeBytes(new byte[(512 - content.length % 512) % 512]);
        }

        void tree(Path root, String prefix) throws IOException {
            dir(prefix);
            Map<String, Path> sorted = new TreeMap<>();
            try (Stream<Path> s = Files.walk(root)) {
                s.filter(p -> !p.equals(root)).forEach(p -> sorted.put(root.relativize(p).toString(), p));
            }
            for (var e : sorted.entrySet()) {
                Path p = e.getValue();
                String name = prefix + e.getKey();
                if (Files.isSymbolicLink(p)) {
                    entry(name, '2', 0, 0777, Files.readSymbolicLink(p).toString());
                } else if (Files.isDirectory(p)) {
                    dir(name + "/");
                } else {
                    boolean exec = Files.getPosixFilePermissions(p).contains(PosixFilePermission.OWNER_EXECUTE);
                    file(name, Files.readAllBytes(p), exec ? 0755 : 0644);
                }
            }
        }

        private void entry(String name, char type, long size, int mode, String link) {
            byte[] h = new byte[512];
            String prefix = "";
            String n = name;
            if (n.getBytes(StandardCharsets.UTF_8).length > 100) {
                int cut = n.lastIndexOf('/', n.endsWith("/") ? n.length() - 2 : n.length() - 1);
                if (cut > 0 && cut <= 155 && n.length() - cut - 1 <= 100) {
                    prefix = n.substring(0, cut);
                    n = n.substring(cut + 1);
                } else {
                    pax("path", name);
                    n = n.substring(0, 99);
                }
            }
            put(h, 0, 100, n);
            put(h, 100, 8, octal(mode, 7));
            put(h, 108, 8, octal(0, 7));
            put(h, 116, 8, octal(0, 7));
            put(h, 124, 12, octal(size, 11));
            put(h, 136, 12, octal(MTIME, 11));
            h[156] = (byte) type;
            if (link != null) {
                put(h, 157, 100, link);
            }
            put(h, 257, 6, "ustar");
            put(h, 263, 2, "00");
            put(h, 265, 32, "root");
            put(h, 297, 32, "root");
            put(h, 345, 155, prefix);
            for (int i = 148; i < 156; i++) {
                h[i] = ' ';
            }
            long sum = 0;
            for (byte b : h) {
                sum += b & 0xff;
            }
            put(h, 148, 8, octal(sum, 6) + "\0 ");
            out.writeBytes(h);
        }

        /** A PAX extended header carrying one long value for the entry that follows. */
        private void pax(String key, String value) {
            String body = " " + key + "=" + value + "\n";
            int len = body.getBytes(StandardCharsets.UTF_8).length;
            int total = len + String.valueOf(len).length();
            if (String.valueOf(total).length() != String.valueOf(len).length()) {
                total++;
            }
            byte[] record = (total + body).getBytes(StandardCharsets.UTF_8);
            entry("PaxHeader", 'x', record.length, 0644, null);
            out.writeBytes(record);
            out.writeBytes(new byte[(512 - record.length % 512) % 512]);
        }

        private static String octal(long v, int width) {
            String s = Long.toOctalString(v);
            return "0".repeat(Math.max(0, width - s.length())) + s;
        }

        private static void put(byte[] h, int at, int len, String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            if (b.length > len) {
                throw new IllegalArgumentException("tar field too long: " + s);
            }
            System.arraycopy(b, 0, h, at, b.length);
        }

        byte[] finish() {
            out.writeBytes(new byte[1024]);
            return out.toByteArray();
        }

        Layer layer(String description) {
            byte[] tar = finish();
            ByteArrayOutputStream gz = new ByteArrayOutputStream();
            try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
                z.write(tar);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new Layer(description, gz.toByteArray(), sha256(tar));
        }
    }

    /** Just enough JSON for image manifests: maps, lists, strings, numbers. */
    static final class Json {
        private Json() {
        }

        static String write(Object o) {
            StringBuilder sb = new StringBuilder();
            write(o, sb);
            return sb.toString();
        }

        private static void write(Object o, StringBuilder sb) {
            if (o instanceof Map<?, ?> m) {
                sb.append('{');
                boolean first = true;
                for (var e : new TreeMap<>(m).entrySet()) {
                    sb.append(first ? "" : ",");
                    first = false;
                    write(String.valueOf(e.getKey()), sb);
                    sb.append(':');
                    write(e.getValue(), sb);
                }
                sb.append('}');
            } else if (o instanceof List<?> l) {
                sb.append('[');
                for (int i = 0; i < l.size(); i++) {
                    sb.append(i == 0 ? "" : ",");
                    write(l.get(i), sb);
                }
                sb.append(']');
            } else if (o instanceof Number n) {
                sb.append(n);
            } else {
                sb.append('"');
                for (char c : String.valueOf(o).toCharArray()) {
                    switch (c) {
                        case '"' -> sb.append("\\\"");
                        case '\\' -> sb.append("\\\\");
                        case '\n' -> sb.append("\\n");
                        default -> sb.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
                    }
                }
                sb.append('"');
            }
        }
    }
}
