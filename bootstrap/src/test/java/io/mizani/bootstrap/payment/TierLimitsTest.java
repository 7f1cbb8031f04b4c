package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.*;

/** Team tier limits (platform.md section 9). Limits are platform-wide: every test puts them back to none. */
@QuarkusTest
class TierLimitsTest {

    @AfterEach
    void noLimits() {
        put(Map.of("tiers", Map.of())).then().statusCode(200);
    }

    static Response put(Object body) {
        return TestMerchants.asOperator().body(body).put("/api/admin/tier-limits");
    }

    static Map<String, Object> tier(Object withdrawal, Object collection) {
        var m = new HashMap<String, Object>();
        m.put("withdrawal_daily_usd", withdrawal);
        m.put("collection_daily_usd", collection);
        return m;
    }

    static String refOf(Map<String, Object> body) {
        return (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
    }

    @Test
    void a_limit_s_bounds_have_one_home_and_the_answer_names_where_the_value_is() {
        // up to 15 integer digits (the domain's rule, TierLimits.Limit): 10^12 is a limit like any other
        put(Map.of("tiers", Map.of("1", tier(new java.math.BigDecimal("1000000000000"), null)))).then().statusCode(200)
                .body("tiers.1.withdrawal_daily_usd", equalTo(1000000000000L));
        put(Map.of("tiers", Map.of("1", tier(new java.math.BigDecimal("1000000000000000"), null)))).then()
                .statusCode(400).body("error_message", equalTo("tiers.1.withdrawal_daily_usd is too large"));
        put(Map.of("tiers", Map.of("2", tier(null, -1)))).then().statusCode(400)
                .body("error_message", equalTo("tiers.2.collection_daily_usd must be zero or more"));
        put(Map.of("tiers", Map.of("0", tier(1.005, null)))).then().statusCode(400)
                .body("error_message", equalTo("tiers.0.withdrawal_daily_usd must have at most two decimal places"));
    }

    @Test
    void limits_are_read_and_replaced_by_operators_only_and_bad_values_are_refused() {
        TestMerchants.asOperator().get("/api/admin/tier-limits").then().statusCode(200).body("tiers", anEmptyMap());
        var w = new HashMap<String, Object>();
        w.put("withdrawal_daily_usd", 500);
        put(Map.of("tiers", Map.of("0", tier(100, 50.5), "2", w))).then().statusCode(200)
                .body("tiers.0.withdrawal_daily_usd", equalTo(100))
                .body("tiers.0.collection_daily_usd", equalTo(50.5f))
                .body("tiers.2.withdrawal_daily_usd", equalTo(500))
                .body("tiers.2", hasKey("collection_daily_usd"))
                .body("tiers.2.collection_daily_usd", nullValue())
                .body("tiers", not(hasKey("1")));
        TestMerchants.asOperator().get("/api/admin/tier-limits").then().statusCode(200)
                .body("tiers.0.withdrawal_daily_usd", equalTo(100)).body("tiers.2.withdrawal_daily_usd", equalTo(500));
        for (Object bad : List.of(Map.of("tiers", Map.of("4", tier(1, 1))), Map.of("tiers", Map.of("x", tier(1, 1))),
                Map.of("tiers", Map.of("0", tier(-1, null))), Map.of("tiers", Map.of("0", tier("100", null))),
                Map.of("tiers", Map.of("0", tier(1.005, null))), Map.of("tiers", Map.of("0", Map.of("daily", 5))),
                Map.of("tiers", List.of()), Map.of("limits", Map.of()), Map.of("tiers", Map.of("1", 5)))) {
            put(bad).then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        }
        TestMerchants.asOperator().get("/api/admin/tier-limits").then().body("tiers.0.withdrawal_daily_usd", equalTo(100));
        Merchant m = TestMerchants.onboard();
        m.as().get("/api/admin/tier-limits").then().statusCode(403);
        m.as().body(Map.of("tiers", Map.of())).put("/api/admin/tier-limits").then().statusCode(403);
    }

    @Test
    void a_daily_withdrawal_limit_counts_accepted_payments_and_gives_failed_ones_back() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "10000");
        // a payment accepted before the limit is set counts too (the counter starts from the day's payments)
        m.as().body(mpesa("withdrawal", 129, "+254700000101", "http://127.0.0.1:9/x")).post("/api/global/payments")
                .then().statusCode(200); // 1.00 USD
        put(Map.of("tiers", Map.of("0", tier(3, null)))).then().statusCode(200);
        var declined = mpesa("withdrawal", 129, "+254700000100", "http://127.0.0.1:9/x"); // fails: gives 1 USD back
        m.as().body(declined).post("/api/global/payments").then().statusCode(200);
        m.as().body(mpesa("withdrawal", 129, "+254700000101", "http://127.0.0.1:9/x")).post("/api/global/payments")
                .then().statusCode(200); // 3.00 USD: at the limit, allowed
        var over = mpesa("withdrawal", 20, "+254700000101", "http://127.0.0.1:9/x"); // 0.16 USD more
        m.as().body(over).post("/api/global/payments").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("daily withdrawal limit of 3 USD for kyc tier 0 reached"))
                .body("status_code", equalTo(400));
        m.as().body(Map.of("merchant_reference", refOf(over))).post("/api/global/transaction-status").then().statusCode(404);
        // collections are not withdrawals; another Team has its own counter
        m.as().body(mpesa("payment", 1000, "+254700000101", "http://127.0.0.1:9/x")).post("/api/global/payments")
                .then().statusCode(200);
        TestMerchants.fundBalance(other, "KES", "1000");
        other.as().body(mpesa("withdrawal", 300, "+254700000101", "http://127.0.0.1:9/x")).post("/api/global/payments")
                .then().statusCode(200);
        // the declined one fails: its 1 USD is given back and the next payment fits
        PaymentsApiTest.awaitStatus(m, refOf(declined), Set.of("failed"), Duration.ofSeconds(10));
        m.as().body(over).post("/api/global/payments").then().statusCode(200);
        // the limit is judged before the balance: an unfunded Team over the limit hears about the limit
        Merchant broke = TestMerchants.onboard();
        assign(broke, "mpesa_ke");
        broke.as().body(mpesa("withdrawal", 400, "+254700000101", "http://127.0.0.1:9/x")).post("/api/global/payments")
                .then().statusCode(400).body("error_message", equalTo("daily withdrawal limit of 3 USD for kyc tier 0 reached"));
        broke.as().body(mpesa("withdrawal", 100, "+254700000101", "http://127.0.0.1:9/x")).post("/api/global/payments")
                .then().statusCode(400).body("error_code", equalTo("insufficient_balance"));
        // no limit for the tier: no refusal
        put(Map.of("tiers", Map.of("1", tier(1, 1)))).then().statusCode(200);
        m.as().body(mpesa("withdrawal", 1000, "+254700000101", "http://127.0.0.1:9/x")).post("/api/global/payments")
                .then().statusCode(200);
    }

    @Test
    void twenty_concurrent_collections_under_a_5_usd_limit_accept_exactly_five() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        put(Map.of("tiers", Map.of("0", tier(null, 5)))).then().statusCode(200);
        var go = new CountDownLatch(1);
        List<Callable<Response>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            var body = mpesa("payment", 129, "+254700000101", "http://127.0.0.1:9/x"); // 1.00 USD each
            calls.add(() -> {
                go.await();
                return m.as().body(body).post("/api/global/payments");
            });
        }
        var pool = Executors.newFixedThreadPool(20);
        List<Response> out = new ArrayList<>();
        try {
            var futures = calls.stream().map(pool::submit).toList();
            go.countDown();
            for (var f : futures) {
                out.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(Map.of(200, 5L, 400, 15L),
                out.stream().collect(Collectors.groupingBy(Response::statusCode, Collectors.counting())));
        out.stream().filter(r -> r.statusCode() == 400).forEach(r -> assertEquals(
                "daily collection limit of 5 USD for kyc tier 0 reached", r.jsonPath().getString("error_message")));
    }
}
