package io.mizani.bootstrap.ops;

import static io.mizani.bootstrap.ops.Manifests.one;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;

/**
 * The manifest quarkus-kubernetes writes at package time (bootstrap/target/kubernetes/kubernetes.yml, from the
 * quarkus.kubernetes.* settings and src/main/kubernetes/): it runs after {@code package}, so failsafe runs it.
 * It must keep the same guarantees as deploy/base and wire the same environment.
 */
class GeneratedManifestIT {

    @Test
    void the_generated_manifest_keeps_the_guarantees_of_deploy_base() {
        Path generated = Path.of("target/kubernetes/kubernetes.yml").toAbsolutePath();
        assertTrue(Files.exists(generated), generated + " was not generated");
        List<HasMetadata> all = Manifests.parse(generated);
        Deployment d = one(all, Deployment.class);
        Manifests.checkDeployment(d, "live");
        Manifests.checkCompanions(all, d);

        Deployment base = one(Manifests.parse(Manifests.repoRoot().resolve("deploy/base/deployment.yaml")), Deployment.class);
        assertEquals(secretRefs(base), secretRefs(d), "deploy/base and the generated manifest read the same secrets");
        assertEquals(Manifests.env(Manifests.mizani(base)).get("QUARKUS_DATASOURCE_JDBC_URL").getValue(),
                Manifests.env(Manifests.mizani(d)).get("QUARKUS_DATASOURCE_JDBC_URL").getValue());
    }

    private static Map<String, String> secretRefs(Deployment d) {
        Map<String, String> out = new TreeMap<>();
        for (EnvVar v : Manifests.mizani(d).getEnv()) {
            if (v.getValueFrom() != null && v.getValueFrom().getSecretKeyRef() != null) {
                out.put(v.getName(), v.getValueFrom().getSecretKeyRef().getName() + "/" + v.getValueFrom().getSecretKeyRef().getKey());
            }
        }
        return out;
    }
}
