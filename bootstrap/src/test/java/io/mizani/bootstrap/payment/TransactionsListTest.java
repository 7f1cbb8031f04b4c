package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.*;

/** GET /api/global/transactions (platform.md section 10). */
@QuarkusTest
class TransactionsListTest {

    static JsonPath list(Merchant m, Map<String, Object> query) {
        return m.as().queryParams(query).get("/api/global/transactions").then().statusCode(200).extract().jsonPath();
    }

    static String pay(Merchant m, Map<String, Object> body) {
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        return (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
    }

    @Test
    void the_merchants_transactions_newest_first_filtered_and_paged() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        assign(a, "mpesa_ke", "pesalink_ke");
        assign(b, "mpesa_ke");
        TestMerchants.fundBalance(a, "KES", "1000");
        String c1 = pay(a, mpesa("payment", 100, "+254700000101", "http://127.0.0.1:9/x"));
        String w1 = pay(a, mpesa("withdrawal", 200, "+254700000101", "http://127.0.0.1:9/x"));
        var bank = body("payment", "bank", "pesalink_ke", 1000, "KES", "KE",
                new HashMap<>(Map.of("first_name", "Ada", "last_name", "Obi", "email", "a@example.com", "phone", "+254700000123",
                        "dob", "1990-01-01")),
                network("pesalink_ke", "net_ke_pesalink", "PesaLink", "PESALINK", "bank"),
                paymentConfig(ref(), "0123456701", "http://127.0.0.1:9/x"));
        String c2 = pay(a, bank);
        String theirs = pay(b, mpesa("payment", 100, "+254700000101", "http://127.0.0.1:9/x"));

        // "…01" payments go queued -> pending and then wait (until the pending deadline): compare them once they
        // have settled into pending, so the list and the status read see the same state
        long until = System.nanoTime() + java.time.Duration.ofSeconds(6).toNanos();
        for (String r : List.of(c1, w1, c2)) {
            while (!"pending".equals(PaymentsApiTest.status(a, r).getString("transaction.status"))
                    && System.nanoTime() < until) {
                PaymentsApiTest.sleep(50);
            }
        }
        JsonPath all = list(a, Map.of());
        assertEquals(List.of(c2, w1, c1), all.getList("transactions.merchant_reference"));
        assertFalse(all.getBoolean("has_more"));
        // the transaction-status shape, field for field
        Map<String, Object> first = all.getMap("transactions[0]");
        assertEquals(PaymentsApiTest.status(a, c2).getMap("transaction"), first);
        assertEquals(List.of(theirs), list(b, Map.of()).getList("transactions.merchant_reference"));

        assertEquals(List.of(w1), list(a, Map.of("request_type", "withdrawal")).getList("transactions.merchant_reference"));
        assertEquals(List.of(c2, c1), list(a, Map.of("request_type", "payment")).getList("transactions.merchant_reference"));
        assertEquals(List.of(c2), list(a, Map.of("provider", "pesalink_ke")).getList("transactions.merchant_reference"));
        assertEquals(List.of(), list(a, Map.of("provider", "eft_za")).getList("transactions"));
        assertEquals(List.of(), list(a, Map.of("status", "succeeded")).getList("transactions"));
        String today = LocalDate.now(ZoneOffset.UTC).toString();
        String tomorrow = LocalDate.now(ZoneOffset.UTC).plusDays(1).toString();
        String yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
        assertEquals(3, list(a, Map.of("from", today, "to", today)).getList("transactions").size());
        assertEquals(0, list(a, Map.of("from", tomorrow)).getList("transactions").size());
        assertEquals(0, list(a, Map.of("to", yesterday)).getList("transactions").size());
        assertEquals(3, list(a, Map.of("from", yesterday, "to", tomorrow)).getList("transactions").size());
        // "…01" stays pending: each is queued or pending, never both, never lost
        assertEquals(3, list(a, Map.of("status", "queued")).getList("transactions").size()
                + list(a, Map.of("status", "pending")).getList("transactions").size());

        JsonPath page = list(a, Map.of("limit", 2));
        assertEquals(List.of(c2, w1), page.getList("transactions.merchant_reference"));
        assertTrue(page.getBoolean("has_more"));
        String cursor = page.getString("transactions[1].reference");
        page = list(a, Map.of("limit", 2, "starting_after", cursor));
        assertEquals(List.of(c1), page.getList("transactions.merchant_reference"));
        assertFalse(page.getBoolean("has_more"));

        // another merchant's reference is no cursor of mine
        String theirReference = list(b, Map.of()).getString("transactions[0].reference");
        a.as().queryParam("starting_after", theirReference).get("/api/global/transactions").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
    }

    @Test
    void a_malformed_or_unknown_filter_value_is_a_400() {
        Merchant m = TestMerchants.onboard();
        for (Map<String, Object> bad : List.of(Map.<String, Object>of("status", "done"), Map.<String, Object>of("status", "Failed"),
                Map.<String, Object>of("request_type", "payout"), Map.<String, Object>of("provider", "nope"),
                Map.<String, Object>of("from", "2024-13-01"), Map.<String, Object>of("from", "20240101"),
                Map.<String, Object>of("to", "yesterday"), Map.<String, Object>of("from", "2024-02-02", "to", "2024-02-01"),
                Map.<String, Object>of("limit", "0"), Map.<String, Object>of("limit", "101"),
                Map.<String, Object>of("limit", "ten"), Map.<String, Object>of("starting_after", "txn_unknown"))) {
            var r = m.as().queryParams(bad).get("/api/global/transactions");
            assertEquals(400, r.statusCode(), bad + " → " + r.asString());
            r.then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument")).body("status_code", equalTo(400))
                    .body("error_message", not(emptyOrNullString()));
        }
        m.as().get("/api/global/transactions").then().statusCode(200)
                .body("transactions", empty()).body("has_more", equalTo(false));
        m.as().queryParam("status", "").get("/api/global/transactions").then().statusCode(200); // empty = absent
        m.as().queryParam("limit", 100).get("/api/global/transactions").then().statusCode(200);
        io.restassured.RestAssured.given().get("/api/global/transactions").then().statusCode(401);
    }
}
