package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.support.TestMerchants.OPERATOR;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR_PASSWORD;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.operator.ApprovalStore;
import io.mizani.bootstrap.payment.PaymentFixtures;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.operator.ApprovalKind;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

/**
 * The console's Qute screens over HTTP (issue 36): the search across Teams, a payment's detail and timeline, the
 * audit log and the four-eyes approvals; who may open them, another merchant's records, bad input.
 */
@QuarkusTest
class ConsoleScreensTest {

    static final Pattern CSRF = Pattern.compile("name=\"csrf_token\" value=\"([A-Za-z0-9_-]+)\"");
    static final String NOWHERE = "http://127.0.0.1:9/none";

    static RequestSpecification operator() {
        return given().auth().preemptive().basic(OPERATOR, OPERATOR_PASSWORD).redirects().follow(false);
    }

    static RequestSpecification as(String[] login) {
        return given().auth().preemptive().basic(login[0], login[1]).redirects().follow(false);
    }

    static String csrf(String page) {
        Matcher m = CSRF.matcher(page);
        assertTrue(m.find(), "no CSRF field on the page");
        return m.group(1);
    }

    /** A new operator with {@code role}: {username, password}. */
    static String[] newOperator(String role) {
        String username = role + "-" + System.nanoTime() % 100_000_000;
        String password = asOperator().body(Map.of("username", username, "role", role)).post("/api/admin/operators")
                .then().statusCode(201).extract().jsonPath().getString("password");
        return new String[] {username, password};
    }

    /** A pending service-wallet credit asked by {@code by}, as FourEyes stores one above the threshold. */
    static long pendingCredit(Merchant m, String by, String reference) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("account_id", m.accountId());
        body.put("amount", new BigDecimal("150000.00"));
        body.put("reference", reference);
        ApprovalStore store = io.quarkus.arc.Arc.container().instance(ApprovalStore.class).get();
        UnitOfWork unitOfWork = io.quarkus.arc.Arc.container().instance(UnitOfWork.class).get();
        return unitOfWork.inNewTransaction(() -> store.insertPending(new ApprovalStore.Request(
                ApprovalKind.SERVICE_WALLET_CREDIT, m.accountId(), reference, body, by)).id());
    }

    static String succeededCollection(Merchant m) {
        PaymentFixtures.assign(m, "mpesa_ke");
        Map<String, Object> body = PaymentFixtures.mpesa("payment", 1000, "+254700000123", NOWHERE);
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String status = null;
        while (System.nanoTime() < deadline && !"succeeded".equals(status)) {
            status = m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then()
                    .statusCode(200).extract().jsonPath().getString("transaction.status");
        }
        assertEquals("succeeded", status, "collection " + ref);
        return ref;
    }

    @Test
    void search_finds_teams_by_name_email_and_id_and_escapes_what_it_shows() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        // a second Team of merchant a with a name nothing else has
        String unique = "Kiosk " + System.nanoTime();
        long kiosk = a.as().body(Map.of("organization_id", a.organizationId(), "name", unique, "dial_code", "+254", "number", "712999" + String.format("%03d", System.nanoTime() % 1000)))
                .post("/api/v2/accounts").then().log().ifValidationFails().statusCode(200).extract().jsonPath().getLong("account.id");
        String email = "search-" + System.nanoTime() + "@example.com";
        a.as().body(Map.of("account_id", a.accountId(), "email", email)).put("/api/v2/accounts").then().statusCode(200);

        // by Team id: the Team first, linked to its page; the other merchant's Team is not in the list
        String byId = operator().queryParam("q", String.valueOf(a.accountId())).get("/console/search").then()
                .statusCode(200).contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .extract().asString();
        assertTrue(byId.contains("href=\"/console/accounts/" + a.accountId() + "\""), byId);
        // by a part of the name, any case
        String byName = operator().queryParam("q", unique.substring(0, 12).toUpperCase()).get("/console/search").then()
                .statusCode(200).extract().asString();
        assertTrue(byName.contains("href=\"/console/accounts/" + kiosk + "\""), byName);
        assertTrue(byName.contains(unique), byName);
        // by a part of the e-mail
        String byEmail = operator().queryParam("q", email.substring(0, email.indexOf('@'))).get("/console/search")
                .then().statusCode(200).extract().asString();
        assertTrue(byEmail.contains("href=\"/console/accounts/" + a.accountId() + "\""), byEmail);
        assertTrue(!byEmail.contains("href=\"/console/accounts/" + b.accountId() + "\""), byEmail);
        // by merchant id: both of its Teams
        String byMerchant = operator().queryParam("q", String.valueOf(a.organizationId())).get("/console/search")
                .then().statusCode(200).extract().asString();
        assertTrue(byMerchant.contains("href=\"/console/accounts/" + kiosk + "\""), byMerchant);
        // Qute escapes what the page shows: a search term with markup comes back as text
        operator().queryParam("q", "<script>alert(1)</script>").get("/console/search").then().statusCode(200)
                .body(not(containsString("<script>alert(1)</script>")))
                .body(containsString("&lt;script&gt;alert(1)&lt;/script&gt;"));
        // bad input is a 400 page, never a 500
        operator().queryParam("q", "  ").get("/console/search").then().statusCode(400)
                .contentType(containsString("text/html")).body(containsString("enter a name, an e-mail or an id"));
        operator().get("/console/search").then().statusCode(400);
        operator().queryParam("q", "x".repeat(201)).get("/console/search").then().statusCode(400);
        operator().queryParam("q", "a\u0000b").get("/console/search").then().statusCode(400);
        operator().queryParam("q", "99999999999999999999999").get("/console/search").then().statusCode(200)
                .body(containsString("Nothing matches"));
        // the console home has the one search box
        operator().get("/console").then().statusCode(200).body(containsString("action=\"/console/search\""));
    }

    @Test
    void a_payment_shows_its_fields_masked_and_its_timeline_and_another_teams_payment_is_not_found() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        String ref = succeededCollection(a);
        String refund = "rf-console-" + System.nanoTime() + "-7";
        a.as().body(Map.of("merchant_reference", ref, "refund_reference", refund, "amount", 250, "reason", "returned"))
                .post("/api/global/refunds").then().statusCode(200);

        // the payments table links each payment to its page
        operator().get("/console/accounts/" + a.accountId() + "/payments").then().statusCode(200)
                .body(containsString("/console/accounts/" + a.accountId() + "/payment?merchant_reference=" + ref));
        String page = operator().queryParam("merchant_reference", ref)
                .get("/console/accounts/" + a.accountId() + "/payment").then().statusCode(200)
                .contentType(containsString("text/html")).extract().asString();
        assertTrue(page.contains("id=\"payment_status\">succeeded<"), page);
        assertTrue(page.contains("KES 1000.00"), page);
        // identifiers masked: the phone and the account number never appear whole
        assertTrue(!page.contains("254700000123"), "an identifier in clear on the payment page");
        assertTrue(page.contains("+25\u2022\u2022\u2022\u2022\u2022\u2022\u2022123"), page);
        // the timeline, in time order: accepted, then final, then the refund asked
        int accepted = page.indexOf("Accepted");
        int fin = page.indexOf("Final: succeeded");
        int refundAsked = page.indexOf("Refund " + refund + " asked");
        assertTrue(accepted > 0 && fin > accepted && refundAsked > fin, page);
        assertTrue(page.contains("Event transaction.succeeded") || page.contains("Event "), page);

        // another merchant's payment under this Team, and this payment under the other Team: 404
        String others = succeededCollection(b);
        operator().queryParam("merchant_reference", others).get("/console/accounts/" + a.accountId() + "/payment")
                .then().statusCode(404).contentType(containsString("text/html")).body(containsString("does not exist"));
        operator().queryParam("merchant_reference", ref).get("/console/accounts/" + b.accountId() + "/payment")
                .then().statusCode(404);
        // bad input: 4xx pages
        operator().get("/console/accounts/" + a.accountId() + "/payment").then().statusCode(400);
        operator().queryParam("merchant_reference", "a\u0000b").get("/console/accounts/" + a.accountId() + "/payment")
                .then().statusCode(400);
        operator().queryParam("merchant_reference", ref).get("/console/accounts/abc/payment").then().statusCode(404);
        operator().queryParam("merchant_reference", ref).get("/console/accounts/999999999/payment").then()
                .statusCode(404);
    }

    @Test
    void the_audit_log_is_for_compliance_and_admin_filtered_newest_first_and_paged() {
        String[] support = newOperator("support");
        String[] finance = newOperator("finance");
        String[] compliance = newOperator("compliance");
        Merchant m = TestMerchants.onboard();
        // something to find, more than a page of it (25), whatever ran before: credits by the admin operator from the
        // console's API twin
        for (int i = 0; i < 26; i++) {
            asOperator().body(Map.of("amount", 1, "reference", "audit-screen-" + System.nanoTime()))
                    .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits").then().statusCode(200);
        }
        // support and finance: the console's 403 page, not the log
        for (String[] who : new String[][] {support, finance}) {
            as(who).get("/console/audit").then().statusCode(403).contentType(containsString("text/html"))
                    .body(containsString("id=\"error\"")).body(containsString("may not do this"))
                    .body(not(containsString("id=\"audit_events\"")));
        }
        String page = as(compliance).queryParam("actor", OPERATOR).queryParam("action", "service_wallet.credit")
                .get("/console/audit").then().statusCode(200).extract().asString();
        assertTrue(page.contains("id=\"audit_events\""), page);
        Matcher seqs = Pattern.compile("<tr><td>(\\d+)</td>").matcher(page);
        long previous = Long.MAX_VALUE;
        int rows = 0;
        while (seqs.find()) {
            long seq = Long.parseLong(seqs.group(1));
            assertTrue(seq < previous, "newest first");
            previous = seq;
            rows++;
        }
        assertTrue(rows >= 3, page);
        // paged: 25 a page with a link to the older ones
        String first = operator().get("/console/audit").then().statusCode(200).extract().asString();
        assertTrue(first.contains("id=\"next\""), "the log has more than 25 events");
        String next = first.substring(first.indexOf("id=\"next\" href=\"") + 16);
        next = next.substring(0, next.indexOf('"')).replace("&amp;", "&");
        operator().get(next).then().statusCode(200).body(containsString("id=\"audit_events\""));
        // bad input: 400 pages
        operator().queryParam("from", "yesterday").get("/console/audit").then().statusCode(400)
                .body(containsString("from must be a date"));
        operator().queryParam("starting_after", "x").get("/console/audit").then().statusCode(400);
        operator().queryParam("actor", "a\u0000").get("/console/audit").then().statusCode(400);
        // a day with no event
        operator().queryParam("from", "2001-01-01").queryParam("to", "2001-01-02").get("/console/audit").then()
                .statusCode(200).body(containsString("No audit event matches."));
    }

    @Test
    void approvals_are_decided_by_another_finance_or_admin_operator_with_the_form_token() {
        String[] finance = newOperator("finance");
        String[] support = newOperator("support");
        String[] compliance = newOperator("compliance");
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        long id = pendingCredit(m, finance[0], "float-" + System.nanoTime());
        long rejected = pendingCredit(m, finance[0], "float-r-" + System.nanoTime());

        for (String[] who : new String[][] {support, compliance}) {
            as(who).get("/console/approvals").then().statusCode(403).contentType(containsString("text/html"))
                    .body(containsString("id=\"error\"")).body(not(containsString("id=\"approvals\"")));
        }
        // the requester sees it without buttons, and cannot decide it by posting anyway
        String own = as(finance).get("/console/approvals").then().statusCode(200).extract().asString();
        assertTrue(own.contains("id=\"approval_" + id + "\""), own);
        assertTrue(!own.contains("id=\"approve_" + id + "\""), "the requester gets no Approve button");
        as(finance).formParam("csrf_token", csrf(own)).post("/console/approvals/" + id + "/approve").then()
                .statusCode(403).contentType(containsString("text/html"))
                .body(containsString("decided by another operator"));

        String page = operator().get("/console/approvals").then().statusCode(200).extract().asString();
        assertTrue(page.contains("id=\"approve_" + id + "\""), page);
        String token = csrf(page);
        // without the token, or from another site: 403 and nothing applied
        operator().post("/console/approvals/" + id + "/approve").then().statusCode(403);
        operator().header("Sec-Fetch-Site", "cross-site").formParam("csrf_token", token)
                .post("/console/approvals/" + id + "/approve").then().statusCode(403);
        assertEquals(0f, ConsoleHttpTest.wallet(m));
        operator().formParam("csrf_token", token).post("/console/approvals/" + id + "/approve").then().statusCode(303)
                .header("Location", containsString("/console/approvals?notice=approved"));
        assertEquals(150000f, ConsoleHttpTest.wallet(m));
        assertEquals(0f, ConsoleHttpTest.wallet(other), "the other merchant's wallet did not move");
        // decided once: a second approval is a 409 page
        operator().formParam("csrf_token", token).post("/console/approvals/" + id + "/approve").then().statusCode(409);
        operator().formParam("csrf_token", token).post("/console/approvals/" + rejected + "/reject").then()
                .statusCode(303);
        assertEquals(150000f, ConsoleHttpTest.wallet(m));
        operator().queryParam("status", "approved").get("/console/approvals").then().statusCode(200)
                .body(containsString("id=\"approval_" + id + "\""));
        // unknown or malformed ids and statuses: 4xx pages
        operator().formParam("csrf_token", token).post("/console/approvals/99999999/approve").then().statusCode(404);
        operator().formParam("csrf_token", token).post("/console/approvals/abc/reject").then().statusCode(404);
        operator().queryParam("status", "maybe").get("/console/approvals").then().statusCode(400);
    }
}
