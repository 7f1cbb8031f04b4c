package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/** Parses Kubernetes YAML with the fabric8 model and checks what an operator relies on. */
final class Manifests {

    static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    /** Environment variables that carry secrets: never a literal value in a manifest. */
    static final List<String> SECRET_ENV = List.of("MIZANI_OPERATOR_PASSWORD", "MIZANI_PII_KEY",
            "QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD");

    private Manifests() {
    }

    static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("deploy"))) {
            p = p.getParent();
        }
        assertNotNull(p, "no deploy/ directory above " + Path.of("").toAbsolutePath());
        return p;
    }

    static List<HasMetadata> parse(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every YAML document of the text, typed where the model knows the kind, generic otherwise (CRDs). */
    static List<HasMetadata> parse(String yaml) {
        List<HasMetadata> out = new ArrayList<>();
        for (String doc : yaml.split("(?m)^---\\s*$")) {
            boolean empty = doc.lines().map(String::strip).allMatch(l -> l.isEmpty() || l.startsWith("#"));
            if (empty) {
                continue;
            }
            Object parsed = SERIALIZATION.unmarshal(doc);
            assertTrue(parsed instanceof HasMetadata, "not a Kubernetes resource: " + doc);
            out.add((HasMetadata) parsed);
        }
        return out;
    }

    static <T extends HasMetadata> List<T> all(List<HasMetadata> resources, Class<T> type) {
        return resources.stream().filter(type::isInstance).map(type::cast).toList();
    }

    static <T extends HasMetadata> T one(List<HasMetadata> resources, Class<T> type) {
        List<T> found = all(resources, type);
        assertEquals(1, found.size(), "exactly one " + type.getSimpleName() + " expected, found " + found.size());
        return found.get(0);
    }

    static GenericKubernetesResource custom(List<HasMetadata> resources, String apiVersion, String kind) {
        List<GenericKubernetesResource> found = resources.stream()
                .filter(r -> r instanceof GenericKubernetesResource && apiVersion.equals(r.getApiVersion())
                        && kind.equals(r.getKind()))
                .map(GenericKubernetesResource.class::cast).toList();
        assertEquals(1, found.size(), "exactly one " + apiVersion + " " + kind + " expected");
        return found.get(0);
    }

    static Container mizani(Deployment d) {
        return d.getSpec().getTemplate().getSpec().getContainers().stream()
                .filter(c -> "mizani".equals(c.getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no container named mizani"));
    }

    static Map<String, EnvVar> env(Container c) {
        return c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e, (a, b) -> {
            throw new AssertionError("environment variable set twice: " + a.getName());
        }));
    }

    /** Probes, resources, secrets wiring and the non-root, read-only security context of the service's pod. */
    static void checkDeployment(Deployment d, String expectedMode) {
        Container c = mizani(d);
        assertProbe(c.getStartupProbe(), "/q/health/started", "startup");
        assertProbe(c.getReadinessProbe(), "/q/health/ready", "readiness");
        assertProbe(c.getLivenessProbe(), "/q/health/live", "liveness");

        assertNotNull(c.getResources(), "resources");
        for (String r : List.of("cpu", "memory")) {
            assertNotNull(c.getResources().getRequests().get(r), "requests." + r);
            assertNotNull(c.getResources().getLimits().get(r), "limits." + r);
        }
        assertNotNull(c.getResources().getLimits().get("memory"));

        Map<String, EnvVar> env = env(c);
        for (String name : SECRET_ENV) {
            EnvVar v = env.get(name);
            assertNotNull(v, name + " is not set");
            assertNull(v.getValue(), name + " must come from a Secret, not a literal");
            assertNotNull(v.getValueFrom(), name);
            assertNotNull(v.getValueFrom().getSecretKeyRef(), name + " must come from a Secret");
            assertFalse(v.getValueFrom().getSecretKeyRef().getName().isBlank());
            assertFalse(v.getValueFrom().getSecretKeyRef().getKey().isBlank());
        }
        env.values().stream().filter(v -> v.getValue() != null).forEach(v -> {
            String n = v.getName();
            assertFalse(n.contains("PASSWORD") || n.contains("SECRET") || n.endsWith("_KEY") || n.contains("TOKEN"),
                    n + " has a literal value in the manifest");
        });
        EnvVar url = env.get("QUARKUS_DATASOURCE_JDBC_URL");
        assertNotNull(url, "external PostgreSQL: QUARKUS_DATASOURCE_JDBC_URL");
        assertTrue(url.getValue().startsWith("jdbc:postgresql://"), url.getValue());
        assertFalse(url.getValue().contains("password"), "no password in the JDBC URL");
        assertEquals(expectedMode, Optional.ofNullable(env.get("MIZANI_MODE")).map(EnvVar::getValue).orElse(null),
                "MIZANI_MODE");

        PodSpec pod = d.getSpec().getTemplate().getSpec();
        assertNotNull(pod.getSecurityContext(), "pod securityContext");
        assertEquals(Boolean.TRUE, pod.getSecurityContext().getRunAsNonRoot(), "pod runAsNonRoot");
        Long uid = pod.getSecurityContext().getRunAsUser();
        assertTrue(uid != null && uid > 0, "pod runAsUser: a non-root uid, not " + uid);
        var sc = c.getSecurityContext();
        assertNotNull(sc, "container securityContext");
        assertEquals(Boolean.TRUE, sc.getReadOnlyRootFilesystem(), "readOnlyRootFilesystem");
        assertEquals(Boolean.FALSE, sc.getAllowPrivilegeEscalation(), "allowPrivilegeEscalation");
        assertTrue(sc.getCapabilities().getDrop().contains("ALL"), "capabilities drop ALL");
        String tmpVolume = c.getVolumeMounts().stream().filter(m -> "/tmp".equals(m.getMountPath()))
                .map(m -> m.getName()).findFirst().orElseThrow(() -> new AssertionError("/tmp is not mounted"));
        assertTrue(pod.getVolumes().stream().anyMatch(v -> v.getName().equals(tmpVolume) && v.getEmptyDir() != null),
                "/tmp must be an emptyDir (the root filesystem is read-only)");
        Integer grace = pod.getTerminationGracePeriodSeconds() == null ? null
                : pod.getTerminationGracePeriodSeconds().intValue();
        assertTrue(grace != null && grace >= 30, "terminationGracePeriodSeconds >= 30 (shutdown grace)");
        checkShutdownTimeline(env, grace);
        checkSpread(d);
        if (c.getLifecycle() != null && c.getLifecycle().getPreStop() != null) {
            assertNull(c.getLifecycle().getPreStop().getExec(), "the image has no shell and no sleep: no exec preStop hook");
        }
    }

    /** Replicas spread over nodes (required) and zones (preferred), per ReplicaSet. */
    static void checkSpread(Deployment d) {
        var constraints = d.getSpec().getTemplate().getSpec().getTopologySpreadConstraints();
        Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
        Map<String, String> when = constraints.stream().collect(Collectors.toMap(
                io.fabric8.kubernetes.api.model.TopologySpreadConstraint::getTopologyKey,
                io.fabric8.kubernetes.api.model.TopologySpreadConstraint::getWhenUnsatisfiable));
        assertEquals(Map.of("kubernetes.io/hostname", "DoNotSchedule", "topology.kubernetes.io/zone", "ScheduleAnyway"),
                when, "topologySpreadConstraints");
        constraints.forEach(c -> {
            assertEquals(1, c.getMaxSkew());
            assertTrue(podLabels.entrySet().containsAll(c.getLabelSelector().getMatchLabels().entrySet()),
                    "the spread counts the service's own pods");
            assertEquals(List.of("pod-template-hash"), c.getMatchLabelKeys(), "counted per ReplicaSet");
        });
    }

    /**
     * Rolling updates: the service keeps serving for MIZANI_SHUTDOWN_DELAY after SIGTERM (at least 5 s, while the
     * Endpoints change reaches kube-proxy and the ingress), then drains for MIZANI_SHUTDOWN_GRACE; the kubelet's
     * SIGKILL must come later than both plus a margin of at least 10 s for the stop itself.
     */
    static void checkShutdownTimeline(Map<String, EnvVar> env, int terminationGraceSeconds) {
        EnvVar delay = env.get("MIZANI_SHUTDOWN_DELAY");
        EnvVar grace = env.get("MIZANI_SHUTDOWN_GRACE");
        assertNotNull(delay, "MIZANI_SHUTDOWN_DELAY is not set: the pod stops serving before balancers stop routing to it");
        assertNotNull(grace, "MIZANI_SHUTDOWN_GRACE is not set");
        long delaySeconds = java.time.Duration.parse(delay.getValue()).toSeconds();
        long graceSeconds = java.time.Duration.parse(grace.getValue()).toSeconds();
        assertTrue(delaySeconds >= 5, "MIZANI_SHUTDOWN_DELAY " + delay.getValue() + ": at least PT5S");
        assertTrue(terminationGraceSeconds >= delaySeconds + graceSeconds + 10,
                "terminationGracePeriodSeconds " + terminationGraceSeconds + " must exceed delay " + delaySeconds
                        + " s + grace " + graceSeconds + " s + a 10 s margin");
    }

    private static void assertProbe(Probe p, String path, String which) {
        assertNotNull(p, which + " probe");
        assertNotNull(p.getHttpGet(), which + " probe over HTTP");
        assertEquals(path, p.getHttpGet().getPath(), which + " probe path");
        Object port = p.getHttpGet().getPort().getStrVal() != null ? p.getHttpGet().getPort().getStrVal()
                : p.getHttpGet().getPort().getIntVal();
        assertTrue(port.equals("http") || port.equals(8080), which + " probe port " + port);
    }

    /** PDB, HPA and ServiceMonitor point at the Deployment and its Service. */
    static void checkCompanions(List<HasMetadata> all, Deployment d) {
        Map<String, String> podLabels = d.getSpec().getTemplate().getMetadata().getLabels();
        Service svc = one(all, Service.class);
        assertTrue(podLabels.entrySet().containsAll(svc.getSpec().getSelector().entrySet()), "Service selects the pods");
        String portName = svc.getSpec().getPorts().get(0).getName();

        PodDisruptionBudget pdb = one(all, PodDisruptionBudget.class);
        assertTrue(podLabels.entrySet().containsAll(pdb.getSpec().getSelector().getMatchLabels().entrySet()),
                "PodDisruptionBudget selects the pods");
        assertTrue(pdb.getSpec().getMinAvailable() != null || pdb.getSpec().getMaxUnavailable() != null, "PDB budget");

        HorizontalPodAutoscaler hpa = one(all, HorizontalPodAutoscaler.class);
        assertEquals("Deployment", hpa.getSpec().getScaleTargetRef().getKind());
        assertEquals(d.getMetadata().getName(), hpa.getSpec().getScaleTargetRef().getName());
        assertTrue(hpa.getSpec().getMaxReplicas() >= hpa.getSpec().getMinReplicas());

        GenericKubernetesResource sm = custom(all, "monitoring.coreos.com/v1", "ServiceMonitor");
        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) sm.getAdditionalProperties().get("spec");
        @SuppressWarnings("unchecked")
        Map<String, String> match = (Map<String, String>) ((Map<String, Object>) spec.get("selector")).get("matchLabels");
        assertNotNull(match, "ServiceMonitor must select by labels (an empty selector scrapes every Service)");
        assertFalse(match.isEmpty());
        assertTrue(svc.getMetadata().getLabels().entrySet().containsAll(match.entrySet()), "ServiceMonitor selects the Service");
        @SuppressWarnings("unchecked")
        Map<String, Object> endpoint = ((List<Map<String, Object>>) spec.get("endpoints")).get(0);
        assertEquals("/q/metrics", endpoint.get("path"));
        assertEquals(portName, endpoint.get("port"), "ServiceMonitor scrapes the Service's named port");
    }

    /** The CloudNativePG Cluster is the database the Deployment connects to, with the secret CNPG creates. */
    @SuppressWarnings("unchecked")
    static GenericKubernetesResource checkDatabase(List<HasMetadata> all, Deployment d) {
        GenericKubernetesResource cluster = custom(all, "postgresql.cnpg.io/v1", "Cluster");
        String name = cluster.getMetadata().getName();
        Map<String, EnvVar> env = env(mizani(d));
        String url = env.get("QUARKUS_DATASOURCE_JDBC_URL").getValue();
        Map<String, Object> spec = (Map<String, Object>) cluster.getAdditionalProperties().get("spec");
        Map<String, Object> initdb = (Map<String, Object>) ((Map<String, Object>) spec.get("bootstrap")).get("initdb");
        assertEquals("jdbc:postgresql://" + name + "-rw:5432/" + initdb.get("database"), url,
                "the JDBC URL names the Cluster's read-write Service and database");
        for (String v : List.of("QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD")) {
            String secret = env.get(v).getValueFrom().getSecretKeyRef().getName();
            assertTrue(secret.equals(name + "-app") || secret.startsWith(name + "-app-"),
                    v + " comes from the Secret CNPG creates (" + name + "-app), not " + secret);
        }
        assertTrue(((Number) Objects.requireNonNull(spec.get("instances"))).intValue() >= 1);
        return cluster;
    }
}
