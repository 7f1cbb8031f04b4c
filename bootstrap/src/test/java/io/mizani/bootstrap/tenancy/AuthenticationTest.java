package io.mizani.bootstrap.tenancy;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class AuthenticationTest {

    @Test
    void missing_credentials_get_401_with_a_basic_challenge_in_the_surface_shape() {
        given().get("/api/v2/account/1").then().statusCode(401)
                .header("WWW-Authenticate", "Basic realm=\"mizani\"")
                .body("error_code", equalTo("unauthenticated"))
                .body("status_code", equalTo(401));
        given().get("/api/v1/kyc/checks").then().statusCode(401)
                .header("WWW-Authenticate", "Basic realm=\"mizani\"")
                .body("error", equalTo("unauthenticated"))
                .body("reason", equalTo("unauthenticated"));
        given().get("/api/global/beneficiaries").then().statusCode(401)
                .body("error_code", equalTo("unauthenticated"));
        given().post("/api/admin/merchants").then().statusCode(401)
                .header("WWW-Authenticate", "Basic realm=\"mizani\"")
                .body("error_code", equalTo("unauthenticated"));
    }

    @Test
    void a_wrong_password_or_unknown_username_is_401() {
        var m = TestMerchants.onboard();
        given().auth().preemptive().basic(m.username(), m.password() + "x")
                .get("/api/v2/account/" + m.accountId()).then().statusCode(401)
                .header("WWW-Authenticate", "Basic realm=\"mizani\"");
        given().auth().preemptive().basic("mz_nobody", "whatever")
                .get("/api/v2/account/" + m.accountId()).then().statusCode(401);
        given().auth().preemptive().basic("operator", "wrong")
                .get("/api/v2/account/" + m.accountId()).then().statusCode(401);
    }

    @Test
    void a_revoked_credential_stops_working_at_once_while_others_keep_working() {
        var m = TestMerchants.onboard();
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200);
        var extra = TestMerchants.asOperator().post("/api/admin/accounts/" + m.accountId() + "/credentials")
                .then().statusCode(201).extract().jsonPath();
        String user2 = extra.getString("credentials.username");
        String pass2 = extra.getString("credentials.password");
        given().auth().preemptive().basic(user2, pass2).get("/api/v2/account/" + m.accountId()).then().statusCode(200);

        TestMerchants.asOperator().delete("/api/admin/credentials/" + m.username())
                .then().statusCode(200).body("revoked", equalTo(true));
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(401);
        given().auth().preemptive().basic(user2, pass2).get("/api/v2/account/" + m.accountId()).then().statusCode(200);
        TestMerchants.asOperator().delete("/api/admin/credentials/" + m.username()).then().statusCode(404)
                .body("error_code", equalTo("not_found"));
    }

    @Test
    void issued_secrets_are_long_random_keys_shown_once() {
        var m = TestMerchants.onboard();
        org.junit.jupiter.api.Assertions.assertTrue(m.password().length() >= 43, m.password());
        // Never shown again: the Team and profile carry no secret.
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200)
                .body("account", not(hasKey("password"))).body("account", not(hasKey("webhook_secret")));
    }

    @Test
    void merchants_get_403_on_the_operator_api_and_operators_403_on_merchant_endpoints() {
        var m = TestMerchants.onboard();
        m.as().body("{\"amount\": 10, \"reference\": \"self-credit\"}")
                .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits")
                .then().statusCode(403).body("error_code", equalTo("forbidden"));
        TestMerchants.asOperator().get("/api/v2/account/" + m.accountId()).then().statusCode(403);
    }

    @Test
    void the_sandbox_demo_merchant_exists_with_a_funded_wallet() {
        given().auth().preemptive().basic("demo", "demo-secret").get("/api/v2/user_profile/0")
                .then().statusCode(404);
        var profile = given().auth().preemptive().basic("demo", "demo-secret").get("/api/v2/account/1")
                .then().extract();
        // The demo Team is the first account created on a fresh database.
        org.junit.jupiter.api.Assertions.assertEquals(200, profile.statusCode());
        org.junit.jupiter.api.Assertions.assertEquals("KES", profile.path("account.currency"));
    }

    @Test
    void ping_tells_the_merchant_which_account_its_credentials_act_for() {
        var m = TestMerchants.onboard();
        m.as().get("/api/v2/ping").then().statusCode(200).body("ok", equalTo(true))
                .body("account_id", equalTo((int) m.accountId())).body("user_id", equalTo((int) m.userId()));
        given().get("/api/v2/ping").then().statusCode(401);
        given().get("/ping").then().statusCode(200).body("ok", equalTo(true));
    }

    @Test
    void operations_endpoints_answer_without_credentials() {
        given().get("/q/health/ready").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
    }
}
