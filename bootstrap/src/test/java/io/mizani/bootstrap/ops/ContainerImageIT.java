package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Builds the container image tarball from target/quarkus-app (after package, hence failsafe) and inspects it the way
 * a registry or a cluster would: OCI layout, entrypoint, non-root user, layers and their digests, no secrets.
 * Skip with {@code -DskipImage=true}.
 */
class ContainerImageIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SECRET_FILE = Pattern.compile(
            "(^|/)(\\.env|pg-password|id_rsa|id_ed25519|credentials|.*\\.pem|.*\\.key|.*\\.p12|.*\\.jks)$");

    @Test
    void the_image_tarball_runs_the_service_as_a_non_root_user_with_a_container_tuned_jvm() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("skipImage"), "image build skipped");
        Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux")
                && (Files.isExecutable(Path.of("/usr/bin/ldd")) || Files.isExecutable(Path.of("/bin/ldd"))),
                "the image is built on Linux with ldd (it copies the host's C libraries)");
        Path tar = ContainerImage.build(Path.of("target/quarkus-app"), Path.of("target/image/mizani-image.tar"),
                "mizani:0.1.0-SNAPSHOT");
        Map<String, byte[]> archive = untar(Files.readAllBytes(tar));

        assertTrue(archive.containsKey("oci-layout"), "OCI image layout");
        JsonNode index = JSON.readTree(archive.get("index.json"));
        String manifestDigest = index.at("/manifests/0/digest").asText();
        JsonNode manifest = JSON.readTree(blob(archive, manifestDigest));
        JsonNode config = JSON.readTree(blob(archive, manifest.at("/config/digest").asText()));
        JsonNode docker = JSON.readTree(archive.get("manifest.json"));
        assertEquals("mizani:0.1.0-SNAPSHOT", docker.at("/0/RepoTags/0").asText(), "docker load tag");

        String user = config.at("/config/User").asText();
        assertTrue(user.matches("[1-9][0-9]*:[1-9][0-9]*"), "a numeric non-root uid:gid (runAsNonRoot checks it): " + user);
        List<String> entrypoint = JSON.convertValue(config.at("/config/Entrypoint"), List.class);
        assertEquals("/opt/java/bin/java", entrypoint.get(0));
        assertTrue(entrypoint.contains("-XX:MaxRAMPercentage=75"), "heap sized from the container's memory limit");
        assertEquals(ContainerImage.jvmOptions(), entrypoint.subList(1, 1 + ContainerImage.jvmOptions().size()),
                "the flags of jvm.options, in its order");
        assertTrue(entrypoint.contains("-XX:+UseSerialGC"), "the serial collector, as the JVM picks it for a 1Gi pod");
        assertTrue(entrypoint.contains("-XX:+ExitOnOutOfMemoryError"));
        assertEquals(List.of("-jar", "/app/quarkus-run.jar"), entrypoint.subList(entrypoint.size() - 2, entrypoint.size()));
        assertTrue(config.at("/config/ExposedPorts").has("8080/tcp"));

        JsonNode layers = manifest.get("layers");
        JsonNode diffIds = config.at("/rootfs/diff_ids");
        assertEquals(3, layers.size(), "runtime, dependencies, application");
        assertEquals(layers.size(), diffIds.size());
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (int i = 0; i < layers.size(); i++) {
            byte[] gz = blob(archive, layers.get(i).get("digest").asText());
            assertEquals(layers.get(i).get("size").asLong(), gz.length, "descriptor size of layer " + i);
            byte[] layerTar = new GZIPInputStream(new ByteArrayInputStream(gz)).readAllBytes();
            assertEquals("sha256:" + ContainerImage.sha256(layerTar), diffIds.get(i).asText(), "diff_id of layer " + i);
            Map<String, byte[]> entries = untar(layerTar);
            files.putAll(entries);
        }
        for (String needed : List.of("opt/java/bin/java", "opt/java/lib/libjli.so", "lib64/ld-linux-x86-64.so.2",
                "app/quarkus-run.jar", "app/quarkus/quarkus-application.dat", "etc/passwd", "tmp/")) {
            assertTrue(files.containsKey(needed), needed + " missing from the image");
        }
        String passwd = new String(files.get("etc/passwd"), StandardCharsets.UTF_8);
        assertTrue(passwd.contains(":" + user.split(":")[0] + ":"), "the image's user is named in /etc/passwd");

        for (var e : files.entrySet()) {
            String name = e.getKey();
            assertFalse(SECRET_FILE.matcher(name).find(), "a secret-looking file in the image: " + name);
            assertFalse(name.startsWith("app/data") || name.contains("/pgdata/"), "database files in the image: " + name);
            if (!name.startsWith("opt/java/") && !name.startsWith("lib") && !name.endsWith(".jar")) {
                String text = new String(e.getValue(), StandardCharsets.ISO_8859_1);
                assertFalse(text.contains("PRIVATE KEY-----"), "a private key in " + name);
            }
        }
    }

    /**
     * The image's JDK AOT cache (docs/operations.md "Container image"): trained by the image's own runtime, shipped
     * as /app/app.aot and named by the entrypoint, and accepted by that runtime for the jars as the image lays them
     * out. {@code -XX:AOTMode=on} makes the JVM refuse to start when the cache does not match its runtime or its
     * class path (the JVM checks the size and modification time of each jar on it); the same check is then made to
     * fail, with quarkus-run.jar's time changed, so that it can tell the difference. The layers are unpacked by the
     * system's tar, which keeps the fixed file times the image carries.
     */
    @Test
    void the_image_ships_an_aot_cache_that_its_own_runtime_accepts() throws Exception {
        Assumptions.assumeFalse(Boolean.getBoolean("skipImage"), "image build skipped");
        Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux")
                && (Files.isExecutable(Path.of("/usr/bin/ldd")) || Files.isExecutable(Path.of("/bin/ldd")))
                && Runtime.version().feature() >= 25, "the image is built on Linux with ldd; the AOT cache needs JDK 25");
        Path tar = ContainerImage.build(Path.of("target/quarkus-app"), Path.of("target/image/mizani-image-aot.tar"),
                "mizani:0.1.0-SNAPSHOT", true);
        Path oci = Path.of("target/image/aot-check/oci").toAbsolutePath();
        Path root = Path.of("target/image/aot-check/rootfs").toAbsolutePath();
        for (Path dir : List.of(oci, root)) {
            run(List.of("rm", "-rf", dir.toString()));
            Files.createDirectories(dir);
        }
        run(List.of("tar", "xf", tar.toAbsolutePath().toString(), "-C", oci.toString()));
        JsonNode docker = JSON.readTree(oci.resolve("manifest.json").toFile());
        for (JsonNode layer : docker.at("/0/Layers")) {
            run(List.of("tar", "xzf", oci.resolve(layer.asText()).toString(), "-C", root.toString()));
        }
        JsonNode config = JSON.readTree(oci.resolve(docker.at("/0/Config").asText()).toFile());
        List<String> entrypoint = JSON.convertValue(config.at("/config/Entrypoint"), List.class);
        assertEquals(List.of("-XX:AOTCache=/app/app.aot", "-jar", "/app/quarkus-run.jar"),
                entrypoint.subList(entrypoint.size() - 3, entrypoint.size()), "the entrypoint uses the cache");
        Path cache = root.resolve("app/app.aot");
        assertTrue(Files.size(cache) > 10_000_000, "a trained cache in the image: " + Files.size(cache) + " bytes");

        List<String> check = List.of(root.resolve("opt/java/bin/java").toString(), "-XX:AOTCache=" + cache,
                "-XX:AOTMode=on", "-cp", root.resolve("app/quarkus-run.jar").toString(), "-version");
        Ran accepted = run(check);
        assertEquals(0, accepted.exit(), "the image's runtime accepts its cache for the image's jars: " + accepted.output());

        Path launcher = root.resolve("app/quarkus-run.jar");
        Files.setLastModifiedTime(launcher, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis()));
        Ran refused = run(check);
        assertTrue(refused.exit() != 0 && refused.output().contains("Unable to use AOT cache"),
                "a cache that no longer matches the class path is refused: " + refused.output());
        Files.setLastModifiedTime(launcher, java.nio.file.attribute.FileTime.from(ContainerImage.MTIME,
                java.util.concurrent.TimeUnit.SECONDS)); // as the image has it again

        startsInItsOwnRootFileSystem(root, entrypoint, config.at("/config/User").asText());
    }

    /**
     * The image as a container runtime runs it: chroot into its unpacked layers as its user, /proc and the /dev
     * nodes the JVM needs mounted, its entrypoint with {@code -XX:AOTMode=on} against a real PostgreSQL (the
     * embedded one the service uses, started here), until /q/health/ready answers 200. The {@code -version} check
     * alone passed for a cache that this start refused (a sealing violation while loading the cached classes, the
     * training run having loaded the embedded PostgreSQL's xz decompressor). Needs root for chroot and mount:
     * skipped where they are not allowed.
     */
    private static void startsInItsOwnRootFileSystem(Path root, List<String> entrypoint, String user) throws Exception {
        Assumptions.assumeTrue(run(List.of("id", "-u")).output().strip().equals("0"), "chroot needs root");
        Path chroot = Path.of("/usr/sbin/chroot");
        Assumptions.assumeTrue(Files.isExecutable(chroot), "chroot (coreutils) is installed");
        List<String> mounted = new ArrayList<>();
        try (var pg = io.mizani.adapter.persistence.embedded.EmbeddedPostgres.start(
                Path.of("target/image/aot-check/database").toAbsolutePath())) {
            for (String dev : List.of("null", "zero", "random", "urandom")) {
                Path node = root.resolve("dev/" + dev);
                Files.createDirectories(node.getParent());
                Files.deleteIfExists(node);
                Files.createFile(node);
                Assumptions.assumeTrue(run(List.of("mount", "--bind", "/dev/" + dev, node.toString())).exit() == 0,
                        "mount is allowed here");
                mounted.add(node.toString());
            }
            Files.createDirectories(root.resolve("proc"));
            assertEquals(0, run(List.of("mount", "-t", "proc", "proc", root.resolve("proc").toString())).exit());
            mounted.add(root.resolve("proc").toString());

            int port = ContainerImage.freePort();
            List<String> command = new ArrayList<>(List.of(chroot.toString(), "--userspec=" + user, root.toString()));
            for (String arg : entrypoint) {
                if (arg.equals("-jar")) {
                    command.add("-XX:AOTMode=on");
                }
                command.add(arg);
            }
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(Path.of("target/image/aot-check/service.log").toFile());
            pb.environment().clear();
            pb.environment().putAll(Map.of("PATH", "/opt/java/bin", "MIZANI_MODE", "sandbox",
                    "QUARKUS_HTTP_PORT", Integer.toString(port), "QUARKUS_DATASOURCE_JDBC_URL", pg.jdbcUrl(),
                    "QUARKUS_DATASOURCE_USERNAME", pg.username(), "QUARKUS_DATASOURCE_PASSWORD", pg.password(),
                    "MIZANI_DATA_DIR", "/tmp/data", "JDK_JAVA_OPTIONS", "-XX:MaxRAM=1g"));
            Process service = pb.start();
            try {
                assertTrue(ContainerImage.awaitReady(java.net.http.HttpClient.newHttpClient(),
                        "http://127.0.0.1:" + port, service), "the image starts with its AOT cache (-XX:AOTMode=on) "
                        + "in its own root file system: " + Files.readString(Path.of("target/image/aot-check/service.log")));
            } finally {
                service.destroy();
                if (!service.waitFor(1, java.util.concurrent.TimeUnit.MINUTES)) {
                    service.destroyForcibly();
                }
            }
        } finally {
            for (String m : mounted.reversed()) {
                run(List.of("umount", m));
            }
        }
    }

    private record Ran(int exit, String output) {
    }

    private static Ran run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        assertTrue(p.exitValue() == 0 || !command.get(0).equals("tar"), "tar failed: " + output);
        return new Ran(p.exitValue(), output);
    }

    private static byte[] blob(Map<String, byte[]> archive, String digest) {
        byte[] b = archive.get("blobs/sha256/" + digest.substring("sha256:".length()));
        assertTrue(b != null, "blob " + digest + " missing");
        assertEquals(digest, "sha256:" + ContainerImage.sha256(b), "blob content matches its digest");
        return b;
    }

    /** Regular files (content) and directories (empty) of a ustar/PAX tar. */
    static Map<String, byte[]> untar(byte[] tar) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        int pos = 0;
        String paxPath = null;
        while (pos + 512 <= tar.length) {
            byte[] h = java.util.Arrays.copyOfRange(tar, pos, pos + 512);
            if (h[0] == 0) {
                break;
            }
            String name = field(h, 0, 100);
            String prefix = field(h, 345, 155);
            long size = Long.parseLong(field(h, 124, 12).trim().isEmpty() ? "0" : field(h, 124, 12).trim(), 8);
            char type = (char) h[156];
            byte[] content = java.util.Arrays.copyOfRange(tar, pos + 512, pos + 512 + (int) size);
            pos += 512 + (int) ((size + 511) / 512 * 512);
            if (type == 'x') {
                String rec = new String(content, StandardCharsets.UTF_8);
                paxPath = rec.substring(rec.indexOf("path=") + 5, rec.indexOf('\n', rec.indexOf("path=")));
                continue;
            }
            String full = paxPath != null ? paxPath : prefix.isEmpty() ? name : prefix + "/" + name;
            paxPath = null;
            out.put(full, type == '5' ? new byte[0] : content);
        }
        return out;
    }

    private static String field(byte[] h, int at, int len) {
        int end = at;
        while (end < at + len && h[end] != 0) {
            end++;
        }
        return new String(h, at, end - at, StandardCharsets.UTF_8);
    }
}
