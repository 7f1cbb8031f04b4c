package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
