package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Provider routing and fallback (platform.md section 13), end to end in sandbox mode. */
@QuarkusTest
class RoutingApiTest {

    static final String ROUTING = "/api/admin/verification-routing";

    /** The margin query of docs/verification.md, run here so it stays valid SQL. */
    static final String MARGIN_SQL = """
            SELECT c.provider, c.check_key,
                   count(*)                                           AS calls,
                   count(*) FILTER (WHERE c.outcome <> 'unavailable') AS answered,
                   sum(c.cost)                                        AS cost,
                   coalesce(sum(l.charged_amount) FILTER (WHERE c.outcome <> 'unavailable'
                                                      AND l.charge_status = 'charged'), 0) AS revenue,
                   coalesce(sum(l.charged_amount) FILTER (WHERE c.outcome <> 'unavailable'
                                                      AND l.charge_status = 'charged'), 0) - sum(c.cost) AS margin
            FROM verification_provider_calls c
            JOIN verification_lookups l ON l.lookup_id = c.lookup_id
            WHERE c.created_at >= now() - interval '30 days'
            GROUP BY c.provider, c.check_key
            ORDER BY c.provider, c.check_key""";

    @Inject
    DataSource ds;

    @AfterEach
    void restoreDefaultRouting() {
        asOperator().body("{\"routes\": {}, \"costs\": {}}").put(ROUTING).then().statusCode(200);
    }

    static ValidatableResponse verifyKe(Merchant m, String number) {
        return m.as().body(Map.of("number", number)).post("/api/v1/kyc/verify/national_id_ke?fresh=true").then();
    }

    List<List<String>> calls(String lookupId) throws Exception {
        List<List<String>> rows = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT provider, attempt, outcome, cause, cost FROM verification_provider_calls "
                        + "WHERE lookup_id = ? ORDER BY attempt")) {
            ps.setString(1, lookupId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(java.util.Arrays.asList(rs.getString(1), rs.getString(2), rs.getString(3),
                            rs.getString(4), rs.getBigDecimal(5).toPlainString()));
                }
            }
        }
        return rows;
    }

    @Test
    void the_default_route_answers_from_sandbox_with_a_date_of_birth() {
        Merchant m = platformMerchant("100");
        // 78 mod 28 + 1 = 23
        verifyKe(m, "12345678").statusCode(200).body("source", equalTo("sandbox"))
                .body("data.date_of_birth", equalTo("1990-01-23"));
    }

    @Test
    void identifier_97_falls_back_to_sandbox_backup_and_is_charged_once() throws Exception {
        Merchant m = platformMerchant("100");
        asOperator().body(Map.of("routes", Map.of(), "costs", Map.of(
                        "sandbox", Map.of("national_id_ke", 12), "sandbox_backup", Map.of("national_id_ke", 15.5))))
                .put(ROUTING).then().statusCode(200)
                .body("costs.sandbox_backup.national_id_ke", equalTo(15.5f));
        String lookupId = verifyKe(m, "12345697").statusCode(200)
                .body("status", equalTo("verified"))
                .body("source", equalTo("sandbox_backup"))
                .body("charge_status", equalTo("charged"))
                .body("charged_amount", equalTo(40.0f))
                .body("data.date_of_birth", equalTo("1990-01-14")) // 97 mod 28 + 1
                .extract().path("lookup_id");
        assertEquals(60f, balance(m), "charged once, at the check's price");
        m.as().get("/api/v1/kyc/lookups").then().statusCode(200)
                .body("size()", equalTo(1))
                .body("[0].id", equalTo(lookupId))
                .body("[0].source", equalTo("sandbox_backup"));
        m.as().get("/api/v1/kyc/tokens/" + lookupId).then().statusCode(200).body("source", equalTo("sandbox_backup"));
        assertEquals(List.of(
                        List.of("sandbox", "1", "unavailable", "down", "0.00"),
                        List.of("sandbox_backup", "2", "verified", "null", "15.50")),
                calls(lookupId).stream().map(r -> r.stream().map(String::valueOf).toList()).toList());
        // the documented margin query sees the answered call with its revenue and cost
        boolean seen = false;
        try (Connection c = ds.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(MARGIN_SQL)) {
            while (rs.next()) {
                if (rs.getString("provider").equals("sandbox_backup") && rs.getString("check_key").equals("national_id_ke")) {
                    seen = rs.getLong("answered") >= 1 && rs.getBigDecimal("revenue").signum() > 0;
                }
            }
        }
        assertTrue(seen);
        // the same through the operator endpoint
        io.restassured.path.json.JsonPath margins = asOperator().get(ROUTING + "/margins?days=1").then().statusCode(200)
                .body("days", equalTo(1)).extract().jsonPath();
        List<Map<String, Object>> rows = margins.getList("margins");
        Map<String, Object> backup = rows.stream().filter(r -> r.get("provider").equals("sandbox_backup")
                && r.get("check").equals("national_id_ke")).findFirst().orElseThrow();
        assertTrue(((Number) backup.get("answered")).intValue() >= 1);
        assertTrue(((Number) backup.get("cost")).doubleValue() >= 15.5);
        assertTrue(((Number) backup.get("revenue")).doubleValue() >= 40);
        assertEquals(((Number) backup.get("revenue")).doubleValue() - ((Number) backup.get("cost")).doubleValue(),
                ((Number) backup.get("margin")).doubleValue(), 0.001);
        assertEquals("KES", backup.get("currency"));
        asOperator().get(ROUTING + "/margins?days=0").then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        m.as().get(ROUTING + "/margins").then().statusCode(403);
    }

    @Test
    void identifiers_99_and_98_fail_on_every_sandbox_provider_and_are_free() throws Exception {
        Merchant m = platformMerchant("100");
        verifyKe(m, "12345699").statusCode(502)
                .body("error", equalTo("identity provider error: Kenya National ID verification is currently unavailable"))
                .body("reason", equalTo("provider_unavailable"));
        verifyKe(m, "12345698").statusCode(502).body("reason", equalTo("provider_unavailable"));
        assertEquals(100f, balance(m), "refunded");
        String id = m.as().get("/api/v1/kyc/lookups").then().statusCode(200)
                .body("size()", equalTo(2))
                .body("[1].status", equalTo("error"))
                .body("[1].charge_status", equalTo("refunded"))
                .body("[1].source", equalTo("sandbox_backup"))
                .extract().path("[1].id");
        List<List<String>> rows = calls(id);
        assertEquals(2, rows.size());
        assertEquals("unavailable", rows.get(0).get(2));
        assertEquals("unavailable", rows.get(1).get(2));
    }

    @Test
    void routes_set_by_the_operator_take_effect_on_the_next_call() throws Exception {
        Merchant m = platformMerchant("500");
        asOperator().body(Map.of("routes", Map.of("national_id_ke", List.of("sandbox_backup")),
                        "costs", Map.of("sandbox_backup", Map.of("national_id_ke", 9))))
                .put(ROUTING).then().statusCode(200)
                .body("routes.national_id_ke", equalTo(List.of("sandbox_backup")))
                .body("costs.sandbox_backup.national_id_ke", equalTo(9.0f));
        asOperator().get(ROUTING).then().statusCode(200)
                .body("routes.national_id_ke", equalTo(List.of("sandbox_backup")))
                .body("routes.nin", nullValue())
                .body("costs.sandbox_backup.national_id_ke", equalTo(9.0f));
        verifyKe(m, "12345612").statusCode(200).body("source", equalTo("sandbox_backup"));
        // a check without a route keeps the default
        m.as().body(Map.of("number_nin", "12345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(200)
                .body("source", equalTo("sandbox"));

        // another replica's change, written straight to the shared database: taken on the next call
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("DELETE FROM verification_routes");
            st.executeUpdate("INSERT INTO verification_routes (check_key, position, provider) "
                    + "VALUES ('national_id_ke', 1, 'sandbox')");
        }
        verifyKe(m, "12345612").statusCode(200).body("source", equalTo("sandbox"));
        // a route without the backup: 97 has nowhere to fall back to
        verifyKe(m, "12345697").statusCode(502);
        float before = balance(m);
        asOperator().body(Map.of("routes", Map.of("national_id_ke", List.of("sandbox", "sandbox_backup"))))
                .put(ROUTING).then().statusCode(200).body("costs", equalTo(Map.of()));
        verifyKe(m, "12345697").statusCode(200).body("source", equalTo("sandbox_backup"));
        assertEquals(before - 40f, balance(m));
    }

    @Test
    void bad_routes_are_refused_with_400_in_the_operator_shape() {
        for (String body : List.of(
                "{\"routes\": {\"national_id_ke\": [\"acme\"]}}",
                "{\"routes\": {\"no_such_check\": [\"sandbox\"]}}",
                "{\"routes\": {\"national_id_ke\": []}}",
                "{\"routes\": {\"national_id_ke\": [\"sandbox\", \"sandbox\"]}}",
                "{\"routes\": {\"national_id_ke\": \"sandbox\"}}",
                "{\"routes\": {\"national_id_ke\": [1]}}",
                "{\"costs\": {\"acme\": {\"nin\": 1}}}",
                "{\"costs\": {\"sandbox\": {\"no_such_check\": 1}}}",
                "{\"costs\": {\"sandbox\": {\"nin\": -1}}}",
                "{\"costs\": {\"sandbox\": {\"nin\": 1.005}}}",
                "{\"costs\": {\"sandbox\": {\"nin\": \"12\"}}}",
                "{\"routing\": {}}",
                "[]",
                "not json")) {
            asOperator().body(body).put(ROUTING).then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument"))
                    .body("status_code", equalTo(400))
                    .body("error_message", org.hamcrest.Matchers.notNullValue());
        }
        asOperator().body("{\"routes\": {\"national_id_ke\": [\"acme\"]}}").put(ROUTING).then().statusCode(400)
                .body("error_message", org.hamcrest.Matchers.containsString("unknown provider: acme"));
        asOperator().body("{\"routes\": {\"no_such_check\": [\"sandbox\"]}}").put(ROUTING).then().statusCode(400)
                .body("error_message", org.hamcrest.Matchers.containsString("unknown check: no_such_check"));
        // nothing was stored by the refused requests
        asOperator().get(ROUTING).then().statusCode(200).body("routes", equalTo(Map.of()));
    }

    @Test
    void concurrent_replacements_each_succeed_and_leave_one_whole_table() throws Exception {
        List<String> checks = List.of("national_id_ke", "nin", "bvn", "kra_pin", "passport_ke", "bvn_basic");
        int writers = 8;
        var pool = java.util.concurrent.Executors.newFixedThreadPool(writers);
        var start = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<Integer>> results = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            List<String> route = w % 2 == 0 ? List.of("sandbox", "sandbox_backup") : List.of("sandbox_backup", "sandbox");
            Map<String, Object> routes = new java.util.LinkedHashMap<>();
            Map<String, Object> costs = new java.util.LinkedHashMap<>();
            for (String check : checks) {
                routes.put(check, route);
                costs.put(check, w);
            }
            Map<String, Object> body = Map.of("routes", routes, "costs", Map.of("sandbox", costs));
            results.add(pool.submit(() -> {
                start.await();
                return asOperator().body(body).put(ROUTING).then().extract().statusCode();
            }));
        }
        start.countDown();
        for (var r : results) {
            assertEquals(200, r.get(60, java.util.concurrent.TimeUnit.SECONDS));
        }
        pool.shutdown();
        // one writer's whole table, never a mix of two
        io.restassured.path.json.JsonPath table = asOperator().get(ROUTING).then().statusCode(200).extract().jsonPath();
        Map<String, List<String>> routes = table.getMap("routes");
        Map<String, Object> costs = table.getMap("costs.sandbox");
        assertEquals(checks.size(), routes.size());
        assertEquals(1, new java.util.HashSet<>(routes.values()).size(), "one writer's routes: " + routes);
        assertEquals(1, new java.util.HashSet<>(costs.values()).size(), "one writer's costs: " + costs);
        int writer = ((Number) costs.values().iterator().next()).intValue();
        assertEquals(writer % 2 == 0 ? List.of("sandbox", "sandbox_backup") : List.of("sandbox_backup", "sandbox"),
                routes.values().iterator().next());
    }

    @Test
    void routing_is_operator_only_merchant_credentials_get_403() {
        Merchant m = platformMerchant("0");
        m.as().get(ROUTING).then().statusCode(403);
        m.as().body("{\"routes\": {\"national_id_ke\": [\"sandbox_backup\"]}}").put(ROUTING).then().statusCode(403);
        asOperator().get(ROUTING).then().statusCode(200).body("routes", equalTo(Map.of()));
    }
}
