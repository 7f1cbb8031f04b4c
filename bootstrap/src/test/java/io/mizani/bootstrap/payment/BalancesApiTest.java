package io.mizani.bootstrap.payment;

import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentFinaliser;
import io.mizani.application.payment.PaymentStore;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.payment.PaymentStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.*;

/** Payment balances (platform.md section 9): ledger, funded withdrawals, credited collections, adjustments. */
@QuarkusTest
class BalancesApiTest {

    static CallbackReceiver receiver;

    @Inject
    PaymentFinaliser finaliser;
    @Inject
    PaymentFunds funds;
    @Inject
    PaymentStore store;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    DataSource dataSource;

    @BeforeAll
    static void startReceiver() {
        receiver = new CallbackReceiver();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close();
    }

    static Merchant merchant() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke", "pesalink_ke");
        return m;
    }

    static io.restassured.response.Response adjust(long accountId, String currency, Object amount, String reference) {
        var body = new HashMap<String, Object>();
        body.put("amount", amount);
        body.put("reference", reference);
        body.put("reason", "test");
        return TestMerchants.asOperator().body(body)
                .post("/api/admin/accounts/" + accountId + "/balances/" + currency + "/adjustments");
    }

    static JsonPath balances(Merchant m) {
        return m.as().get("/api/global/balances").then().statusCode(200).extract().jsonPath();
    }

    static Map<String, Object> balance(Merchant m, String currency) {
        List<Map<String, Object>> rows = balances(m).getList("balances");
        return rows.stream().filter(r -> currency.equals(r.get("currency"))).findFirst().orElse(null);
    }

    static float available(Merchant m, String currency) {
        var b = balance(m, currency);
        return b == null ? 0f : ((Number) b.get("available")).floatValue();
    }

    static float reserved(Merchant m, String currency) {
        return ((Number) balance(m, currency).get("reserved")).floatValue();
    }

    static List<Map<String, Object>> entries(Merchant m, String currency) {
        return m.as().get("/api/global/balances/" + currency + "/entries").then().statusCode(200)
                .extract().jsonPath().getList("entries");
    }

    static String refOf(Map<String, Object> body) {
        return (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
    }

    static void insufficient(Merchant m, Map<String, Object> body, String message) {
        m.as().body(body).post("/api/global/payments").then().statusCode(400)
                .body("error_code", equalTo("insufficient_balance"))
                .body("error_message", equalTo(message))
                .body("status_code", equalTo(400));
    }

    long paymentId(String serviceReference) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("SELECT id FROM payments WHERE reference = ?")) {
            ps.setString(1, serviceReference);
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return rs.getLong(1);
            }
        }
    }

    static String serviceReference(Merchant m, String merchantReference) {
        return PaymentsApiTest.status(m, merchantReference).getString("transaction.reference");
    }

    @Test
    void a_new_merchant_has_no_balance_and_an_unknown_currency_has_no_entries() {
        Merchant m = merchant();
        m.as().get("/api/global/balances").then().statusCode(200).body("balances", empty());
        m.as().get("/api/global/balances/KES/entries").then().statusCode(200)
                .body("entries", empty()).body("has_more", equalTo(false));
        m.as().get("/api/global/balances/XYZ/entries").then().statusCode(200)
                .body("entries", empty()).body("has_more", equalTo(false));
        given().get("/api/global/balances").then().statusCode(401);
    }

    @Test
    void an_adjustment_applies_once_per_reference_and_never_goes_negative() {
        Merchant m = merchant();
        String ref = "adj-" + ref();
        String raw = adjust(m.accountId(), "KES", new BigDecimal("1000.50"), ref).then().statusCode(200)
                .body("account_id", equalTo((int) m.accountId())).body("currency", equalTo("KES"))
                .extract().asString();
        JsonPath first = new JsonPath(raw);
        assertEquals(1000.50f, first.getFloat("available"));
        assertTrue(raw.contains("\"available\":1000.50"), raw);
        JsonPath again = adjust(m.accountId(), "kes", new BigDecimal("1000.50"), ref).then().statusCode(200).extract().jsonPath();
        assertEquals(first.getMap("$"), again.getMap("$"));
        assertEquals(1000.50f, available(m, "KES"));
        // a reference reused for another amount is refused
        adjust(m.accountId(), "KES", 5, ref).then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        // negative: allowed down to zero, refused below with the balance message
        adjust(m.accountId(), "KES", new BigDecimal("-1000.51"), "adj-" + ref()).then().statusCode(400)
                .body("error_code", equalTo("insufficient_balance"))
                .body("error_message", equalTo("insufficient balance: 1000.50 KES available, 1000.51 needed"));
        adjust(m.accountId(), "KES", new BigDecimal("-0.50"), "adj-" + ref()).then().statusCode(200)
                .body("available", equalTo(1000.0f));
        var e = entries(m, "KES");
        assertEquals(2, e.size());
        assertEquals("adjustment", e.get(0).get("type"));
        assertEquals(-0.5f, ((Number) e.get(0).get("amount")).floatValue());
        assertEquals(1000.0f, ((Number) e.get(0).get("available_after")).floatValue());
        assertNull(e.get(0).get("transaction_reference"));
        assertEquals("KES", e.get(0).get("currency"));
        assertNotNull(e.get(0).get("created_at"));
        assertEquals(Set.of("id", "type", "amount", "currency", "available_after", "transaction_reference", "created_at"),
                e.get(0).keySet());
        // bad requests
        adjust(m.accountId(), "KES", new BigDecimal("1.005"), "adj-" + ref()).then().statusCode(400);
        adjust(m.accountId(), "KES", 0, "adj-" + ref()).then().statusCode(400);
        adjust(m.accountId(), "KES", 10, null).then().statusCode(400);
        adjust(m.accountId(), "XYZ", 10, "adj-" + ref()).then().statusCode(400);
        adjust(m.accountId(), "KES", "ten", "adj-" + ref()).then().statusCode(400);
        adjust(999_999_999L, "KES", 10, "adj-" + ref()).then().statusCode(404);
        // merchants never reach it
        m.as().body(Map.of("amount", 10, "reference", "x")).post("/api/admin/accounts/" + m.accountId()
                + "/balances/KES/adjustments").then().statusCode(403);
        assertEquals(1000.0f, available(m, "KES"));
    }

    @Test
    void an_applied_adjustment_is_a_balance_adjusted_event_once_and_a_refused_one_is_none() {
        Merchant m = merchant();
        Merchant other = merchant();
        String ref = "adj-" + ref();
        adjust(m.accountId(), "NGN", new BigDecimal("250.00"), ref).then().statusCode(200);
        adjust(m.accountId(), "NGN", new BigDecimal("250.00"), ref).then().statusCode(200);          // repeat: no event
        adjust(m.accountId(), "NGN", new BigDecimal("-900.00"), "adj-" + ref()).then().statusCode(400); // refused: none
        JsonPath list = m.as().queryParam("type", "balance.adjusted").get("/api/global/events").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(1, list.getList("events").size(), list.prettify());
        assertEquals("balance.adjusted", list.getString("events[0].type"));
        assertEquals(Map.of("currency", "NGN", "amount", 250.0f, "available", 250.0f, "reference", ref),
                list.getMap("events[0].data"));
        assertEquals("no_endpoint", list.getString("events[0].delivery.status"));
        other.as().get("/api/global/events/" + list.getString("events[0].id")).then().statusCode(404);
    }

    @Test
    void ten_concurrent_repeats_of_one_adjustment_apply_it_once_and_all_answer_the_same_body() throws Exception {
        Merchant m = merchant();
        String ref = "adj-race-" + ref();
        var go = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(10);
        List<String> bodies = new ArrayList<>();
        try {
            var futures = new ArrayList<java.util.concurrent.Future<io.restassured.response.Response>>();
            for (int i = 0; i < 10; i++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    return adjust(m.accountId(), "KES", new BigDecimal("100.00"), ref);
                }));
            }
            go.countDown();
            for (var f : futures) {
                var r = f.get();
                assertEquals(200, r.statusCode(), r.asString());
                bodies.add(r.asString());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, new java.util.HashSet<>(bodies).size(), bodies.toString());
        assertTrue(bodies.get(0).contains("\"available\":100.00"), bodies.get(0));
        assertEquals(100f, available(m, "KES"));
        assertEquals(1, entries(m, "KES").size());
    }

    @Test
    void a_withdrawal_reserves_amount_plus_fee_and_the_exact_refusal_when_short() {
        Merchant m = merchant();
        TestMerchants.fundBalance(m, "KES", "200");
        var held = mpesa("withdrawal", 100, "+254700000101", receiver.url("/w")); // "…01": stays pending
        m.as().body(held).post("/api/global/payments").then().statusCode(200);
        var b = balance(m, "KES");
        assertEquals(85f, ((Number) b.get("available")).floatValue());
        assertEquals(115f, ((Number) b.get("reserved")).floatValue());
        var second = mpesa("withdrawal", 100, "+254700000123", receiver.url("/w"));
        insufficient(m, second, "insufficient balance: 85.00 KES available, 115.00 needed");
        // nothing was queued for the refused one
        m.as().body(Map.of("merchant_reference", refOf(second))).post("/api/global/transaction-status")
                .then().statusCode(404);
        // no balance at all in NGN: 0.00 available
        assign(m, "mpesa_ke", "pesalink_ke", "nip_ng");
        var ngn = body("withdrawal", "bank", "nip_ng", 1000, "NGN", "NG",
                new HashMap<>(Map.of("first_name", "Ada", "last_name", "Obi", "email", "a@example.com", "phone", "+254700000123",
                        "dob", "1990-01-01")),
                network("nip_ng", "net_ng_nip", "NIP", "NIP", "bank"), paymentConfig(ref(), "0123456789", receiver.url("/w")));
        insufficient(m, ngn, "insufficient balance: 0.00 NGN available, 1050.00 needed");
        // funded again, the same request is accepted; the sandbox settles it and its reservation is consumed
        TestMerchants.fundBalance(m, "KES", "30");
        m.as().body(second).post("/api/global/payments").then().statusCode(200);
        PaymentsApiTest.awaitStatus(m, refOf(second), Set.of("succeeded"), Duration.ofSeconds(10));
        b = balance(m, "KES");
        assertEquals(0f, ((Number) b.get("available")).floatValue());
        assertEquals(115f, ((Number) b.get("reserved")).floatValue());
        var e = entries(m, "KES");
        assertEquals(List.of("withdrawal_reserve", "adjustment", "withdrawal_reserve", "adjustment"),
                e.stream().map(x -> x.get("type")).toList());
        assertEquals(-115f, ((Number) e.get(0).get("amount")).floatValue());
        assertEquals(0f, ((Number) e.get(0).get("available_after")).floatValue());
        assertEquals(serviceReference(m, refOf(second)), e.get(0).get("transaction_reference"));
        assertEquals(85f, ((Number) e.get(2).get("available_after")).floatValue());
    }

    @Test
    void insufficient_balance_comes_after_every_other_refusal() {
        Merchant m = merchant();
        assign(m, "mpesa_ke", "airtel_ke");
        // body, amount and channel refusals win over an empty balance
        PaymentsApiTest.refused(m, mpesa("withdrawal", 15, "+254700000123", receiver.url("/o")), 400,
                "invalid_argument", "the transaction amount is insufficient as it wont cater for cost: (15)");
        PaymentsApiTest.refused(m, mpesa("withdrawal", 9, "+254700000123", receiver.url("/o")), 400,
                "invalid_argument", "amount must be between 10 and 150000 KES");
        var inactive = mpesa("withdrawal", 100, "+254700000123", receiver.url("/o"));
        inactive.put("provider", "airtel_ke");
        inactive.put("provider_config", network("airtel_ke", "net_ke_airtel", "Airtel Money", "AIRTEL", "momo"));
        PaymentsApiTest.refused(m, inactive, 400, "invalid_argument", "The passed channel is not active");
        // the tier-0 envelope too (a tier-0 beneficiary, 20 USD)
        String uuid = BeneficiaryFixtures.tier0(m);
        var t0 = mpesa("withdrawal", 2580, null, receiver.url("/o"));
        t0.put("customer", new HashMap<>(Map.of("customer_uuid", uuid)));
        m.as().body(t0).post("/api/global/payments").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("message", equalTo("full KYC information is required for the transaction"));
        // a refused withdrawal leaves the tier-0 count as it was
        var ok = mpesa("withdrawal", 1290, null, receiver.url("/o"));
        ok.put("customer", new HashMap<>(Map.of("customer_uuid", uuid)));
        insufficient(m, ok, "insufficient balance: 0.00 KES available, 1305.00 needed");
        assertEquals(0f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
    }

    @Test
    void a_failed_withdrawal_releases_its_reservation_once() throws Exception {
        Merchant m = merchant();
        TestMerchants.fundBalance(m, "KES", "515");
        var declined = mpesa("withdrawal", 500, "+254700000100", receiver.url("/f"));
        m.as().body(declined).post("/api/global/payments").then().statusCode(200);
        assertEquals(0f, available(m, "KES"));
        assertEquals("failed", PaymentsApiTest.awaitStatus(m, refOf(declined), Set.of("succeeded", "failed"),
                Duration.ofSeconds(10)));
        assertEquals(515f, available(m, "KES"));
        assertEquals(0f, reserved(m, "KES"));
        var e = entries(m, "KES");
        assertEquals(List.of("withdrawal_release", "withdrawal_reserve", "adjustment"),
                e.stream().map(x -> x.get("type")).toList());
        assertEquals(515f, ((Number) e.get(0).get("amount")).floatValue());
        assertEquals(515f, ((Number) e.get(0).get("available_after")).floatValue());
        // a worker replay of the failure moves nothing
        String reference = serviceReference(m, refOf(declined));
        long id = paymentId(reference);
        var p = store.findById(id).orElseThrow();
        unitOfWork.run(() -> funds.onFinal(p, PaymentStatus.FAILED));
        unitOfWork.run(() -> funds.onFinal(p, PaymentStatus.FAILED));
        assertFalse(unitOfWork.inTransaction(() -> finaliser.finish(id, PaymentStatus.PENDING, PaymentStatus.FAILED,
                Instant.now(), null, "replay")));
        assertEquals(515f, available(m, "KES"));
        assertEquals(3, entries(m, "KES").size());
        // the released funds pay the next withdrawal
        m.as().body(mpesa("withdrawal", 500, "+254700000123", receiver.url("/f"))).post("/api/global/payments")
                .then().statusCode(200);
        assertEquals(0f, available(m, "KES"));
    }

    @Test
    void a_succeeded_collection_credits_amount_minus_fee_once_under_replays_and_racing_workers() throws Exception {
        Merchant m = merchant();
        // pesalink deposit: fee 50 → 1000 credits 950; "…01" stays pending: we settle it ourselves, from 8 threads
        var pending = body("payment", "bank", "pesalink_ke", 1000, "KES", "KE",
                new HashMap<>(Map.of("first_name", "Ada", "last_name", "Obi", "email", "a@example.com", "phone", "+254700000123",
                        "dob", "1990-01-01")),
                network("pesalink_ke", "net_ke_pesalink", "PesaLink", "PESALINK", "bank"),
                paymentConfig(ref(), "0123456701", receiver.url("/c")));
        m.as().body(pending).post("/api/global/payments").then().statusCode(200);
        String reference = serviceReference(m, refOf(pending));
        long id = paymentId(reference);
        PaymentsApiTest.awaitStatus(m, refOf(pending), Set.of("pending"), Duration.ofSeconds(10));
        assertNull(balance(m, "KES"), "no entry yet: no balance row");
        TestMerchants.fundBalance(m, "KES", "1");
        assertEquals(1000f, ((Number) balance(m, "KES").get("incoming")).floatValue());

        var pool = Executors.newFixedThreadPool(8);
        var go = new CountDownLatch(1);
        var wins = new java.util.concurrent.atomic.AtomicInteger();
        try {
            var calls = new ArrayList<Callable<Void>>();
            for (int i = 0; i < 8; i++) {
                calls.add(() -> {
                    go.await();
                    if (unitOfWork.inNewTransaction(() -> finaliser.finish(id, PaymentStatus.PENDING,
                            PaymentStatus.SUCCEEDED, Instant.now(), "PR-1", null))) {
                        wins.incrementAndGet();
                    }
                    return null;
                });
            }
            var futures = calls.stream().map(pool::submit).toList();
            go.countDown();
            for (var f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, wins.get());
        assertEquals(951f, available(m, "KES"));
        assertEquals(0f, ((Number) balance(m, "KES").get("incoming")).floatValue());
        // a replayed worker that got past the status guard still credits nothing more (unique entry per payment)
        var p = store.findById(id).orElseThrow();
        unitOfWork.run(() -> funds.onFinal(p, PaymentStatus.SUCCEEDED));
        unitOfWork.run(() -> funds.onFinal(p, PaymentStatus.SUCCEEDED));
        assertEquals(951f, available(m, "KES"));
        var e = entries(m, "KES");
        assertEquals("collection", e.get(0).get("type"));
        assertEquals(950f, ((Number) e.get(0).get("amount")).floatValue());
        assertEquals(951f, ((Number) e.get(0).get("available_after")).floatValue());
        assertEquals(reference, e.get(0).get("transaction_reference"));
        assertEquals(2, e.size());

        // M-Pesa deposit (fee 0) through the sandbox worker: 100 credited; a failed collection moves nothing
        var ok = mpesa("payment", 100, "+254700000123", receiver.url("/c"));
        var failed = mpesa("payment", 100, "+254700000100", receiver.url("/c"));
        m.as().body(ok).post("/api/global/payments").then().statusCode(200);
        m.as().body(failed).post("/api/global/payments").then().statusCode(200);
        PaymentsApiTest.awaitStatus(m, refOf(ok), Set.of("succeeded"), Duration.ofSeconds(10));
        PaymentsApiTest.awaitStatus(m, refOf(failed), Set.of("failed"), Duration.ofSeconds(10));
        assertEquals(1051f, available(m, "KES"));
        assertEquals(3, entries(m, "KES").size());
    }

    @Test
    void entries_are_paged_newest_first() {
        Merchant m = merchant();
        for (int i = 1; i <= 21; i++) {
            TestMerchants.fundBalance(m, "KES", String.valueOf(i));
        }
        JsonPath all = m.as().get("/api/global/balances/KES/entries").then().statusCode(200).extract().jsonPath();
        assertEquals(20, all.getList("entries").size());
        assertTrue(all.getBoolean("has_more"));
        JsonPath page = m.as().queryParam("limit", 2).get("/api/global/balances/KES/entries").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of(21f, 20f), page.getList("entries.amount", Float.class));
        assertTrue(page.getBoolean("has_more"));
        long last = page.getLong("entries[1].id");
        page = m.as().queryParam("limit", 2).queryParam("starting_after", last).get("/api/global/balances/KES/entries")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(19f, 18f), page.getList("entries.amount", Float.class));
        assertEquals(List.of(190f, 171f), page.getList("entries.available_after", Float.class));
        page = m.as().queryParam("limit", 100).queryParam("starting_after", page.getLong("entries[1].id"))
                .get("/api/global/balances/KES/entries").then().statusCode(200).extract().jsonPath();
        assertEquals(17, page.getList("entries").size());
        assertEquals(1f, page.getFloat("entries[16].amount"));
        assertFalse(page.getBoolean("has_more"));
        for (String bad : List.of("0", "101", "x", "-1")) {
            m.as().queryParam("limit", bad).get("/api/global/balances/KES/entries").then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument"));
        }
        m.as().queryParam("starting_after", "abc").get("/api/global/balances/KES/entries").then().statusCode(400);
        m.as().queryParam("starting_after", 999_999_999L).get("/api/global/balances/KES/entries").then().statusCode(400)
                .body("error_message", equalTo("starting_after \"999999999\" is not an entry of this balance"));
    }

    @Test
    void another_merchants_balances_and_entries_never_show() {
        Merchant a = merchant();
        Merchant b = merchant();
        TestMerchants.fundBalance(a, "KES", "700");
        TestMerchants.fundBalance(a, "GHS", "5");
        assertEquals(List.of("GHS", "KES"), balances(a).getList("balances.currency"));
        assertEquals(List.of(), balances(b).getList("balances"));
        long entryOfA = ((Number) entries(a, "KES").get(0).get("id")).longValue();
        assertEquals(List.of(), entries(b, "KES"));
        // another merchant's entry is no cursor of b's: the same 400 as an unknown one (one rule for every cursor)
        b.as().queryParam("starting_after", entryOfA).get("/api/global/balances/KES/entries").then()
                .statusCode(400).body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("starting_after \"" + entryOfA + "\" is not an entry of this balance"));
        // b's withdrawal is not paid from a's money
        insufficient(b, mpesa("withdrawal", 100, "+254700000123", receiver.url("/i")),
                "insufficient balance: 0.00 KES available, 115.00 needed");
        assertEquals(700f, available(a, "KES"));
    }

    @Test
    void the_sandbox_demo_merchant_starts_with_a_million_in_every_sandbox_currency() {
        var demo = given().auth().preemptive().basic("demo", "demo-secret");
        List<Map<String, Object>> rows = demo.get("/api/global/balances").then().statusCode(200)
                .extract().jsonPath().getList("balances");
        assertEquals(Set.of("GHS", "KES", "NGN", "UGX", "ZAR"),
                rows.stream().map(r -> (String) r.get("currency")).collect(java.util.stream.Collectors.toSet()));
        for (String c : List.of("GHS", "NGN", "UGX", "ZAR")) {
            List<Map<String, Object>> e = demo.get("/api/global/balances/" + c + "/entries").then().statusCode(200)
                    .extract().jsonPath().getList("entries");
            assertEquals("adjustment", e.get(e.size() - 1).get("type"));
            assertEquals(1_000_000f, ((Number) e.get(e.size() - 1).get("amount")).floatValue());
        }
    }
}
