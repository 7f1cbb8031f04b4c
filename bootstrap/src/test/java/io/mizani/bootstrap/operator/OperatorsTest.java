package io.mizani.bootstrap.operator;

import io.mizani.bootstrap.support.ScreeningAndFourEyes;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.audit.AuditVerifier;
import io.mizani.domain.audit.JsonText;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;

/**
 * platform.md section 18 end to end: named operators and their roles (every operator endpoint × every role), four
 * eyes with the default threshold (1000 USD), the approve/reject race, and the audit log verified by an independent
 * implementation (Jackson's sorted JSON, the JDK's SHA-256 and Ed25519), changed behind the service's back.
 */
@QuarkusTest
@TestProfile(ScreeningAndFourEyes.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OperatorsTest {

    static final String[] ROLES = {"admin", "finance", "compliance", "support"};
    static final Pattern CSRF = Pattern.compile("name=\"csrf_token\" value=\"([A-Za-z0-9_-]+)\"");

    @Inject
    DataSource dataSource;

    final Map<String, String> passwords = new LinkedHashMap<>();
    final Map<String, String> names = new LinkedHashMap<>();
    Merchant a;
    Merchant b;

    /** The operators (two of each role) and the two merchants, made once, at the first test (the app is up then). */
    void operators() {
        if (a != null) {
            return;
        }
        long n = System.nanoTime() % 1_000_000;
        for (String role : ROLES) {
            for (int i = 1; i <= 2; i++) {
                String username = role + i + "-" + n;
                JsonPath json = asOperator().body(Map.of("username", username, "role", role))
                        .post("/api/admin/operators").then().statusCode(201)
                        .body("operator.username", equalTo(username)).body("operator.role", equalTo(role))
                        .body("operator.id", notNullValue()).body("operator.created_at", notNullValue())
                        .extract().jsonPath();
                names.put(role + i, username);
                passwords.put(username, json.getString("password"));
            }
        }
        a = TestMerchants.onboard();
        b = TestMerchants.onboard();
    }

    RequestSpecification as(String key) {
        String username = names.get(key);
        return given().auth().preemptive().basic(username, passwords.get(username)).contentType(ContentType.JSON)
                .redirects().follow(false);
    }

    // ---------------------------------------------------------------- operators and roles

    @Test
    @Order(1)
    void an_operator_is_created_listed_and_deleted_and_its_login_is_refused_from_then_on() {
        operators();
        String password = passwords.get(names.get("support1"));
        assertTrue(password.length() >= 43, "at least 32 random bytes");
        as("support1").get("/api/admin/operators").then().statusCode(200)
                .body("operators.username", hasItem(names.get("support1")))
                .body("operators.username", hasItem("operator"))
                .body("operators.find { it.username == 'operator' }.role", equalTo("admin"));
        asOperator().body(Map.of("username", names.get("support1"), "role", "support")).post("/api/admin/operators")
                .then().statusCode(409);
        asOperator().body(Map.of("username", "x-" + System.nanoTime(), "role", "root")).post("/api/admin/operators")
                .then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        asOperator().body(Map.of("username", "Bad Name", "role", "support")).post("/api/admin/operators")
                .then().statusCode(400);
        asOperator().delete("/api/admin/operators/operator").then().statusCode(400);

        String gone = "leaver-" + System.nanoTime();
        String pw = asOperator().body(Map.of("username", gone, "role", "finance")).post("/api/admin/operators").then()
                .statusCode(201).extract().path("password");
        given().auth().preemptive().basic(gone, pw).get("/api/admin/approvals").then().statusCode(200);
        given().auth().preemptive().basic(gone, pw).get("/console").then().statusCode(200);
        asOperator().delete("/api/admin/operators/" + gone).then().statusCode(200).body("deleted", equalTo(true));
        given().auth().preemptive().basic(gone, pw).get("/api/admin/approvals").then().statusCode(401);
        given().auth().preemptive().basic(gone, pw).redirects().follow(false).get("/console").then().statusCode(401);
        asOperator().delete("/api/admin/operators/" + gone).then().statusCode(404);
        // merchants never reach the operator API
        a.as().get("/api/admin/operators").then().statusCode(403);
        a.as().get("/api/admin/audit-events").then().statusCode(403);
    }

    /** One operator endpoint: what it needs, and a request that changes nothing when allowed (404 or 400). */
    record Call(String method, String path, String body, String needs) {
    }

    @Test
    @Order(2)
    void every_operator_endpoint_answers_each_role_as_the_grant_table_says() {
        operators();
        String none = "999999999";
        List<Call> calls = List.of(
                new Call("GET", "/api/admin/merchants", null, "read"),
                new Call("GET", "/api/admin/accounts", null, "read"),
                new Call("POST", "/api/admin/merchants", "{}", "admin"),
                new Call("POST", "/api/admin/accounts/" + none + "/credentials", null, "admin"),
                new Call("DELETE", "/api/admin/credentials/mz_nobody", null, "admin"),
                new Call("POST", "/api/admin/accounts/" + none + "/service-wallet/credits",
                        "{\"amount\":1,\"reference\":\"matrix\"}", "finance"),
                new Call("PUT", "/api/admin/accounts/" + none + "/identity-checks", "{}", "admin"),
                new Call("PUT", "/api/admin/accounts/" + none + "/payment-providers", "{\"providers\":[]}", "admin"),
                new Call("POST", "/api/admin/accounts/" + none + "/balances/KES/adjustments",
                        "{\"amount\":1,\"reference\":\"matrix\"}", "finance"),
                new Call("GET", "/api/admin/tier-limits", null, "read"),
                new Call("PUT", "/api/admin/tier-limits", "{\"tiers\":5}", "finance"),
                new Call("GET", "/api/admin/verification-routing", null, "read"),
                new Call("PUT", "/api/admin/verification-routing", "{\"routes\":5}", "compliance"),
                new Call("GET", "/api/admin/verification-routing/margins", null, "read"),
                new Call("GET", "/api/admin/account_kycs?status=pending", null, "read"),
                new Call("POST", "/api/admin/account_kycs/" + none + "/review", "{\"decision\":\"approve\"}", "compliance"),
                new Call("POST", "/api/admin/account_kycs/" + none + "/upgrade-review", "{\"decision\":\"approve\"}",
                        "compliance"),
                new Call("GET", "/api/admin/operators", null, "read"),
                new Call("POST", "/api/admin/operators", "{\"username\":\"X\",\"role\":\"support\"}", "admin"),
                new Call("DELETE", "/api/admin/operators/nobody-here", null, "admin"),
                new Call("GET", "/api/admin/approvals", null, "read"),
                new Call("GET", "/api/admin/approvals/" + none, null, "read"),
                new Call("POST", "/api/admin/approvals/" + none + "/approve", null, "finance"),
                new Call("POST", "/api/admin/approvals/" + none + "/reject", null, "finance"),
                new Call("GET", "/api/admin/audit-events", null, "read"),
                new Call("GET", "/api/admin/audit-events/checkpoint", null, "read"),
                new Call("GET", "/api/admin/audit-events/public-key", null, "read"),
                new Call("GET", "/api/admin/audit-events/verify", null, "read"));
        int checked = 0;
        for (Call c : calls) {
            for (String role : ROLES) {
                boolean allowed = c.needs().equals("read") || role.equals("admin") || role.equals(c.needs());
                RequestSpecification spec = as(role + "1");
                if (c.body() != null) {
                    spec = spec.body(c.body());
                }
                Response r = spec.request(c.method(), c.path());
                String what = role + " " + c.method() + " " + c.path() + " → " + r.statusCode() + " " + r.asString();
                if (allowed) {
                    assertNotEquals(403, r.statusCode(), what);
                    assertTrue(r.statusCode() < 500, what);
                } else {
                    assertEquals(403, r.statusCode(), what);
                    assertEquals("forbidden", r.jsonPath().getString("error_code"), what);
                    assertEquals(403, r.jsonPath().getInt("status_code"), what);
                    assertNotNull(r.jsonPath().getString("error_message"), what);
                }
                checked++;
            }
        }
        assertEquals(calls.size() * ROLES.length, checked);
        // a refused write is in the audit log, refused, with who tried
        as("support1").get("/api/admin/audit-events?action=approval.approve&actor=" + names.get("support1")).then()
                .statusCode(200).body("audit_events[0].outcome", equalTo("refused"))
                .body("audit_events[0].details.error_code", equalTo("forbidden"));
    }

    @Test
    @Order(3)
    void the_console_takes_the_same_logins_and_roles() {
        operators();
        String page = as("support1").get("/console/accounts/" + a.accountId()).then().statusCode(200).extract().asString();
        Matcher m = CSRF.matcher(page);
        assertTrue(m.find());
        String path = "/console/accounts/" + a.accountId() + "/service-wallet/credits";
        as("support1").contentType(ContentType.URLENC).formParam("amount", "5").formParam("reference", "console-sup")
                .formParam("csrf_token", m.group(1)).post(path).then().statusCode(403);
        String finance = as("finance1").get("/console/accounts/" + a.accountId()).then().statusCode(200).extract()
                .asString();
        Matcher f = CSRF.matcher(finance);
        assertTrue(f.find());
        as("finance1").contentType(ContentType.URLENC).formParam("amount", "5").formParam("reference", "console-fin")
                .formParam("csrf_token", f.group(1)).post(path).then().statusCode(303);
        // above the threshold the console asks for an approval too
        as("finance1").contentType(ContentType.URLENC).formParam("amount", "200000").formParam("reference", "console-big")
                .formParam("csrf_token", f.group(1)).post(path).then().statusCode(303)
                .header("Location", org.hamcrest.Matchers.containsString("notice=pending"));
        as("finance1").get("/api/admin/audit-events?action=console.service_wallet.credit&actor=" + names.get("finance1"))
                .then().statusCode(200).body("audit_events.size()", equalTo(2))
                .body("audit_events[0].outcome", equalTo("succeeded"));
        as("support1").get("/api/admin/audit-events?action=console.service_wallet.credit&actor=" + names.get("support1"))
                .then().statusCode(200).body("audit_events[0].outcome", equalTo("refused"));
    }

    // ---------------------------------------------------------------- four eyes

    static float available(Merchant m, String currency) {
        List<Map<String, Object>> rows = m.as().get("/api/global/balances").then().statusCode(200).extract()
                .jsonPath().getList("balances");
        return rows.stream().filter(r -> currency.equals(r.get("currency")))
                .map(r -> ((Number) r.get("available")).floatValue()).findFirst().orElse(0f);
    }

    static float wallet(Merchant m) {
        return asOperator().get("/api/admin/accounts?merchant=" + m.organizationId()).then().statusCode(200)
                .extract().jsonPath().getFloat("accounts[0].service_wallet_balance");
    }

    @Test
    @Order(4)
    void an_adjustment_at_or_above_1000_usd_waits_for_another_finance_or_admin_operator_and_applies_once() {
        operators();
        String path = "/api/admin/accounts/" + a.accountId() + "/balances/KES/adjustments";
        // below the threshold (128,999.99 KES < 1000 USD at 129): applied at once
        as("finance1").body(Map.of("amount", new BigDecimal("1000.00"), "reference", "small-1")).post(path).then()
                .statusCode(200).body("available", equalTo(1000.00f));
        // at the threshold: 202, nothing applied
        JsonPath pending = as("finance1").header("X-Request-Id", "fe-request-1")
                .body(Map.of("amount", new BigDecimal("129000.00"), "reference", "big-1", "reason", "float"))
                .post(path).then().statusCode(202)
                .body("approval.kind", equalTo("balance_adjustment")).body("approval.status", equalTo("pending"))
                .body("approval.requested_by", equalTo(names.get("finance1")))
                .body("approval.request.amount", equalTo(129000.00f))
                .body("approval.request.currency", equalTo("KES"))
                .body("approval.request.reference", equalTo("big-1"))
                .body("approval.created_at", notNullValue())
                .extract().jsonPath();
        long id = pending.getLong("approval.id");
        assertEquals(1000f, available(a, "KES"));
        // asking again while it is pending finds the same approval
        as("finance1").body(Map.of("amount", new BigDecimal("129000.00"), "reference", "big-1", "reason", "float"))
                .post(path).then().statusCode(202).body("approval.id", equalTo((int) id));
        as("admin1").get("/api/admin/approvals?status=pending").then().statusCode(200)
                .body("approvals.id", hasItem((int) id));
        as("admin1").get("/api/admin/approvals?status=maybe").then().statusCode(400);

        // the requester cannot approve; support and compliance cannot either
        as("finance1").post("/api/admin/approvals/" + id + "/approve").then().statusCode(403)
                .body("error_code", equalTo("forbidden"));
        as("support1").post("/api/admin/approvals/" + id + "/approve").then().statusCode(403);
        as("compliance1").post("/api/admin/approvals/" + id + "/approve").then().statusCode(403);
        assertEquals(1000f, available(a, "KES"));

        as("finance2").post("/api/admin/approvals/" + id + "/approve").then().statusCode(200)
                .body("approval.status", equalTo("approved")).body("approval.decided_by", equalTo(names.get("finance2")))
                .body("approval.decided_at", notNullValue())
                .body("approval.result.available", equalTo(130000.00f))
                .body("approval.result.currency", equalTo("KES"));
        assertEquals(130000f, available(a, "KES"));
        as("admin1").post("/api/admin/approvals/" + id + "/approve").then().statusCode(409);
        as("admin1").post("/api/admin/approvals/" + id + "/reject").then().statusCode(409);
        assertEquals(130000f, available(a, "KES"));

        // the same reference asked again and approved: the ledger's repeated-reference rule applies it once
        long again = as("finance1").body(Map.of("amount", new BigDecimal("129000.00"), "reference", "big-1",
                "reason", "float")).post(path).then().statusCode(202).extract().jsonPath().getLong("approval.id");
        assertNotEquals(id, again);
        as("admin2").post("/api/admin/approvals/" + again + "/approve").then().statusCode(200)
                .body("approval.result.available", equalTo(130000.00f));
        assertEquals(130000f, available(a, "KES"));

        // a negative adjustment counts by its absolute value
        as("finance1").body(Map.of("amount", new BigDecimal("-129000.00"), "reference", "big-down")).post(path).then()
                .statusCode(202);
        // the other merchant's balance never moved
        assertEquals(0f, available(b, "KES"));
        // an unknown Team answers 404 before any approval
        as("finance1").body(Map.of("amount", new BigDecimal("129000.00"), "reference", "big-x"))
                .post("/api/admin/accounts/999999999/balances/KES/adjustments").then().statusCode(404);
        as("finance1").get("/api/admin/approvals/999999999").then().statusCode(404);
    }

    @Test
    @Order(5)
    void a_wallet_credit_at_or_above_the_threshold_is_rejected_and_nothing_is_credited() {
        operators();
        String path = "/api/admin/accounts/" + b.accountId() + "/service-wallet/credits";
        float before = wallet(b);
        long id = as("finance1").body(Map.of("amount", new BigDecimal("129000"), "reference", "wallet-big"))
                .post(path).then().statusCode(202).body("approval.kind", equalTo("service_wallet_credit"))
                .extract().jsonPath().getLong("approval.id");
        as("finance1").post("/api/admin/approvals/" + id + "/reject").then().statusCode(403);
        as("finance2").post("/api/admin/approvals/" + id + "/reject").then().statusCode(200)
                .body("approval.status", equalTo("rejected"));
        as("admin1").post("/api/admin/approvals/" + id + "/approve").then().statusCode(409);
        assertEquals(before, wallet(b));
        as("admin1").get("/api/admin/approvals?status=rejected").then().statusCode(200)
                .body("approvals.id", hasItem((int) id));
        // a credit below the threshold is applied at once
        as("finance1").body(Map.of("amount", new BigDecimal("100"), "reference", "wallet-small")).post(path).then()
                .statusCode(200).body("balance", equalTo(before + 100f));
    }

    @Test
    @Order(6)
    void approval_racing_rejection_one_wins_and_the_balance_says_which() throws Exception {
        operators();
        String path = "/api/admin/accounts/" + b.accountId() + "/balances/NGN/adjustments";
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            int approvedCount = 0;
            for (int round = 0; round < 8; round++) {
                long id = as("finance1").body(Map.of("amount", new BigDecimal("1550000.00"), "reference", "race-" + round))
                        .post(path).then().statusCode(202).extract().jsonPath().getLong("approval.id");
                float before = available(b, "NGN");
                CountDownLatch go = new CountDownLatch(1);
                Callable<Integer> approve = () -> {
                    go.await();
                    return as("finance2").post("/api/admin/approvals/" + id + "/approve").statusCode();
                };
                Callable<Integer> reject = () -> {
                    go.await();
                    return as("admin2").post("/api/admin/approvals/" + id + "/reject").statusCode();
                };
                Future<Integer> x = pool.submit(approve);
                Future<Integer> y = pool.submit(reject);
                go.countDown();
                int ax = x.get();
                int ry = y.get();
                assertTrue((ax == 200 && ry == 409) || (ax == 409 && ry == 200), "approve " + ax + ", reject " + ry);
                String status = as("admin1").get("/api/admin/approvals/" + id).then().statusCode(200).extract()
                        .path("approval.status");
                float after = available(b, "NGN");
                if (ax == 200) {
                    approvedCount++;
                    assertEquals("approved", status);
                    assertEquals(before + 1550000f, after);
                } else {
                    assertEquals("rejected", status);
                    assertEquals(before, after);
                }
            }
            assertEquals(approvedCount * 1550000f, available(b, "NGN"));
        } finally {
            pool.shutdownNow();
        }
    }

    // ---------------------------------------------------------------- audit log

    @Test
    @Order(7)
    void operator_and_merchant_writes_are_audited_with_who_what_where_and_no_secret() {
        operators();
        // a merchant's own settings
        String secret = a.as().post("/api/global/webhooks/secret/rotate").then().statusCode(200).extract()
                .path("webhook_secret");
        a.as().header("X-Request-Id", "merchant-endpoint-1").body(Map.of("url", "https://merchant.example/hook"))
                .put("/api/global/webhooks/endpoint").then().statusCode(200);
        a.as().body("{\"mode\":\"own_key\",\"provider_key\":\"sk_live_do_not_log_me\"}")
                .put("/api/v1/kyc/settings");
        String keyPassword = a.as().body(Map.of("name", "audit-ci", "scopes", List.of("payments:read")))
                .post("/api/v2/api_keys").then().statusCode(201).extract().path("password");
        // an operator's
        String created = "auditee-" + System.nanoTime();
        String opPassword = as("admin1").header("X-Request-Id", "create-op-1")
                .body(Map.of("username", created, "role", "support")).post("/api/admin/operators").then()
                .statusCode(201).extract().path("password");
        // an action that is refused rolls back and is recorded as refused, never as succeeded
        as("finance1").body(Map.of("amount", new BigDecimal("-10.00"), "reference", "overdraw"))
                .post("/api/admin/accounts/" + b.accountId() + "/balances/ZAR/adjustments").then().statusCode(400);

        JsonPath ep = as("support1").get("/api/admin/audit-events?action=webhook_endpoint.set&target_type=account"
                + "&target_id=" + a.accountId()).then().statusCode(200).extract().jsonPath();
        assertEquals("merchant", ep.getString("audit_events[0].actor.type"));
        assertEquals(a.username(), ep.getString("audit_events[0].actor.username"));
        assertEquals("merchant-endpoint-1", ep.getString("audit_events[0].request_id"));
        assertNotNull(ep.getString("audit_events[0].source_ip"));
        assertEquals("https://merchant.example/hook", ep.getString("audit_events[0].details.url"));

        JsonPath op = as("support1").get("/api/admin/audit-events?action=operator.create&target_id=" + created).then()
                .statusCode(200).extract().jsonPath();
        assertEquals("operator", op.getString("audit_events[0].actor.type"));
        assertEquals(names.get("admin1"), op.getString("audit_events[0].actor.username"));
        assertEquals("operator", op.getString("audit_events[0].target.type"));
        assertEquals("succeeded", op.getString("audit_events[0].outcome"));
        assertEquals("create-op-1", op.getString("audit_events[0].request_id"));
        assertEquals("support", op.getString("audit_events[0].details.role"));

        JsonPath refused = as("support1").get("/api/admin/audit-events?action=balance.adjust&target_id=" + b.accountId())
                .then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> events = refused.getList("audit_events");
        assertTrue(events.stream().anyMatch(e -> "refused".equals(e.get("outcome"))
                && "overdraw".equals(((Map<?, ?>) e.get("details")).get("reference"))));
        assertFalse(events.stream().anyMatch(e -> "succeeded".equals(e.get("outcome"))
                && "overdraw".equals(((Map<?, ?>) e.get("details")).get("reference"))));

        JsonPath key = as("support1").get("/api/admin/audit-events?action=api_key.create&actor=" + a.username()).then()
                .statusCode(200).extract().jsonPath();
        assertEquals("api_key", key.getString("audit_events[0].target.type"));
        assertNotNull(key.getString("audit_events[0].target.id"));
        assertEquals("audit-ci", key.getString("audit_events[0].details.name"));

        // no secret anywhere in the log: passwords, webhook secrets, provider keys, phone numbers
        String all = allEvents().toString();
        assertFalse(all.contains(opPassword), "an operator password in the audit log");
        assertFalse(all.contains(keyPassword), "an API key's password in the audit log");
        assertFalse(all.contains(secret), "a webhook secret in the audit log");
        assertFalse(all.contains("sk_live_do_not_log_me"), "a provider key in the audit log");
        assertFalse(all.contains(a.password()), "a merchant password in the audit log");
        assertFalse(all.contains("phone_number"), "a phone number in the audit log");
        for (String p : passwords.values()) {
            assertFalse(all.contains(p));
        }
    }

    List<Map<String, Object>> allEvents() {
        List<Map<String, Object>> out = new ArrayList<>();
        String after = null;
        while (true) {
            JsonPath page = as("support1").get("/api/admin/audit-events?limit=100"
                    + (after == null ? "" : "&starting_after=" + after)).then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> events = page.getList("audit_events");
            out.addAll(events);
            if (!page.getBoolean("has_more")) {
                return out;
            }
            after = String.valueOf(events.get(events.size() - 1).get("seq"));
        }
    }

    /** RFC 8785 for this log's values (strings, integers, null, objects), by Jackson: sorted members, no spaces. */
    static final ObjectMapper SORTED = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    @Order(8)
    void the_chain_and_the_signed_checkpoint_verify_with_an_independent_implementation() throws Exception {
        operators();
        String body = as("support1").get("/api/admin/audit-events?limit=100").then().statusCode(200).extract().asString();
        JsonPath cp = as("support1").get("/api/admin/audit-events/checkpoint").then().statusCode(200).extract().jsonPath();
        JsonPath key = as("support1").get("/api/admin/audit-events/public-key").then().statusCode(200).extract().jsonPath();
        assertEquals(key.getString("key_id"), cp.getString("key_id"));

        List<Map<String, Object>> events = new ObjectMapper().readValue(allEventsJson(), new TypeReference<>() {
        });
        events.sort((x, y) -> Long.compare(((Number) x.get("seq")).longValue(), ((Number) y.get("seq")).longValue()));
        String prev = "0".repeat(64);
        long expected = 1;
        for (Map<String, Object> e : events) {
            assertEquals(expected, ((Number) e.get("seq")).longValue(), "no gap in seq");
            assertEquals(prev, e.get("prev_hash"), "seq " + e.get("seq") + " links to the previous hash");
            Map<String, Object> without = new LinkedHashMap<>(e);
            Object hash = without.remove("hash");
            assertEquals(sha256(prev + "\n" + SORTED.writeValueAsString(without)), hash, "hash of seq " + e.get("seq"));
            prev = (String) hash;
            expected++;
        }
        long seq = cp.getLong("seq");
        assertTrue(seq >= events.size() || seq >= expected - 1);
        Map<String, Object> atCheckpoint = events.stream().filter(e -> ((Number) e.get("seq")).longValue() == seq)
                .findFirst().orElseThrow();
        assertEquals(atCheckpoint.get("hash"), cp.getString("hash"));

        PublicKey pub = KeyFactory.getInstance("Ed25519")
                .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(key.getString("public_key"))));
        Signature v = Signature.getInstance("Ed25519");
        v.initVerify(pub);
        v.update(("mizani-audit-checkpoint\n" + seq + "\n" + cp.getString("hash") + "\n" + cp.getString("signed_at"))
                .getBytes(StandardCharsets.UTF_8));
        assertTrue(v.verify(Base64.getDecoder().decode(cp.getString("signature"))), "checkpoint signature");

        as("support1").get("/api/admin/audit-events/verify").then().statusCode(200).body("ok", equalTo(true))
                .body("first_bad_seq", equalTo(null));
        // the offline verifier (domain jar) accepts the exported page and the checkpoint
        var offline = AuditVerifier.verify(JsonText.parse(body), JsonText.parse(
                as("support1").get("/api/admin/audit-events/checkpoint").asString()), key.getString("public_key"));
        assertTrue(offline.ok(), offline.toString());
        // the same key after a second read (derived deterministically)
        as("admin1").get("/api/admin/audit-events/public-key").then().body("public_key", equalTo(key.getString("public_key")));
        // filters: newest first, has_more, a malformed date is 400
        JsonPath two = as("support1").get("/api/admin/audit-events?limit=2").then().statusCode(200).extract().jsonPath();
        assertTrue(two.getLong("audit_events[0].seq") > two.getLong("audit_events[1].seq"));
        assertTrue(two.getBoolean("has_more"));
        as("support1").get("/api/admin/audit-events?from=yesterday").then().statusCode(400);
        as("support1").get("/api/admin/audit-events?limit=0").then().statusCode(400);
    }

    String allEventsJson() throws Exception {
        return new ObjectMapper().writeValueAsString(allEvents());
    }

    @Test
    @Order(9)
    void the_database_refuses_update_and_delete_of_an_audit_row() throws Exception {
        operators();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            SQLException up = assertThrows(SQLException.class,
                    () -> s.executeUpdate("UPDATE audit_events SET action = 'x' WHERE seq = 1"));
            assertTrue(up.getMessage().contains("append-only"), up.getMessage());
            SQLException del = assertThrows(SQLException.class,
                    () -> s.executeUpdate("DELETE FROM audit_events WHERE seq = 1"));
            assertTrue(del.getMessage().contains("append-only"), del.getMessage());
        }
        as("support1").get("/api/admin/audit-events/verify").then().statusCode(200).body("ok", equalTo(true));
    }

    @Test
    @Order(10)
    void a_row_changed_or_removed_behind_the_services_back_is_found_by_verify() throws Exception {
        operators();
        long seq = as("support1").get("/api/admin/audit-events?limit=5").then().extract().jsonPath()
                .getLong("audit_events[3].seq");
        String original;
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT details FROM audit_events WHERE seq = " + seq);
            assertTrue(rs.next());
            original = rs.getString(1);
            // as a superuser, with the trigger off
            s.execute("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change");
            try {
                s.executeUpdate("UPDATE audit_events SET details = '{\"amount\":\"1.00\"}' WHERE seq = " + seq);
            } finally {
                s.execute("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change");
            }
        }
        as("support1").get("/api/admin/audit-events/verify").then().statusCode(200).body("ok", equalTo(false))
                .body("first_bad_seq", equalTo((int) seq));
        List<Map<String, Object>> removed;
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change");
            try {
                try (var ps = c.prepareStatement("UPDATE audit_events SET details = ? WHERE seq = ?")) {
                    ps.setString(1, original);
                    ps.setLong(2, seq);
                    ps.executeUpdate();
                }
            } finally {
                s.execute("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change");
            }
        }
        as("support1").get("/api/admin/audit-events/verify").then().statusCode(200).body("ok", equalTo(true));
        // a removed row: found at its seq; put back, the chain holds again
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TEMP TABLE audit_keep AS SELECT * FROM audit_events WHERE seq = " + seq);
            s.execute("ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change");
            try {
                s.executeUpdate("DELETE FROM audit_events WHERE seq = " + seq);
            } finally {
                s.execute("ALTER TABLE audit_events ENABLE TRIGGER audit_events_no_change");
            }
            as("support1").get("/api/admin/audit-events/verify").then().statusCode(200).body("ok", equalTo(false))
                    .body("first_bad_seq", equalTo((int) seq));
            s.executeUpdate("INSERT INTO audit_events SELECT * FROM audit_keep");
        }
        as("support1").get("/api/admin/audit-events/verify").then().statusCode(200).body("ok", equalTo(true))
                .body("checked", not(equalTo(0)));
    }
}
