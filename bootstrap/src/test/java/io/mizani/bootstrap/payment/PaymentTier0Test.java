package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.*;

/** Beneficiary payments and the tier-0 envelope, end to end over HTTP. */
@QuarkusTest
class PaymentTier0Test {

    static final String TIER0_REFUSAL = "full KYC information is required for the transaction";
    static CallbackReceiver receiver;

    @BeforeAll
    static void start() {
        receiver = new CallbackReceiver();
    }

    @AfterAll
    static void stop() {
        receiver.close();
    }

    static Merchant merchant() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke", "pesalink_ke", "nip_ng", "eft_za");
        TestMerchants.fundBalance(m, "NGN", "10000");
        TestMerchants.fundBalance(m, "ZAR", "10000");
        return m;
    }

    static Map<String, Object> byBeneficiary(String uuid, Object amountKes, String accountNumber) {
        var body = mpesa("payment", amountKes, accountNumber, receiver.url("/t0"));
        var customer = new HashMap<String, Object>();
        customer.put("customer_uuid", uuid);
        body.put("customer", customer);
        return body;
    }

    static Response pay(Merchant m, Map<String, Object> body) {
        return m.as().body(body).post("/api/global/payments");
    }

    static void refusedTier0(Merchant m, Map<String, Object> body) {
        pay(m, body).then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("message", equalTo(TIER0_REFUSAL))
                .body("$", not(hasKey("error_message")));
    }

    @Test
    void tier0_payment_is_accepted_counted_and_takes_identity_and_account_from_the_beneficiary() {
        Merchant m = merchant();
        String uuid = BeneficiaryFixtures.tier0(m, "+254722000555");
        var body = byBeneficiary(uuid, 1290, null);
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        pay(m, body).then().statusCode(200).body("merchant_reference", equalTo(ref));
        assertEquals(10.00f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
        JsonPath t = m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(uuid, t.getString("transaction.beneficiary_uuid"));
        assertEquals(10.00f, t.getFloat("transaction.amount_usd"));
        // legacy alias customer_uid, and a field sent alongside overrides for this payment only
        var legacy = mpesa("payment", 129, "+254722000999", receiver.url("/t0"));
        legacy.put("customer", Map.of("customer_uid", uuid, "first_name", "Override"));
        pay(m, legacy).then().statusCode(200);
        m.as().get("/api/global/beneficiaries/" + uuid).then().statusCode(200)
                .body("first_name", equalTo("Wanjiru"))
                .body("account_number", equalTo("+254722000555"));
        assertEquals(11.00f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
    }

    @Test
    void tier0_refuses_20_usd_and_more_per_transaction() {
        Merchant m = merchant();
        String uuid = BeneficiaryFixtures.tier0(m);
        refusedTier0(m, byBeneficiary(uuid, 2580, null)); // 20.00 USD
        pay(m, byBeneficiary(uuid, 2579, null)).then().statusCode(200); // 19.99 USD
    }

    @Test
    void tier0_lifetime_cap_reached_refuses_further_payments() {
        Merchant m = merchant();
        String uuid = BeneficiaryFixtures.tier0(m);
        for (int i = 0; i < 11; i++) { // 19 USD each: 0, 19, ... 190 are all under 200 before the payment
            pay(m, byBeneficiary(uuid, 2451, null)).then().statusCode(200);
        }
        assertEquals(209.00f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
        refusedTier0(m, byBeneficiary(uuid, 129, null));
        m.as().get("/api/global/beneficiaries/" + uuid).then().body("kyc.tier_0_limit_reached", equalTo(true));
    }

    @Test
    void tier0_excluded_currencies_and_full_beneficiaries_bypass() {
        Merchant m = merchant();
        String tier0 = BeneficiaryFixtures.tier0(m);
        String full = BeneficiaryFixtures.full(m);
        for (var c : List.of(List.of("NG", "NGN", "nip_ng", "net_ng_nip", "NIP", "NIP"),
                List.of("ZA", "ZAR", "eft_za", "net_za_eft", "EFT", "EFT"))) {
            var body = body("withdrawal", "bank", c.get(2), 1000, c.get(1), c.get(0),
                    new HashMap<>(Map.of("customer_uuid", tier0, "dob", "1990-01-01")),
                    network(c.get(2), c.get(3), c.get(4), c.get(5), "bank"),
                    paymentConfig(ref(), "0123456789", receiver.url("/t0")));
            refusedTier0(m, body);
            body.put("customer", Map.of("customer_uuid", full));
            body.put("payment_config", paymentConfig(ref(), "0123456789", receiver.url("/t0")));
            pay(m, body).then().statusCode(200);
        }
        // full: far above the tier-0 ceiling, never counted
        pay(m, byBeneficiary(full, 100000, null)).then().statusCode(200);
        assertEquals(0f, BeneficiaryFixtures.lifetimeUsd(m, full));
        assertEquals(0f, BeneficiaryFixtures.lifetimeUsd(m, tier0));
    }

    @Test
    void a_failed_payment_releases_its_tier0_count() {
        Merchant m = merchant();
        String uuid = BeneficiaryFixtures.tier0(m);
        var body = byBeneficiary(uuid, 1935, "+254700000100"); // 15 USD, sandbox declines "...00"
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        pay(m, body).then().statusCode(200);
        assertEquals(15.00f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        String status = null;
        while (System.nanoTime() < deadline && !"failed".equals(status)) {
            status = m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                    .then().statusCode(200).extract().jsonPath().getString("transaction.status");
            PaymentsApiTest.sleep(100);
        }
        assertEquals("failed", status);
        assertEquals(0f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
    }

    @Test
    void twenty_concurrent_tier0_payments_let_only_the_envelope_through() throws Exception {
        Merchant m = merchant();
        String uuid = BeneficiaryFixtures.tier0(m);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                var body = byBeneficiary(uuid, 2451, null); // 19 USD
                results.add(pool.submit(() -> {
                    go.await();
                    return pay(m, body).then().extract().statusCode();
                }));
            }
            go.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (var f : results) {
                statuses.add(f.get());
            }
            assertEquals(11, statuses.stream().filter(s -> s == 200).count(), "statuses: " + statuses);
            assertEquals(9, statuses.stream().filter(s -> s == 400).count(), "statuses: " + statuses);
            assertEquals(209.00f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void deactivated_beneficiary_cannot_pay_and_another_merchants_is_404() {
        Merchant m = merchant();
        Merchant other = merchant();
        String uuid = BeneficiaryFixtures.tier0(m);
        pay(other, byBeneficiary(uuid, 129, null)).then().statusCode(404)
                .body("error_message", equalTo("beneficiary \"" + uuid + "\" does not exist"));
        assertEquals(0f, BeneficiaryFixtures.lifetimeUsd(m, uuid));
    }
}
