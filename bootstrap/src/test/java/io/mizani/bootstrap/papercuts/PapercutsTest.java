package io.mizani.bootstrap.papercuts;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 17's papercuts: an amount sent as a JSON string is refused naming the field, a phone number of the wrong
 * length says so, and a webhook secret has one length whichever way it was made.
 */
@QuarkusTest
class PapercutsTest {

    private static final String STRING_AMOUNT = "amount must be a JSON number such as 100 or 100.50, not a string";

    // ---- amount is a JSON number ----

    @Test
    void a_payment_amount_sent_as_a_string_is_refused_naming_the_field() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        for (Object amount : new Object[] {"100", "1e2", "100.50"}) {
            m.as().body(mpesa("payment", amount, "254712345678", "https://example.com/cb"))
                    .post("/api/global/payments")
                    .then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument"))
                    .body("error_message", equalTo(STRING_AMOUNT))
                    .body("status_code", equalTo(400));
        }
        m.as().get("/api/global/transactions").then().statusCode(200).body("transactions.size()", equalTo(0));
    }

    @Test
    void a_payment_amount_sent_as_a_number_is_still_accepted_exactly() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        m.as().body(mpesa("payment", 100, "254712345678", "https://example.com/cb")).post("/api/global/payments")
                .then().statusCode(200);
        m.as().body(mpesa("payment", new java.math.BigDecimal("100.5"), "254712345679", "https://example.com/cb"))
                .post("/api/global/payments").then().statusCode(200);
        m.as().get("/api/global/transactions").then().statusCode(200)
                .body("transactions.size()", equalTo(2));
        // another merchant sees none of them
        TestMerchants.onboard().as().get("/api/global/transactions").then().statusCode(200)
                .body("transactions.size()", equalTo(0));
    }

    @Test
    void a_wallet_credit_amount_sent_as_a_string_is_refused_and_credits_nothing() {
        Merchant m = TestMerchants.onboard();
        for (Object amount : new Object[] {"100", "1e2", true}) {
            TestMerchants.asOperator().body(Map.of("amount", amount, "reference", "pc-str-" + amount))
                    .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits")
                    .then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument"))
                    .body("error_message", amount instanceof String ? equalTo(STRING_AMOUNT)
                            : equalTo("amount has the wrong type or format"));
        }
        TestMerchants.asOperator().body(Map.of("amount", 100, "reference", "pc-num-1"))
                .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits")
                .then().statusCode(200).body("balance", equalTo(100.0f));
        TestMerchants.asOperator().body(Map.of("amount", new java.math.BigDecimal("100.5"), "reference", "pc-num-2"))
                .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits")
                .then().statusCode(200).body("balance", equalTo(200.5f));
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200)
                .body("account.service_wallet_balance", equalTo(200.5f));
    }

    @Test
    void a_balance_adjustment_amount_sent_as_a_string_is_refused() {
        Merchant m = TestMerchants.onboard();
        TestMerchants.asOperator().body(Map.of("amount", "500", "reference", "pc-adj-1", "reason", "test"))
                .post("/api/admin/accounts/" + m.accountId() + "/balances/KES/adjustments")
                .then().statusCode(400).body("error_message", equalTo(STRING_AMOUNT));
        m.as().get("/api/global/balances").then().statusCode(200).body("balances.size()", equalTo(0));
    }

    // ---- phone number length ----

    @Test
    void a_team_number_too_short_for_its_country_says_so() {
        Merchant m = TestMerchants.onboard();
        m.as().body(Map.of("organization_id", m.organizationId(), "name", "Short", "dial_code", "+254", "number", "123"))
                .post("/api/v2/accounts")
                .then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("number is too short for a +254 (KE) phone number"));
        m.as().body(Map.of("organization_id", m.organizationId(), "name", "Long", "dial_code", "+254",
                        "number", "7123456789012345"))
                .post("/api/v2/accounts")
                .then().statusCode(400)
                .body("error_message", equalTo("number is too long for a +254 (KE) phone number"));
        m.as().body(Map.of("organization_id", m.organizationId(), "name", "Letters", "dial_code", "+254", "number", "7abc"))
                .post("/api/v2/accounts")
                .then().statusCode(400)
                .body("error_message", equalTo(
                        "number must be a phone number of digits (spaces, ( ) and - allowed), without the dial code"));
        m.as().body(Map.of("organization_id", m.organizationId(), "name", "Fine", "dial_code", "+254", "number", "712345678"))
                .post("/api/v2/accounts")
                .then().statusCode(200).body("account.currency", equalTo("KES"));
    }

    @Test
    void an_onboarding_number_too_short_names_account_number() {
        TestMerchants.asOperator().body(Map.of("organization_name", "Shorty",
                        "user", Map.of("first_name", "A", "last_name", "B", "email", "shorty@example.com"),
                        "account", Map.of("name", "Shorty KE", "dial_code", "+234", "number", "123")))
                .post("/api/admin/merchants")
                .then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("account.number is too short for a +234 (NG) phone number"));
    }

    // ---- webhook secrets: one length ----

    private static int secretBytes(String secret) {
        assertTrue(secret.startsWith("whsec_"), secret);
        return Base64.getDecoder().decode(secret.substring("whsec_".length())).length;
    }

    @Test
    void webhook_secrets_are_32_bytes_at_onboarding_and_after_rotation() {
        Merchant m = TestMerchants.onboard();
        assertEquals(32, secretBytes(m.webhookSecret()));
        m.as().get("/api/global/webhooks/secret").then().statusCode(200)
                .body("webhook_secret", equalTo(m.webhookSecret()));
        String rotated = m.as().post("/api/global/webhooks/secret/rotate").then().statusCode(200)
                .body("webhook_secret", notNullValue()).extract().path("webhook_secret");
        assertEquals(32, secretBytes(rotated));
        // another merchant's secret is untouched by the rotation
        Merchant other = TestMerchants.onboard();
        other.as().get("/api/global/webhooks/secret").then().statusCode(200)
                .body("webhook_secret", equalTo(other.webhookSecret()));
    }

    /** POSTs that take no body answer a plain {@code curl -X POST} (no Content-Type) as they answer with one: never 415. */
    @Test
    void posts_without_a_body_need_no_content_type() {
        Merchant m = TestMerchants.onboard();
        var merchant = io.restassured.RestAssured.given().auth().preemptive().basic(m.username(), m.password());
        merchant.post("/api/global/webhooks/secret/rotate").then().statusCode(200);
        merchant.post("/api/global/webhooks/test").then().statusCode(400); // no endpoint configured yet: 400, not 415
        merchant.post("/api/global/events/evt_unknown/redeliver").then().statusCode(404);
        io.restassured.RestAssured.given().auth().preemptive().basic(TestMerchants.OPERATOR, TestMerchants.OPERATOR_PASSWORD)
                .post("/api/admin/accounts/" + m.accountId() + "/credentials").then().statusCode(201);
    }
}
