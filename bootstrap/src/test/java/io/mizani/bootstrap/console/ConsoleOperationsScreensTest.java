package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.console.ConsoleScreensTest.as;
import static io.mizani.bootstrap.console.ConsoleScreensTest.csrf;
import static io.mizani.bootstrap.console.ConsoleScreensTest.newOperator;
import static io.mizani.bootstrap.console.ConsoleScreensTest.operator;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.screening.ScreeningStore;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.screening.CaseStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * The console's operations screens over HTTP (issue 36): verification routing and margins, tier limits, screening
 * cases and lists, a Team's balances, entries and statements. Who sees which form, CSRF refusals that change nothing,
 * a change made in the console read back from the operator (or merchant) API, bad input 400, unknown ids 404, and a
 * second Team unaffected. The routing and tier limits are service-wide: each test puts back what it found.
 */
@QuarkusTest
class ConsoleOperationsScreensTest {

    static final String ROUTING = "/api/admin/verification-routing";
    static final String LIMITS = "/api/admin/tier-limits";
    /** Amounts read as BigDecimal (JsonPath's default float would lose the cents of a large limit). */
    static final io.restassured.path.json.config.JsonPathConfig EXACT = new io.restassured.path.json.config.JsonPathConfig(
            io.restassured.path.json.config.JsonPathConfig.NumberReturnType.BIG_DECIMAL);

    // ---------------------------------------------------------------- routing and margins

    @Test
    void the_routing_is_read_by_every_role_and_changed_by_compliance_and_admin_only() {
        String[] support = newOperator("support");
        String[] finance = newOperator("finance");
        String[] compliance = newOperator("compliance");
        String before = asOperator().get(ROUTING).then().statusCode(200).extract().asString();
        try {
            asOperator().body(Map.of("routes", Map.of("national_id_ke", List.of("sandbox", "sandbox_backup")),
                    "costs", Map.of("sandbox", Map.of("national_id_ke", new BigDecimal("11.00"))))).put(ROUTING)
                    .then().statusCode(200);
            // support and finance read the tables and get no form
            for (String[] reader : new String[][] {support, finance}) {
                String page = as(reader).get("/console/routing").then().statusCode(200)
                        .contentType(containsString("text/html"))
                        .header("Content-Security-Policy", containsString("default-src 'none'")).extract().asString();
                assertTrue(page.contains("id=\"routes\"") && page.contains("id=\"margins\""), page);
                assertTrue(page.contains("sandbox → sandbox_backup"), page);
                assertTrue(!page.contains("id=\"routing_form\"") && page.contains("id=\"read_only\""), page);
            }
            String page = as(compliance).get("/console/routing").then().statusCode(200).extract().asString();
            assertTrue(page.contains("id=\"routing_form\""), page);
            String token = csrf(page);
            Map<String, String> change = Map.of("routes", "national_id_ke: sandbox_backup, sandbox",
                    "costs", "sandbox national_id_ke 12.50\nsandbox_backup national_id_ke 9");

            // a forged post by a role that may not, without the token, from another site: 403 and nothing changed
            as(support).formParams(change).formParam("csrf_token", csrf(as(support).get("/console/routing").asString()))
                    .post("/console/routing").then().statusCode(403);
            as(compliance).formParams(change).post("/console/routing").then().statusCode(403);
            as(compliance).formParams(change).formParam("csrf_token", token).header("Sec-Fetch-Site", "cross-site")
                    .post("/console/routing").then().statusCode(403);
            asOperator().get(ROUTING).then().statusCode(200)
                    .body("routes.national_id_ke", org.hamcrest.Matchers.equalTo(List.of("sandbox", "sandbox_backup")));

            // bad input: the console's 400 page, nothing changed
            as(compliance).formParam("routes", "national_id_ke sandbox").formParam("costs", "")
                    .formParam("csrf_token", token).post("/console/routing").then().statusCode(400)
                    .contentType(containsString("text/html")).body(containsString("routes, line 1"));
            as(compliance).formParam("routes", "").formParam("costs", "sandbox national_id_ke lots")
                    .formParam("csrf_token", token).post("/console/routing").then().statusCode(400)
                    .body(containsString("costs, line 1"));
            as(compliance).formParam("routes", "national_id_ke: nobody").formParam("costs", "")
                    .formParam("csrf_token", token).post("/console/routing").then().statusCode(400)
                    .body(containsString("unknown provider"));
            operator().queryParam("days", "abc").get("/console/routing").then().statusCode(400)
                    .body(containsString("days must be an integer"));
            operator().queryParam("days", "0").get("/console/routing").then().statusCode(400);
            asOperator().get(ROUTING).then().statusCode(200)
                    .body("costs.sandbox.national_id_ke", org.hamcrest.Matchers.equalTo(11.0f));

            // compliance changes it: 303 with a notice, and the operator API reads the new table
            as(compliance).formParams(change).formParam("csrf_token", token).post("/console/routing").then()
                    .statusCode(303).header("Location", containsString("/console/routing?notice=routing"));
            JsonPath api = asOperator().get(ROUTING).then().statusCode(200).extract().jsonPath();
            assertEquals(List.of("sandbox_backup", "sandbox"), api.getList("routes.national_id_ke"));
            assertEquals(12.5f, api.getFloat("costs.sandbox.national_id_ke"));
            assertEquals(9f, api.getFloat("costs.sandbox_backup.national_id_ke"));
            as(compliance).queryParam("notice", "routing").get("/console/routing").then().statusCode(200)
                    .body(containsString("The routing was saved.")).body(containsString("sandbox_backup → sandbox"))
                    .body(containsString("12.50"));
        } finally {
            asOperator().body(before).put(ROUTING).then().statusCode(200);
        }
    }

    // ---------------------------------------------------------------- tier limits

    @Test
    void tier_limits_are_read_by_every_role_and_changed_by_finance_and_admin_only() {
        String[] support = newOperator("support");
        String[] compliance = newOperator("compliance");
        String[] finance = newOperator("finance");
        String before = asOperator().get(LIMITS).then().statusCode(200).extract().asString();
        try {
            asOperator().body(Map.of("tiers", Map.of("3", Map.of("withdrawal_daily_usd", 900000000)))).put(LIMITS)
                    .then().statusCode(200);
            for (String[] reader : new String[][] {support, compliance}) {
                String page = as(reader).get("/console/tier-limits").then().statusCode(200).extract().asString();
                assertTrue(page.contains("id=\"withdrawal_3\">900000000<"), page);
                assertTrue(page.contains("id=\"collection_3\">no limit<"), page);
                assertTrue(!page.contains("id=\"tier_form\"") && page.contains("id=\"read_only\""), page);
            }
            String page = as(finance).get("/console/tier-limits").then().statusCode(200).extract().asString();
            assertTrue(page.contains("id=\"tier_form\""), page);
            assertTrue(page.contains("id=\"withdrawal_3\" name=\"withdrawal_daily_usd\" inputmode=\"decimal\" value=\"900000000\""), page);
            String token = csrf(page);

            // refused: another role's forged post, no token, another site; the limits unchanged
            as(compliance).formParams(limits("1", "")).formParam("csrf_token",
                    csrf(as(compliance).get("/console/tier-limits").asString())).post("/console/tier-limits").then()
                    .statusCode(403);
            as(finance).formParams(limits("1", "")).post("/console/tier-limits").then().statusCode(403);
            as(finance).formParams(limits("1", "")).formParam("csrf_token", token).header("Origin", "https://evil.example")
                    .post("/console/tier-limits").then().statusCode(403);
            // bad input: 400 pages naming the field, unchanged
            as(finance).formParams(limits("lots", "")).formParam("csrf_token", token).post("/console/tier-limits")
                    .then().statusCode(400).contentType(containsString("text/html"))
                    .body(containsString("tier 3: withdrawal_daily_usd must be a number of USD"));
            as(finance).formParams(limits("-5", "")).formParam("csrf_token", token).post("/console/tier-limits")
                    .then().statusCode(400).body(containsString("tier 3: withdrawal_daily_usd must be zero or more"));
            as(finance).formParams(limits("1.005", "")).formParam("csrf_token", token).post("/console/tier-limits")
                    .then().statusCode(400);
            as(finance).formParam("tier", "7").formParam("withdrawal_daily_usd", "1").formParam("collection_daily_usd", "")
                    .formParam("csrf_token", token).post("/console/tier-limits").then().statusCode(400)
                    .body(containsString("tier must be one of 0, 1, 2, 3"));
            asOperator().get(LIMITS).then().statusCode(200).body("tiers.3.withdrawal_daily_usd",
                    org.hamcrest.Matchers.equalTo(900000000));

            // finance changes them: the operator API reads them back
            as(finance).formParams(limits("800000000.50", "700000000")).formParam("csrf_token", token)
                    .post("/console/tier-limits").then().statusCode(303)
                    .header("Location", containsString("/console/tier-limits?notice=tier_limits"));
            JsonPath api = asOperator().get(LIMITS).then().statusCode(200).extract().jsonPath().using(EXACT);
            assertEquals("800000000.5", String.valueOf(api.<Object>get("tiers.3.withdrawal_daily_usd")));
            assertEquals("700000000", String.valueOf(api.<Object>get("tiers.3.collection_daily_usd")));
            assertEquals(null, api.<Object>get("tiers.0"), "a tier left blank has no limit");
            as(support).queryParam("notice", "tier_limits").get("/console/tier-limits").then().statusCode(200)
                    .body(containsString("The tier limits were saved.")).body(containsString("800000000.5"));
            // the audit log has the change and the refused posts, with the operator's name
            List<String> outcomes = auditOutcomes("console.tier_limits.set", finance[0], null);
            assertTrue(outcomes.contains("succeeded") && outcomes.contains("refused"), outcomes.toString());
        } finally {
            asOperator().body(before).put(LIMITS).then().statusCode(200);
        }
    }

    /** The tier form as the browser posts it: tiers 0-2 blank, tier 3 with these values. */
    static Map<String, List<String>> limits(String withdrawal3, String collection3) {
        return Map.of("tier", List.of("0", "1", "2", "3"),
                "withdrawal_daily_usd", List.of("", "", "", withdrawal3),
                "collection_daily_usd", List.of("", "", "", collection3));
    }

    // ---------------------------------------------------------------- screening

    /** An open case of {@code m}'s, as the money path opens one for a withdrawal's payee. */
    static String openCase(Merchant m, String name) {
        ScreeningStore store = io.quarkus.arc.Arc.container().instance(ScreeningStore.class).get();
        Map<String, Object> subject = new java.util.LinkedHashMap<>();
        subject.put("name", name);
        subject.put("type", "person");
        subject.put("account_number_masked", "******6789");
        subject.put("origin", "withdrawal");
        Map<String, Object> hit = Map.of("list", "console-test", "list_version", 1, "entry_id", "E-1",
                "name", "Osama bin Laden", "matched_name", "Usama bin Ladin", "score", 94);
        String id = "case_console" + System.nanoTime();
        UnitOfWork unitOfWork = io.quarkus.arc.Arc.container().instance(UnitOfWork.class).get();
        return unitOfWork.inNewTransaction(() -> store.openCase(new ScreeningStore.StoredCase(id,
                m.accountId(), "console-test-" + System.nanoTime(), subject, List.of(hit), CaseStatus.OPEN,
                Instant.now(), null)).orElseThrow().id());
    }

    @Test
    void screening_cases_are_read_by_every_role_and_decided_by_compliance_and_admin_only() {
        String[] support = newOperator("support");
        String[] finance = newOperator("finance");
        String[] compliance = newOperator("compliance");
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        String mine = openCase(a, "Usama <b>bin</b> Ladin");
        String other = openCase(b, "Usama bin Ladin");
        String list = "console-list-" + System.nanoTime();
        asOperator().contentType("text/csv").queryParam("format", "csv").queryParam("name", list)
                .body("entry_id,type,name,aliases,birth_year,countries\nZ-1,person,Zyxw Qvuts Console,,,\n"
                        + "Z-2,organization,Qqq Console Holdings,,,\n")
                .post("/api/admin/screening/lists").then().statusCode(200);

        for (String[] reader : new String[][] {support, finance}) {
            String page = as(reader).get("/console/screening").then().statusCode(200).extract().asString();
            assertTrue(page.contains("id=\"case_" + mine + "\""), page);
            assertTrue(!page.contains("id=\"decide_"), "no decision form for " + reader[0]);
            // the subject masked and escaped, the hit, what it holds, the list loaded with its size
            assertTrue(page.contains("account ******6789"), page);
            assertTrue(page.contains("Usama &lt;b&gt;bin&lt;/b&gt; Ladin") && !page.contains("<b>bin</b>"), page);
            assertTrue(page.contains("Osama bin Laden as Usama bin Ladin: console-test v1, entry E-1 (94)"), page);
            assertTrue(page.contains("a withdrawal to this payee"), page);
            assertTrue(page.contains("<td>" + list + "</td><td>1</td><td><code>csv</code></td><td>2</td>"), page);
        }
        String page = as(compliance).get("/console/screening").then().statusCode(200).extract().asString();
        assertTrue(page.contains("id=\"decide_" + mine + "\""), page);
        String token = csrf(page);
        String decide = "/console/screening/cases/" + mine + "/decision";

        // refused: finance's forged post, no token, another site; the case stays open
        as(finance).formParam("decision", "clear").formParam("note", "forged")
                .formParam("csrf_token", csrf(as(finance).get("/console/screening").asString())).post(decide).then()
                .statusCode(403);
        as(compliance).formParam("decision", "clear").formParam("note", "n").post(decide).then().statusCode(403);
        as(compliance).formParam("decision", "clear").formParam("note", "n").formParam("csrf_token", token)
                .header("Sec-Fetch-Site", "same-site").post(decide).then().statusCode(403);
        // bad input and unknown cases
        as(compliance).formParam("decision", "clear").formParam("note", " ").formParam("csrf_token", token)
                .post(decide).then().statusCode(400).contentType(containsString("text/html"))
                .body(containsString("note is required"));
        as(compliance).formParam("decision", "maybe").formParam("note", "n").formParam("csrf_token", token)
                .post(decide).then().statusCode(400).body(containsString("decision must be clear or confirm"));
        as(compliance).formParam("decision", "clear").formParam("note", "n").formParam("csrf_token", token)
                .post("/console/screening/cases/case_nowhere/decision").then().statusCode(404);
        operator().queryParam("status", "maybe").get("/console/screening").then().statusCode(400);
        assertEquals("open", caseStatus(mine));

        // compliance clears it: the operator API reads it cleared by that operator; the other Team's case stays open
        as(compliance).formParam("decision", "clear").formParam("note", "born 1990, not the listed person")
                .formParam("csrf_token", token).post(decide).then().statusCode(303)
                .header("Location", containsString("/console/screening?status=cleared&notice=cleared"));
        assertEquals("cleared", caseStatus(mine));
        assertEquals(compliance[0], caseField(mine, "decided_by"));
        assertEquals("open", caseStatus(other));
        assertEquals(List.of("succeeded"), auditOutcomes("console.screening_case.decide", compliance[0], mine).stream()
                .filter("succeeded"::equals).toList());
        as(support).queryParam("status", "cleared").queryParam("notice", "cleared").get("/console/screening").then()
                .statusCode(200).body(containsString("The case was cleared"))
                .body(containsString("born 1990, not the listed person"));
        // decided once
        as(compliance).formParam("decision", "confirm").formParam("note", "again").formParam("csrf_token", token)
                .post(decide).then().statusCode(409).body(containsString("already cleared"));
    }

    /** The outcomes of the audit events of {@code action} by {@code actor} (on the target {@code id}, when given). */
    static List<String> auditOutcomes(String action, String actor, String id) {
        var request = asOperator().queryParam("action", action).queryParam("actor", actor);
        if (id != null) {
            request = request.queryParam("target_id", id);
        }
        return request.get("/api/admin/audit-events").then().statusCode(200).extract().jsonPath()
                .getList("audit_events.outcome", String.class);
    }

    static String caseStatus(String id) {
        return caseField(id, "status");
    }

    static String caseField(String id, String field) {
        List<Map<String, Object>> cases = asOperator().get("/api/admin/screening/cases").then().statusCode(200)
                .extract().jsonPath().getList("cases");
        return cases.stream().filter(c -> id.equals(c.get("id"))).map(c -> String.valueOf(c.get(field))).findFirst()
                .orElseThrow(() -> new AssertionError("case " + id + " not listed"));
    }

    // ---------------------------------------------------------------- a Team's balances and statements

    static void adjust(Merchant m, String amount, String reference) {
        asOperator().body(Map.of("amount", new BigDecimal(amount), "reference", reference + "-" + System.nanoTime(),
                "reason", "console test, <i>" + reference + "</i>"))
                .post("/api/admin/accounts/" + m.accountId() + "/balances/KES/adjustments").then().statusCode(200);
    }

    @Test
    void a_teams_balances_entries_and_statement_as_every_role_sees_them() {
        String[] support = newOperator("support");
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        adjust(a, "1000.00", "float");
        for (int i = 0; i < 21; i++) {
            adjust(a, "-10.00", "fee" + i);
        }
        adjust(b, "777.00", "other");
        String path = "/console/accounts/" + a.accountId() + "/balances";

        String page = as(support).get(path).then().statusCode(200).contentType(containsString("text/html"))
                .extract().asString();
        assertTrue(page.contains("<tr id=\"balance_KES\"><td><a href=\"" + path + "?currency=KES\">KES</a></td><td>790.00</td>"
                + "<td>0.00</td><td>0.00</td>"), page);
        assertTrue(!page.contains("777.00"), "another Team's balance on the page");
        // the latest entries, newest first, 20 a page
        assertEquals(20, page.split("<td><code>adjustment</code></td>").length - 1, page);
        assertTrue(!page.contains("<td>1000.00</td>"), "the oldest entry is on the second page");
        assertTrue(page.contains("id=\"next\""), page);
        String next = page.substring(page.indexOf("id=\"next\" href=\"") + 16);
        next = next.substring(0, next.indexOf('"')).replace("&amp;", "&");
        as(support).get(next).then().statusCode(200).body(containsString("<td>1000.00</td>"))
                .body(not(containsString("id=\"next\"")));

        // a statement: every role may make one (it moves nothing); refused without the token or from another site
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        String token = csrf(page);
        String ask = "/console/accounts/" + a.accountId() + "/statements";
        Map<String, String> period = Map.of("currency", "KES", "from", today, "to", today);
        as(support).formParams(period).post(ask).then().statusCode(403);
        as(support).formParams(period).formParam("csrf_token", token).header("Sec-Fetch-Site", "cross-site")
                .post(ask).then().statusCode(403);
        // bad input: the statement endpoint's messages on a 400 page
        as(support).formParams(Map.of("currency", "KES", "from", "yesterday", "to", today)).formParam("csrf_token", token)
                .post(ask).then().statusCode(400).contentType(containsString("text/html"))
                .body(containsString("from must be a date (YYYY-MM-DD)"));
        as(support).formParams(Map.of("currency", "XYZ", "from", today, "to", today)).formParam("csrf_token", token)
                .post(ask).then().statusCode(400).body(containsString("is not a payment currency"));
        as(support).formParams(Map.of("currency", "KES", "from", "2020-01-01", "to", today)).formParam("csrf_token", token)
                .post(ask).then().statusCode(400).body(containsString("at most 366 days"));
        as(support).formParams(period).formParam("csrf_token", token).post("/console/accounts/999999999/statements")
                .then().statusCode(404);

        String location = as(support).formParams(period).formParam("csrf_token", token).post(ask).then()
                .statusCode(303).header("Location", containsString(path + "?statement=")).extract().header("Location");
        String id = location.substring(location.indexOf("statement=") + 10, location.indexOf('&'));
        String shown = awaitStatement(support, path + "?statement=" + id);
        assertTrue(shown.contains("id=\"statement_opening\">0.00<"), shown);
        assertTrue(shown.contains("id=\"statement_closing\">790.00<"), shown);
        assertTrue(shown.contains("id=\"statement_entries\">22<"), shown);
        assertEquals(22, shown.split("<td><code>adjustment</code></td>").length - 1 - 20,
                "the statement's 22 lines besides the 20 latest entries");
        // its lines as the file has them, escaped
        assertTrue(shown.contains("console test, &lt;i&gt;float&lt;/i&gt;") && !shown.contains("<i>float</i>"), shown);
        assertTrue(shown.contains("id=\"statement_csv\" href=\"") && shown.contains("/api/global/statements/download/"),
                shown);
        // the merchant's API has the same statement, with the same figures
        JsonPath api = a.as().get("/api/global/statements/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals("completed", api.getString("statement.status"));
        assertEquals(790.0f, api.getFloat("statement.closing_balance"));

        // another Team's page does not show it; unknown Teams and statements are 404, a bad cursor 400
        as(support).queryParam("statement", id).get("/console/accounts/" + b.accountId() + "/balances").then()
                .statusCode(404).contentType(containsString("text/html"));
        as(support).get("/console/accounts/" + b.accountId() + "/balances").then().statusCode(200)
                .body(containsString("<td>777.00</td>")).body(not(containsString("790.00")));
        as(support).queryParam("statement", "not-a-statement").get(path).then().statusCode(404);
        as(support).get("/console/accounts/999999999/balances").then().statusCode(404);
        as(support).get("/console/accounts/abc/balances").then().statusCode(404);
        as(support).queryParam("starting_after", "x").get(path).then().statusCode(400);
        as(support).queryParam("currency", "K\u0000S").get(path).then().statusCode(400);
    }

    /** The balances page with the statement, once it is built (the builder runs in the background). */
    static String awaitStatement(String[] who, String path) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String page = null;
        while (System.nanoTime() < deadline) {
            page = as(who).get(path).then().statusCode(200).extract().asString();
            if (page.contains("id=\"statement_status\">completed<")) {
                return page;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        fail("the statement was never built: " + page);
        return page;
    }
}
