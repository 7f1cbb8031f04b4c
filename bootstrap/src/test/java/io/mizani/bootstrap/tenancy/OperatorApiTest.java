package io.mizani.bootstrap.tenancy;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class OperatorApiTest {

    @Test
    void onboarding_returns_every_part_in_one_go() {
        TestMerchants.asOperator().body(Map.of(
                        "organization_name", "Acme Holdings",
                        "user", Map.of("first_name", "Wanjiru", "last_name", "K", "email", "w@acme.example",
                                "phone_number", "+254711000000"),
                        "account", Map.of("name", "Acme KE", "email", "ke@acme.example", "dial_code", "+254",
                                "number", "711000000")))
                .post("/api/admin/merchants").then().statusCode(201)
                .body("organization.name", equalTo("Acme Holdings"))
                .body("user.first_name", equalTo("Wanjiru"))
                .body("account.name", equalTo("Acme KE"))
                .body("account.currency", equalTo("KES"))
                .body("account.kyc_tier", equalTo(0))
                .body("account.service_wallet_balance", equalTo(0.0f))
                .body("webhook_secret", org.hamcrest.Matchers.startsWith("whsec_"));
    }

    @Test
    void the_onboarded_users_username_is_its_api_username() {
        var json = TestMerchants.asOperator().body(Map.of("organization_name", "Named",
                        "account", Map.of("name", "Named KE", "dial_code", "+254", "number", "711000001")))
                .post("/api/admin/merchants").then().statusCode(201).extract().jsonPath();
        assertEquals(json.getString("credentials.username"), json.getString("user.username"));
    }

    @Test
    void onboarding_rejects_bad_input_with_400() {
        TestMerchants.asOperator().body(Map.of("organization_name", "X")).post("/api/admin/merchants")
                .then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        TestMerchants.asOperator().body("{\"organization_name\": 5, \"account\": []}").post("/api/admin/merchants")
                .then().statusCode(400);
    }

    @Test
    void a_repeated_credit_reference_credits_once_and_returns_the_same_body() {
        var m = TestMerchants.onboard();
        String path = "/api/admin/accounts/" + m.accountId() + "/service-wallet/credits";
        Map<String, Object> credit = Map.of("amount", 250.50, "reference", "topup-1");
        TestMerchants.asOperator().body(credit).post(path).then().statusCode(200)
                .body("account_id", equalTo((int) m.accountId()))
                .body("currency", equalTo("KES"))
                .body("balance", equalTo(250.50f));
        TestMerchants.asOperator().body(credit).post(path).then().statusCode(200).body("balance", equalTo(250.50f));
        TestMerchants.asOperator().body(Map.of("amount", 100, "reference", "topup-2")).post(path)
                .then().body("balance", equalTo(350.50f));
        m.as().get("/api/v2/account/" + m.accountId()).then().body("account.service_wallet_balance", equalTo(350.50f));
        TestMerchants.asOperator().body(Map.of("amount", -5, "reference", "neg")).post(path).then().statusCode(400);
        TestMerchants.asOperator().body(Map.of("amount", 1.234, "reference", "dec")).post(path).then().statusCode(400);
        TestMerchants.asOperator().body(Map.of("amount", 5)).post(path).then().statusCode(400);
        TestMerchants.asOperator().body(credit).post("/api/admin/accounts/99999999/service-wallet/credits")
                .then().statusCode(404);
    }

    @Test
    void concurrent_credits_with_one_reference_credit_once() throws Exception {
        var m = TestMerchants.onboard();
        String path = "/api/admin/accounts/" + m.accountId() + "/service-wallet/credits";
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                calls.add(() -> TestMerchants.asOperator().body(Map.of("amount", 1000, "reference", "race-1"))
                        .post(path).then().extract().statusCode());
            }
            for (Future<Integer> f : pool.invokeAll(calls)) {
                assertEquals(200, f.get());
            }
        } finally {
            pool.shutdown();
        }
        BigDecimal balance = new BigDecimal(m.as().get("/api/v2/account/" + m.accountId())
                .then().extract().path("account.service_wallet_balance").toString());
        assertEquals(0, new BigDecimal("1000").compareTo(balance));
    }

    @Test
    void identity_checks_and_payment_providers_are_stored() {
        var m = TestMerchants.onboard();
        TestMerchants.asOperator().body(Map.of("available", false))
                .put("/api/admin/accounts/" + m.accountId() + "/identity-checks").then().statusCode(200)
                .body("account_id", equalTo((int) m.accountId())).body("available", equalTo(false));
        TestMerchants.asOperator().body(Map.of("providers", List.of("mpesa_ke", "nip_ng", "mpesa_ke")))
                .put("/api/admin/accounts/" + m.accountId() + "/payment-providers").then().statusCode(200)
                .body("providers", contains("mpesa_ke", "nip_ng"));
        TestMerchants.asOperator().body(Map.of("providers", List.of("BAD CODE")))
                .put("/api/admin/accounts/" + m.accountId() + "/payment-providers").then().statusCode(400);
        TestMerchants.asOperator().body(Map.of())
                .put("/api/admin/accounts/" + m.accountId() + "/identity-checks").then().statusCode(400);
    }
}
