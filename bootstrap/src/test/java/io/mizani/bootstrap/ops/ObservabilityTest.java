package io.mizani.bootstrap.ops;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.mizani.bootstrap.payment.PaymentFixtures;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;

/** What an operator scrapes and probes: pool metrics, business gauges, the workers' liveness check. */
@QuarkusTest
class ObservabilityTest {

    static final Path OBSERVABILITY = Manifests.repoRoot().resolve("docs/observability");

    @Test
    void metrics_carry_pool_and_business_gauges() throws InterruptedException {
        awaitMetrics(m -> m.contains("mizani_outbox_depth"));
        given().get("/q/metrics").then()
                .statusCode(200)
                .body(containsString("agroal_"))
                .body(containsString("mizani_outbox_depth{queue=\"callback\"}"))
                .body(containsString("mizani_outbox_oldest_age_seconds{queue=\"payment\"}"))
                // fixed label sets have a series from the first refresh on, 0 while no row has that value
                .body(containsString("mizani_teamkyc_queue{status=\"in_review\"}"))
                .body(containsString("mizani_webhooks{status=\"no_endpoint\"}"))
                .body(containsString("mizani_webhook_attempts{result=\"failed\"}"));
    }

    /**
     * Every metric the Grafana dashboard and the alert rules query is on /q/metrics once the service has done each
     * kind of work once (a payment settled and called back, an identity check): a panel over a series the service
     * does not export (the p95 panel over {@code http_server_requests_seconds_bucket}) stays empty without a word.
     */
    @Test
    void every_metric_the_dashboard_and_the_alerts_query_is_exported() throws Exception {
        Merchant m = TestMerchants.onboard();
        PaymentFixtures.assign(m, "mpesa_ke");
        m.as().body(PaymentFixtures.mpesa("payment", 100, "+254700000123", "http://127.0.0.1:9/callback"))
                .post("/api/global/payments").then().statusCode(200);
        TestMerchants.fund(m, "500");
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        m.as().body(Map.of("number", "23456712")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200);

        Set<String> wanted = new TreeSet<>(dashboardMetrics());
        wanted.addAll(ruleMetrics());
        assertTrue(wanted.contains("http_server_requests_seconds_bucket"), "dashboard metrics: " + wanted);
        String metrics = awaitMetrics(text -> exported(text).containsAll(wanted));
        Set<String> missing = new TreeSet<>(wanted);
        missing.removeAll(exported(metrics));
        assertEquals(Set.of(), missing, "queried by docs/observability but not on /q/metrics");
    }

    @Test
    void liveness_reports_the_background_workers() {
        given().get("/q/health/live").then().statusCode(200)
                .body("checks.name", hasItem("background workers"));
    }

    static String awaitMetrics(Predicate<String> ready) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String text = given().get("/q/metrics").asString();
        while (!ready.test(text) && System.nanoTime() < deadline) {
            Thread.sleep(200);
            text = given().get("/q/metrics").asString();
        }
        return text;
    }

    /** The series names of a Prometheus text exposition. */
    static Set<String> exported(String text) {
        Set<String> names = new TreeSet<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.split("[{ ]", 2)[0]);
            }
        }
        return names;
    }

    static Set<String> dashboardMetrics() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(OBSERVABILITY.resolve("grafana-dashboard.json").toFile());
        Set<String> names = new TreeSet<>();
        for (JsonNode expr : dashboard.findValues("expr")) {
            names.addAll(metricNames(expr.asText()));
        }
        return names;
    }

    static Set<String> ruleMetrics() throws IOException {
        Map<String, Object> rule = PrometheusRulesTest.map(PrometheusRulesTest.YAML.readValue(
                OBSERVABILITY.resolve("prometheus-rules.yaml").toFile(), Map.class));
        Set<String> names = new TreeSet<>();
        for (Object g : PrometheusRulesTest.list(PrometheusRulesTest.map(rule.get("spec")).get("groups"))) {
            for (Object r : PrometheusRulesTest.list(PrometheusRulesTest.map(g).get("rules"))) {
                names.addAll(metricNames(String.valueOf(PrometheusRulesTest.map(r).get("expr"))));
            }
        }
        return names;
    }

    static final Set<String> PROMQL_WORDS = Set.of("and", "or", "unless", "by", "without", "on", "ignoring",
            "group_left", "group_right", "bool", "offset", "le");
    static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");

    /** Metric names in a PromQL expression: identifiers outside label matchers, ranges and strings, not calls. */
    static Set<String> metricNames(String expr) {
        String s = expr.replaceAll("\"[^\"]*\"", "\"\"")
                .replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^]]*]", " ")
                .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(s);
        while (m.find()) {
            String word = m.group();
            boolean call = s.substring(m.end()).stripLeading().startsWith("(");
            boolean number = m.start() > 0 && Character.isDigit(s.charAt(m.start() - 1));
            if (!call && !number && !PROMQL_WORDS.contains(word)) {
                names.add(word);
            }
        }
        return names;
    }
}
