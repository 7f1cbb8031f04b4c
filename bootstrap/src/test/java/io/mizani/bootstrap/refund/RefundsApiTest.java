package io.mizani.bootstrap.refund;

import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static io.mizani.bootstrap.refund.RefundFixtures.*;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.*;

/** Refunds end to end (platform.md section 15): money, refusals, statuses, events, idempotency, tenancy. */
@QuarkusTest
class RefundsApiTest {

    private static final String NOWHERE = "http://127.0.0.1:9/none";

    @Inject
    DataSource dataSource;

    private static Merchant merchant() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        return m;
    }

    @Test
    void a_partial_refund_then_the_rest_reserve_then_consume_and_show_on_the_transaction() {
        Merchant m = merchant();
        String order = succeededCollection(m, 1000, NOWHERE);
        assertEquals("1000.00", available(m));

        String first = refundRef();
        JsonPath r1 = refund(m, body(order, first, 300)).then().statusCode(200).extract().jsonPath().setRootPath("refund");
        assertEquals(first, r1.getString("refund_reference"));
        assertEquals(order, r1.getString("merchant_reference"));
        assertEquals(300.00f, r1.getFloat("amount"));
        assertEquals("KES", r1.getString("currency"));
        assertEquals("pending", r1.getString("status"));
        assertEquals("item returned", r1.getString("reason"));
        assertNull(r1.get("failure_reason"));
        assertNull(r1.get("completed_at"));
        assertNotNull(r1.get("created_at"));
        // reserved in the same step as the acceptance (consumed when the sandbox settles it, 300 ms later)
        assertEquals("700.00", available(m));
        RefundFixtures.assertReservedIsPending(m, Map.of(first, 300.0));

        // no amount: the whole refundable rest
        String second = refundRef();
        refund(m, body(order, second, null)).then().statusCode(200).body("refund.amount", equalTo(700.00f));
        assertEquals("0.00", available(m));
        RefundFixtures.assertReservedIsPending(m, Map.of(first, 300.0, second, 700.0));
        // nothing left
        refund(m, body(order, refundRef(), new BigDecimal("0.01"))).then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("refund amount exceeds the refundable 0.00 KES"));

        assertEquals("succeeded", awaitFinal(m, first));
        assertEquals("succeeded", awaitFinal(m, second));
        JsonPath done = get(m, first);
        assertNotNull(done.get("completed_at"));
        assertNull(done.get("failure_reason"));
        assertTrue(done.getString("provider_reference").startsWith("SBR"));
        assertEquals("0.00", available(m));
        assertEquals("0.00", reserved(m));
        assertEquals(1000.00f, transaction(m, order).getFloat("refunded_amount"));
        List<Map<String, Object>> listed = m.as().get("/api/global/transactions").then().statusCode(200).extract()
                .jsonPath().getList("transactions");
        assertEquals(1000.00f, ((Number) listed.stream().filter(t -> order.equals(t.get("merchant_reference")))
                .findFirst().orElseThrow().get("refunded_amount")).floatValue());

        var entries = entries(m);
        assertEquals(List.of("refund_reserve", "refund_reserve", "collection"),
                entries.stream().map(e -> (String) e.get("type")).toList());
        assertEquals(-700.00f, ((Number) entries.get(0).get("amount")).floatValue());
        assertEquals(second, entries.get(0).get("transaction_reference"));
        assertEquals(-300.00f, ((Number) entries.get(1).get("amount")).floatValue());
        assertEquals(700.00f, ((Number) entries.get(1).get("available_after")).floatValue());
    }

    @Test
    void a_declined_refund_releases_its_amount_for_another() {
        Merchant m = merchant();
        String order = succeededCollection(m, 500, NOWHERE);
        String declined = declinedRef();
        refund(m, body(order, declined, null)).then().statusCode(200).body("refund.amount", equalTo(500.00f));
        // while it is pending, its amount is not refundable
        refund(m, body(order, refundRef(), 1)).then().statusCode(400)
                .body("error_message", equalTo("refund amount exceeds the refundable 0.00 KES"));
        assertEquals("failed", awaitFinal(m, declined));
        JsonPath failed = get(m, declined);
        assertEquals("declined by the provider", failed.getString("failure_reason"));
        assertNotNull(failed.get("completed_at"));
        assertEquals("500.00", available(m));
        assertEquals("0.00", reserved(m));
        assertEquals(0.00f, transaction(m, order).getFloat("refunded_amount"));
        var entries = entries(m);
        assertEquals("refund_release", entries.get(0).get("type"));
        assertEquals(500.00f, ((Number) entries.get(0).get("amount")).floatValue());
        assertEquals(500.00f, ((Number) entries.get(0).get("available_after")).floatValue());
        assertEquals("refund_reserve", entries.get(1).get("type"));

        String again = refundRef();
        refund(m, body(order, again, new BigDecimal("500.00"))).then().statusCode(200);
        assertEquals("succeeded", awaitFinal(m, again));
        assertEquals(500.00f, transaction(m, order).getFloat("refunded_amount"));
        assertEquals("0.00", available(m));
        assertEquals("0.00", reserved(m));
    }

    @Test
    void every_refusal_answers_its_exact_message() {
        Merchant m = merchant();
        Merchant other = merchant();
        String order = succeededCollection(m, 1000, NOWHERE);
        String othersOrder = succeededCollection(other, 1000, NOWHERE);

        // a collection that is not succeeded (the sandbox never answers an account ending in 01)
        Map<String, Object> pendingBody = mpesa("payment", 100, "+254700000101", NOWHERE);
        String pending = (String) ((Map<?, ?>) pendingBody.get("payment_config")).get("reference");
        m.as().body(pendingBody).post("/api/global/payments").then().statusCode(200);
        refusal(m, body(pending, refundRef(), 10), 400, "invalid_argument", "only a succeeded collection can be refunded");
        // a payout is not a collection
        TestMerchants.fundBalance(m, "KES", "500");
        Map<String, Object> payout = mpesa("withdrawal", 100, "+254700000123", NOWHERE);
        String payoutRef = (String) ((Map<?, ?>) payout.get("payment_config")).get("reference");
        m.as().body(payout).post("/api/global/payments").then().statusCode(200);
        RefundFixtures.await(() -> transaction(m, payoutRef).getString("status"), "succeeded", "payout");
        refusal(m, body(payoutRef, refundRef(), 10), 400, "invalid_argument", "only a succeeded collection can be refunded");
        // unknown, and another merchant's collection
        refusal(m, body("no-such-order", refundRef(), 10), 404, "not_found", "transaction \"no-such-order\" does not exist");
        refusal(m, body(othersOrder, refundRef(), 10), 404, "not_found",
                "transaction \"" + othersOrder + "\" does not exist");
        // amount rules
        refusal(m, body(order, refundRef(), new BigDecimal("1.001")), 400, "invalid_argument",
                "amount must have at most two decimal places");
        refusal(m, body(order, refundRef(), 0), 400, "invalid_argument", "amount must be greater than 0");
        refusal(m, body(order, refundRef(), -5), 400, "invalid_argument", "amount must be greater than 0");
        refusal(m, body(order, refundRef(), "12"), 400, "invalid_argument",
                "amount must be a JSON number such as 100 or 100.50, not a string");
        refusal(m, body(order, null, 10), 400, "invalid_argument", "refund_reference is required");
        refusal(m, body(null, refundRef(), 10), 400, "invalid_argument", "merchant_reference is required");
        refusal(m, body(order, refundRef(), new BigDecimal("1000.01")), 400, "invalid_argument",
                "refund amount exceeds the refundable 1000.00 KES");
        // a refund_reference is used once per merchant, on any collection
        String used = refundRef();
        refund(m, body(order, used, 10)).then().statusCode(200);
        refusal(m, body(order, used, 10), 400, "invalid_argument", "refund_reference \"" + used + "\" has already been used");
        // ... but another merchant may use the same one
        refund(other, body(othersOrder, used, 10)).then().statusCode(200);
        // the balance: what the merchant has paid out since is not there to refund (section 9's message)
        TestMerchants.asOperator().body(Map.of("amount", new BigDecimal("-1300.00"), "reference", "drain-" + used,
                        "reason", "test")).post("/api/admin/accounts/" + m.accountId() + "/balances/KES/adjustments")
                .then().statusCode(200);
        assertEquals("75.00", available(m));
        refusal(m, body(order, refundRef(), 200), 400, "insufficient_balance",
                "insufficient balance: 75.00 KES available, 200.00 needed");
        assertEquals("75.00", available(m)); // nothing reserved by a refusal

        // reading: another merchant's refund is 404, as is listing its collection
        m.as().get("/api/global/refunds/" + used).then().statusCode(200).body("refund.merchant_reference", equalTo(order));
        String othersOnly = refundRef();
        refund(other, body(othersOrder, othersOnly, 10)).then().statusCode(200);
        m.as().get("/api/global/refunds/" + othersOnly).then().statusCode(404).body("error_code", equalTo("not_found"))
                .body("error_message", equalTo("refund \"" + othersOnly + "\" does not exist"));
        m.as().get("/api/global/refunds?merchant_reference=" + othersOrder).then().statusCode(404)
                .body("error_code", equalTo("not_found"));
        m.as().get("/api/global/refunds?limit=0").then().statusCode(400)
                .body("error_message", equalTo("limit must be an integer from 1 to 100"));
        m.as().get("/api/global/refunds?starting_after=" + othersOnly).then().statusCode(400)
                .body("error_message", equalTo("starting_after \"" + othersOnly + "\" is not a refund reference"));
    }

    private static void refusal(Merchant m, Map<String, Object> body, int status, String code, String message) {
        var r = refund(m, body).then().statusCode(status).body("error_code", equalTo(code)).body("status_code", equalTo(status));
        if (message != null) {
            r.body("error_message", equalTo(message));
        }
    }

    @Test
    void refunds_list_newest_first_by_collection_with_pages() {
        Merchant m = merchant();
        Merchant other = merchant();
        String a = succeededCollection(m, 1000, NOWHERE);
        String b = succeededCollection(m, 1000, NOWHERE);
        String otherOrder = succeededCollection(other, 1000, NOWHERE);
        String a1 = refundRef();
        String b1 = refundRef();
        String a2 = refundRef();
        refund(m, body(a, a1, 10)).then().statusCode(200);
        refund(m, body(b, b1, 10)).then().statusCode(200);
        refund(m, body(a, a2, 10)).then().statusCode(200);
        refund(other, body(otherOrder, refundRef(), 10)).then().statusCode(200);

        JsonPath all = m.as().get("/api/global/refunds").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(a2, b1, a1), all.getList("refunds.refund_reference"));
        assertFalse(all.getBoolean("has_more"));
        JsonPath ofA = m.as().get("/api/global/refunds?merchant_reference=" + a + "&limit=1").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of(a2), ofA.getList("refunds.refund_reference"));
        assertTrue(ofA.getBoolean("has_more"));
        JsonPath next = m.as().get("/api/global/refunds?merchant_reference=" + a + "&limit=1&starting_after=" + a2)
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(a1), next.getList("refunds.refund_reference"));
        assertFalse(next.getBoolean("has_more"));
    }

    @Test
    void an_idempotency_key_replays_the_first_answer_and_refunds_once() {
        Merchant m = merchant();
        String order = succeededCollection(m, 1000, NOWHERE);
        String key = "idem-" + refundRef();
        var body = body(order, refundRef(), 250);
        String first = refundWith(m.as().header("Idempotency-Key", key), body);
        String replay = refundWith(m.as().header("Idempotency-Key", key), body);
        assertEquals(first, replay);
        assertEquals("750.00", available(m));
        assertEquals(1, m.as().get("/api/global/refunds?merchant_reference=" + order).then().statusCode(200).extract()
                .jsonPath().getList("refunds").size());
        m.as().header("Idempotency-Key", key).body(body(order, refundRef(), 10)).post("/api/global/refunds").then()
                .statusCode(422).body("error_code", equalTo("idempotency_key_reused"));
        // another merchant's same key is its own
        Merchant other = merchant();
        String otherOrder = succeededCollection(other, 1000, NOWHERE);
        other.as().header("Idempotency-Key", key).body(body(otherOrder, refundRef(), 10)).post("/api/global/refunds")
                .then().statusCode(200);
    }

    private static String refundWith(io.restassured.specification.RequestSpecification spec, Map<String, Object> body) {
        return spec.body(body).post("/api/global/refunds").then().statusCode(200).extract().asString();
    }

    @Test
    void refund_events_go_signed_to_the_collections_callback_url_and_are_listed() {
        Merchant m = merchant();
        try (CallbackReceiver cb = new CallbackReceiver()) {
            String order = succeededCollection(m, 1000, cb.url("/orders"));
            String ok = refundRef();
            String declined = declinedRef();
            refund(m, body(order, ok, 100)).then().statusCode(200);
            refund(m, body(order, declined, 100)).then().statusCode(200);
            var succeeded = cb.await(r -> r.body().contains("\"refund.succeeded\""), 1, Duration.ofSeconds(20)).get(0);
            var failed = cb.await(r -> r.body().contains("\"refund.failed\""), 1, Duration.ofSeconds(20)).get(0);
            succeeded.verify(m.webhookSecret());
            failed.verify(m.webhookSecret());
            assertEquals("/orders", succeeded.path());
            JsonPath s = JsonPath.from(succeeded.body());
            assertEquals("refund.succeeded", s.getString("type"));
            assertEquals(ok, s.getString("data.refund.refund_reference"));
            assertEquals("succeeded", s.getString("data.refund.status"));
            assertEquals(100.00f, s.getFloat("data.refund.amount"));
            JsonPath f = JsonPath.from(failed.body());
            assertEquals(declined, f.getString("data.refund.refund_reference"));
            assertEquals("declined by the provider", f.getString("data.refund.failure_reason"));

            JsonPath events = m.as().get("/api/global/events?type=refund.succeeded").then().statusCode(200).extract()
                    .jsonPath();
            assertEquals(List.of("refund.succeeded"), events.getList("events.type"));
            assertEquals(succeeded.header("webhook-id"), events.getString("events[0].id"));
            m.as().get("/api/global/events?type=refund.failed").then().statusCode(200)
                    .body("events[0].data.refund.refund_reference", equalTo(declined));
        }
    }

    @Test
    void the_database_refuses_a_refund_leaving_a_final_status() throws Exception {
        Merchant m = merchant();
        String order = succeededCollection(m, 100, NOWHERE);
        String ref = refundRef();
        refund(m, body(order, ref, 10)).then().statusCode(200);
        assertEquals("succeeded", awaitFinal(m, ref));
        for (String to : List.of("failed", "pending")) {
            try (var c = dataSource.getConnection();
                 var ps = c.prepareStatement("UPDATE refunds SET status = ? WHERE account_id = ? AND refund_reference = ?")) {
                ps.setString(1, to);
                ps.setLong(2, m.accountId());
                ps.setString(3, ref);
                var e = assertThrows(java.sql.SQLException.class, ps::executeUpdate);
                assertTrue(e.getMessage().contains("illegal refund transition: succeeded -> " + to), e.getMessage());
            }
        }
        m.as().get("/api/global/refunds/" + ref).then().statusCode(200).body("refund.status", equalTo("succeeded"))
                .body("refund.failure_reason", nullValue());
    }
}
