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
 * bootstrap/target/quarkus-app bootstrap/target/image/mizani-image.tar mizani:0.1.0-SNAPSHOT}.
 */
public final class ContainerImage {

    /** Modules the service needs (jdeps over quarkus-app/lib, plus what is loaded reflectively). */
    static final List<String> MODULES = List.of("java.base", "java.compiler", "java.instrument", "java.logging",
            "java.management", "java.naming", "java.net.http", "java.rmi", "java.scripting", "java.security.jgss",
            "java.security.sasl", "java.sql", "java.transaction.xa", "java.xml", "java.desktop", "jdk.crypto.cryptoki",
            "jdk.jfr", "jdk.management", "jdk.naming.dns", "jdk.net", "jdk.unsupported", "jdk.zipfs",
            "jdk.localedata");

    /** The JVM tuned for a container: heap from the cgroup memory limit, exit (and restart) on OOM. */
    static final List<String> ENTRYPOINT = List.of("/opt/java/bin/java",
            "-XX:MaxRAMPercentage=75", "-XX:InitialRAMPercentage=25", "-XX:+ExitOnOutOfMemoryError",
            "-XX:+UseStringDeduplication", "-Djava.io.tmpdir=/tmp", "-Duser.home=/tmp", "-Dfile.encoding=UTF-8",
            "-jar", "/app/quarkus-run.jar");

    static final String USER = "10001:10001";
    private static final long MTIME = 1_700_000_000L;

    private ContainerImage() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ContainerImage <quarkus-app dir> <out.tar> [name:tag]");
            System.exit(2);
        }
        Path out = build(Path.of(args[0]), Path.of(args[1]), args.length > 2 ? args[2] : "mizani:0.1.0-SNAPSHOT");
        System.out.println("image: " + out + " (" + Files.size(out) / (1024 * 1024) + " MiB)");
    }

    public static Path build(Path quarkusApp, Path outTar, String reference) throws Exception {
        if (!Files.isRegularFile(quarkusApp.resolve("quarkus-run.jar"))) {
            throw new IllegalArgumentException(quarkusApp + " has no quarkus-run.jar: run ./mvnw package first");
        }
        Path work = outTar.toAbsolutePath().getParent().resolve("image-work");
        Path runtime = work.resolve("runtime");
        jlink(runtime);

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
        app.dir("etc/");
        app.file("etc/passwd", "root:x:0:0:root:/root:/sbin/nologin\nmizani:x:10001:10001:mizani:/tmp:/sbin/nologin\n"
                .getBytes(StandardCharsets.UTF_8), 0644);
        app.file("etc/group", "root:x:0:\nmizani:x:10001:\n".getBytes(StandardCharsets.UTF_8), 0644);
        app.file("etc/nsswitch.conf", "hosts: files dns\n".getBytes(StandardCharsets.UTF_8), 0644);
        app.dir("tmp/", 01777);
        layers.add(app.layer("application /app"));

        writeOciArchive(outTar, reference, layers);
        return outTar;
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

    private static void writeOciArchive(Path outTar, String reference, List<Layer> layers) throws IOException {
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
        config.put("Entrypoint", ENTRYPOINT);
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
