package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

/**
 * docs/observability/prometheus-rules.yaml under promtool: {@code promtool check rules} on its rule groups and
 * {@code promtool test rules} on prometheus-rules.test.yaml, whose cases must include, for every alert, one where
 * it fires and one where it does not. Needs promtool (Debian package {@code prometheus}); skipped without it unless
 * MIZANI_REQUIRE_PROMTOOL=true (CI sets it when promtool could be installed), then it fails.
 */
class PrometheusRulesTest {

    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static final Path DIR = Manifests.repoRoot().resolve("docs/observability");
    static final Path WORK = Path.of("target/promtool").toAbsolutePath();

    static String promtool;

    @BeforeAll
    static void findPromtool() {
        promtool = null;
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "promtool"))) {
                promtool = Path.of(dir, "promtool").toString();
                break;
            }
        }
        if (promtool == null && "true".equals(System.getenv("MIZANI_REQUIRE_PROMTOOL"))) {
            fail("promtool is required (apt-get install -y prometheus)");
        }
    }

    @Test
    void every_alert_has_a_case_where_it_fires_and_one_where_it_does_not() throws IOException {
        Set<String> alerts = alerts();
        Set<String> fires = new TreeSet<>();
        Set<String> silent = new TreeSet<>();
        Map<String, Object> tests = map(YAML.readValue(DIR.resolve("prometheus-rules.test.yaml").toFile(), Map.class));
        for (Object t : list(tests.get("tests"))) {
            for (Object c : list(map(t).get("alert_rule_test"))) {
                Map<String, Object> check = map(c);
                String name = String.valueOf(check.get("alertname"));
                (list(check.get("exp_alerts")).isEmpty() ? silent : fires).add(name);
            }
        }
        assertEquals(alerts, fires, "alerts with a case where they fire");
        assertEquals(alerts, silent, "alerts with a case where they stay silent");
        assertTrue(alerts.size() >= 9, "alerts found: " + alerts);
    }

    @Test
    void promtool_checks_the_rules_and_passes_their_unit_tests() throws Exception {
        Assumptions.assumeTrue(promtool != null, "promtool is not installed (Debian package prometheus)");
        Files.createDirectories(WORK);
        Map<String, Object> rule = map(YAML.readValue(DIR.resolve("prometheus-rules.yaml").toFile(), Map.class));
        YAML.writeValue(WORK.resolve("prometheus-rules.groups.yaml").toFile(), rule.get("spec"));
        Files.copy(DIR.resolve("prometheus-rules.test.yaml"), WORK.resolve("prometheus-rules.test.yaml"),
                StandardCopyOption.REPLACE_EXISTING);
        String check = run("check", "rules", "prometheus-rules.groups.yaml");
        assertTrue(check.contains("SUCCESS: " + alerts().size() + " rules found"), check);
        String test = run("test", "rules", "prometheus-rules.test.yaml");
        assertTrue(test.contains("SUCCESS"), test);
        assertFalse(test.contains("FAILED"), test);
    }

    static String run(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(promtool));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(WORK.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "promtool timed out");
        assertEquals(0, p.exitValue(), "promtool " + String.join(" ", args) + ":\n" + out);
        return out;
    }

    static Set<String> alerts() throws IOException {
        Map<String, Object> rule = map(YAML.readValue(DIR.resolve("prometheus-rules.yaml").toFile(), Map.class));
        Set<String> names = new TreeSet<>();
        for (Object g : list(map(rule.get("spec")).get("groups"))) {
            for (Object r : list(map(g).get("rules"))) {
                Object alert = map(r).get("alert");
                if (alert != null) {
                    names.add(alert.toString());
                }
            }
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }
}
