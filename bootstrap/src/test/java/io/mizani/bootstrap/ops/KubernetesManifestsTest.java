package io.mizani.bootstrap.ops;

import static io.mizani.bootstrap.ops.Manifests.all;
import static io.mizani.bootstrap.ops.Manifests.custom;
import static io.mizani.bootstrap.ops.Manifests.one;
import static io.mizani.bootstrap.ops.Manifests.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;

/**
 * The kustomize layout under deploy/: every file parses with the fabric8 model; the base's Deployment has its
 * probes, secrets and security context; the overlays are consistent (rendered with {@code kubectl kustomize} when
 * kubectl is installed). The manifest quarkus-kubernetes generates is checked by {@link GeneratedManifestIT}.
 */
class KubernetesManifestsTest {

    private static final Path DEPLOY = Manifests.repoRoot().resolve("deploy");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void every_manifest_under_deploy_parses_with_the_kubernetes_model() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(DEPLOY)) {
            files = s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml"))
                    .filter(p -> !p.getFileName().toString().equals("kustomization.yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 8, "deploy/ manifests: " + files);
        for (Path f : files) {
            List<HasMetadata> resources = parse(f);
            assertFalse(resources.isEmpty(), f + " holds no resource");
            resources.forEach(r -> {
                assertNotNull(r.getMetadata().getName(), f + ": a resource without a name");
                assertNotNull(r.getKind(), f + ": a resource without a kind");
            });
        }
    }

    @Test
    void the_base_runs_live_with_probes_secrets_and_a_non_root_read_only_pod() throws IOException {
        List<HasMetadata> base = baseResources();
        Deployment d = one(base, Deployment.class);
        Manifests.checkDeployment(d, "live");
        Manifests.checkCompanions(base, d);
        Manifests.checkDatabase(base, d);
        assertTrue(all(base, Secret.class).isEmpty(), "no Secret in the base: overlays or the operator provide them");
    }

    @Test
    void the_production_overlay_backs_the_database_up_through_the_barman_cloud_plugin() throws IOException {
        Path overlay = DEPLOY.resolve("overlays/production");
        List<HasMetadata> patches = parse(overlay.resolve("postgres-cluster-backup.yaml"));
        GenericKubernetesResource cluster = custom(patches, "postgresql.cnpg.io/v1", "Cluster");
        Map<String, Object> spec = map(cluster.getAdditionalProperties().get("spec"));
        assertTrue(((Number) spec.get("instances")).intValue() >= 3, "production: a primary and two replicas");
        Map<String, Object> plugin = map(listOf(spec.get("plugins")).stream()
                .filter(p -> "barman-cloud.cloudnative-pg.io".equals(map(p).get("name"))).findFirst()
                .orElseThrow(() -> new AssertionError("the Cluster names no barman-cloud.cloudnative-pg.io plugin")));
        assertEquals(Boolean.TRUE, plugin.get("isWALArchiver"), "the plugin archives the WAL");
        String storeName = String.valueOf(map(plugin.get("parameters")).get("barmanObjectName"));

        GenericKubernetesResource store = custom(parse(overlay.resolve("object-store.yaml")), "barmancloud.cnpg.io/v1",
                "ObjectStore");
        assertEquals(storeName, store.getMetadata().getName(), "the Cluster's barmanObjectName is the ObjectStore");
        Map<String, Object> sspec = map(store.getAdditionalProperties().get("spec"));
        assertEquals("30d", sspec.get("retentionPolicy"), "retention lives on the ObjectStore with the plugin");
        Map<String, Object> configuration = map(sspec.get("configuration"));
        assertTrue(String.valueOf(configuration.get("destinationPath")).startsWith("s3://"), "backups go to an object store");
        Map<String, Object> creds = map(configuration.get("s3Credentials"));
        assertNotNull(map(creds.get("accessKeyId")).get("name"), "object-store credentials come from a Secret");

        GenericKubernetesResource scheduled = custom(parse(overlay.resolve("scheduled-backup.yaml")),
                "postgresql.cnpg.io/v1", "ScheduledBackup");
        Map<String, Object> bspec = map(scheduled.getAdditionalProperties().get("spec"));
        assertEquals(cluster.getMetadata().getName(), map(bspec.get("cluster")).get("name"));
        assertEquals("plugin", bspec.get("method"), "the default method is the in-tree barmanObjectStore");
        assertEquals("barman-cloud.cloudnative-pg.io", map(bspec.get("pluginConfiguration")).get("name"));
        assertEquals(6, String.valueOf(bspec.get("schedule")).trim().split("\\s+").length,
                "CNPG schedules have six fields (seconds first)");
    }

    /**
     * CloudNativePG 1.30 marks these deprecated: spec.monitoring.enablePodMonitor (and the PodMonitor relabelings)
     * in its CRD, the in-tree spec.backup.barmanObjectStore (removed in 1.31.0) and the retention policy that only
     * it reads, spec.backup.retentionPolicy, through its admission webhook; initdb.options in its CRD.
     */
    @Test
    void no_cloudnative_pg_field_deprecated_in_1_30_is_used() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(DEPLOY)) {
            for (Path f : s.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                for (HasMetadata r : parse(f)) {
                    if (!(r instanceof GenericKubernetesResource g) || !"Cluster".equals(r.getKind())) {
                        continue;
                    }
                    Map<String, Object> spec = map(g.getAdditionalProperties().get("spec"));
                    Map<String, Object> monitoring = spec.get("monitoring") == null ? Map.of() : map(spec.get("monitoring"));
                    for (String k : List.of("enablePodMonitor", "podMonitorMetricRelabelings", "podMonitorRelabelings")) {
                        if (monitoring.containsKey(k)) {
                            found.add(f + ": spec.monitoring." + k);
                        }
                    }
                    Map<String, Object> backup = spec.get("backup") == null ? Map.of() : map(spec.get("backup"));
                    for (String k : List.of("barmanObjectStore", "retentionPolicy")) {
                        if (backup.containsKey(k)) {
                            found.add(f + ": spec.backup." + k);
                        }
                    }
                    listOf(spec.get("externalClusters")).stream().filter(e -> map(e).containsKey("barmanObjectStore"))
                            .forEach(e -> found.add(f + ": spec.externalClusters[].barmanObjectStore"));
                    Object bootstrap = spec.get("bootstrap");
                    if (bootstrap != null && map(bootstrap).get("initdb") != null
                            && map(map(bootstrap).get("initdb")).containsKey("options")) {
                        found.add(f + ": spec.bootstrap.initdb.options");
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void network_policies_admit_only_the_ingress_controller_to_the_service_and_only_the_service_and_operator_to_postgres()
            throws IOException {
        List<HasMetadata> base = baseResources();
        Deployment d = one(base, Deployment.class);
        Map<String, NetworkPolicy> policies = new java.util.HashMap<>();
        all(base, NetworkPolicy.class).forEach(p -> policies.put(p.getMetadata().getName(), p));

        NetworkPolicy service = policies.get("mizani");
        assertNotNull(service, "NetworkPolicy mizani");
        assertTrue(d.getSpec().getTemplate().getMetadata().getLabels().entrySet()
                .containsAll(service.getSpec().getPodSelector().getMatchLabels().entrySet()), "selects the service's pods");
        assertEquals(List.of("Ingress", "Egress"), service.getSpec().getPolicyTypes());
        List<String> sources = new ArrayList<>();
        service.getSpec().getIngress().forEach(rule -> {
            rule.getPorts().forEach(p -> assertEquals("http", p.getPort().getStrVal(), "only the service's port"));
            rule.getFrom().forEach(peer -> {
                assertNull(peer.getIpBlock(), "no address range reaches the service directly");
                assertNull(peer.getPodSelector(), "no pod of its own namespace reaches the service");
                sources.add(peer.getNamespaceSelector().getMatchLabels().get("kubernetes.io/metadata.name"));
            });
        });
        assertEquals(List.of("ingress-nginx", "monitoring"), sources, "ingress controller and Prometheus only");
        List<Integer> egressPorts = new ArrayList<>();
        service.getSpec().getEgress().forEach(rule -> rule.getPorts().forEach(p -> egressPorts.add(p.getPort().getIntVal())));
        assertEquals(List.of(53, 53, 5432, 443, 587, 465), egressPorts, "DNS, PostgreSQL, HTTPS and mail submission");
        var internet = service.getSpec().getEgress().get(2).getTo().get(0).getIpBlock();
        assertTrue(internet.getExcept().containsAll(List.of("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",
                "169.254.0.0/16")), "callbacks cannot reach private addresses or the metadata service");

        NetworkPolicy db = policies.get("mizani-db");
        assertNotNull(db, "NetworkPolicy mizani-db");
        assertEquals("mizani-db", db.getSpec().getPodSelector().getMatchLabels().get("cnpg.io/cluster"));
        List<String> dbSources = new ArrayList<>();
        db.getSpec().getIngress().forEach(rule -> rule.getFrom().forEach(peer -> {
            assertNull(peer.getIpBlock());
            String ns = peer.getNamespaceSelector() == null ? "own namespace"
                    : peer.getNamespaceSelector().getMatchLabels().get("kubernetes.io/metadata.name");
            Map<String, String> pods = peer.getPodSelector() == null ? Map.of() : peer.getPodSelector().getMatchLabels();
            dbSources.add(ns + " " + new java.util.TreeMap<>(pods) + " " + rule.getPorts().stream()
                    .map(p -> String.valueOf(p.getPort().getIntVal())).toList());
        }));
        assertEquals(List.of(
                "own namespace {app.kubernetes.io/name=mizani} [5432]",
                "cnpg-system {app.kubernetes.io/name=cloudnative-pg} [5432, 8000]",
                "own namespace {cnpg.io/cluster=mizani-db} [5432, 8000]",
                "monitoring {} [9187]"), dbSources);
    }

    @Test
    void every_file_a_kustomization_names_exists() throws IOException {
        try (Stream<Path> s = Files.walk(DEPLOY)) {
            for (Path k : s.filter(p -> p.getFileName().toString().equals("kustomization.yaml")).toList()) {
                Map<String, Object> doc = map(YAML.readValue(k.toFile(), Map.class));
                List<String> refs = new ArrayList<>();
                listOf(doc.get("resources")).forEach(r -> refs.add(String.valueOf(r)));
                listOf(doc.get("patches")).forEach(p -> {
                    Object path = map(p).get("path");
                    if (path != null) {
                        refs.add(String.valueOf(path));
                    }
                });
                for (String ref : refs) {
                    assertTrue(Files.exists(k.getParent().resolve(ref)), k + " names a missing " + ref);
                }
            }
        }
    }

    @Test
    void the_overlays_render_and_keep_the_guarantees() throws Exception {
        Assumptions.assumeTrue(kubectl(), "kubectl is not installed: overlays not rendered");
        List<HasMetadata> prod = parse(render("overlays/production"));
        Deployment pd = one(prod, Deployment.class);
        Manifests.checkDeployment(pd, "live");
        Manifests.checkCompanions(prod, pd);
        Manifests.checkDatabase(prod, pd);
        assertEquals(3, pd.getSpec().getReplicas());
        assertTrue(Manifests.mizani(pd).getImage().contains("/"), "production pulls from a registry");
        assertTrue(all(prod, Secret.class).isEmpty(), "production secrets are never in the repository");
        prod.forEach(r -> assertEquals("Namespace".equals(r.getKind()) ? null : "mizani", r.getMetadata().getNamespace()));

        List<HasMetadata> sandbox = parse(render("overlays/sandbox"));
        Deployment sd = one(sandbox, Deployment.class);
        Manifests.checkDeployment(sd, "sandbox");
        Manifests.checkCompanions(sandbox, sd);
        Secret secret = one(sandbox, Secret.class);
        String ref = Manifests.env(Manifests.mizani(sd)).get("MIZANI_OPERATOR_PASSWORD").getValueFrom().getSecretKeyRef().getName();
        assertEquals(secret.getMetadata().getName(), ref, "the generated Secret's hashed name is wired into the pod");
        String operator = new String(java.util.Base64.getDecoder().decode(secret.getData().get("operator-password")),
                StandardCharsets.UTF_8);
        assertEquals("sandbox-operator", operator, "the sandbox overlay holds only the documented sandbox default");
    }

    private static List<HasMetadata> baseResources() throws IOException {
        Map<String, Object> k = map(YAML.readValue(DEPLOY.resolve("base/kustomization.yaml").toFile(), Map.class));
        List<HasMetadata> out = new ArrayList<>();
        listOf(k.get("resources")).forEach(r -> out.addAll(parse(DEPLOY.resolve("base").resolve(String.valueOf(r)))));
        return out;
    }

    private static boolean kubectl() {
        try {
            Process p = new ProcessBuilder("kubectl", "version", "--client").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static String render(String dir) throws Exception {
        Process p = new ProcessBuilder("kubectl", "kustomize", DEPLOY.resolve(dir).toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "kubectl kustomize timed out");
        assertEquals(0, p.exitValue(), "kubectl kustomize " + dir + ": " + err);
        return out;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        assertNotNull(o);
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> listOf(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }
}
