package io.mizani.bootstrap.openapi;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * The request examples the document publishes (what Swagger UI's "Try it out" sends) are accepted by the service:
 * sent as they stand by a merchant set up the way the example assumes, none is refused. Ids that name the demo
 * merchant's records are replaced by the test merchant's.
 */
@QuarkusTest
class RequestExamplesTest {

    private JsonPath doc;

    private JsonPath doc() {
        if (doc == null) {
            doc = given().get("/q/openapi?format=json").then().statusCode(200).extract().jsonPath();
        }
        return doc;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> example(String path, String method) {
        Map<String, Object> body = doc().getMap("paths.'" + path + "'." + method + ".requestBody.content.'application/json'.example");
        assertTrue(body != null && !body.isEmpty(), method + " " + path + " has a request example");
        return new LinkedHashMap<>(body);
    }

    private Merchant merchant() {
        Merchant m = TestMerchants.onboard();
        TestMerchants.fund(m, "5000");
        m.as().body(example("/api/v1/kyc/settings", "put")).put("/api/v1/kyc/settings").then().statusCode(200);
        return m;
    }

    @Test
    void every_verification_check_example_runs() {
        Merchant m = merchant();
        Map<String, Map<String, Object>> examples = doc().getMap(
                "paths.'/api/v1/kyc/verify/{check}'.post.requestBody.content.'application/json'.examples");
        assertTrue(examples.size() > 20, "one example per check");
        List<String> refused = new ArrayList<>();
        examples.forEach((check, ex) -> {
            Response r = m.as().body(ex.get("value")).post("/api/v1/kyc/verify/" + check);
            if (r.statusCode() != 200) {
                refused.add(check + " " + r.statusCode() + " " + r.asString());
            }
        });
        assertEquals(List.of(), refused);
    }

    @Test
    void the_payout_examples_are_accepted() {
        Merchant m = merchant();
        TestMerchants.asOperator().body(Map.of("providers", java.util.List.of("mpesa_ke")))
                .put("/api/admin/accounts/" + m.accountId() + "/payment-providers").then().statusCode(200);
        m.as().body(example("/api/global/payees/resolve", "post")).post("/api/global/payees/resolve")
                .then().statusCode(200);
        Map<String, Object> batch = example("/api/global/payout-batches", "post");
        batch.put("callback_url", "http://127.0.0.1:9/callbacks"); // nothing outside this machine
        m.as().body(batch).post("/api/global/payout-batches").then().statusCode(200);
        String csv = doc().getString("paths.'/api/global/payout-batches'.post.requestBody.content.'text/csv'.example");
        given().auth().preemptive().basic(m.username(), m.password()).contentType("text/csv")
                .queryParam("batch_reference", "csv-example").queryParam("callback_url", "http://127.0.0.1:9/cb")
                .body(csv.replace("payroll-2026-11-0001", "csv-example-0001")).post("/api/global/payout-batches")
                .then().statusCode(200);
        TestMerchants.asOperator().body(example("/api/admin/accounts/{account_id}/users", "post"))
                .post("/api/admin/accounts/" + m.accountId() + "/users").then().statusCode(201);
    }

    @Test
    void the_payment_example_starts_a_payment() {
        Merchant m = merchant();
        TestMerchants.asOperator().body(example("/api/admin/accounts/{account_id}/payment-providers", "put"))
                .put("/api/admin/accounts/" + m.accountId() + "/payment-providers").then().statusCode(200);
        m.as().body(example("/api/global/transaction-providers", "post")).post("/api/global/transaction-providers")
                .then().statusCode(200);
        Map<String, Object> pay = example("/api/global/payments", "post");
        @SuppressWarnings("unchecked")
        Map<String, Object> config = new LinkedHashMap<>((Map<String, Object>) pay.get("payment_config"));
        config.put("callback_url", "http://127.0.0.1:9/callbacks"); // nothing outside this machine
        pay.put("payment_config", config);
        m.as().body(pay).post("/api/global/payments").then().statusCode(200);
        m.as().body(example("/api/global/transaction-status", "post")).post("/api/global/transaction-status")
                .then().statusCode(200);
    }

    @Test
    void the_beneficiary_webhook_and_operator_examples_are_accepted() {
        Merchant m = merchant();
        String uuid = m.as().body(example("/api/global/beneficiaries", "post")).post("/api/global/beneficiaries")
                .then().statusCode(200).extract().jsonPath().getString("uuid");
        m.as().body(example("/api/global/beneficiaries/{uuid}", "put")).put("/api/global/beneficiaries/" + uuid)
                .then().statusCode(200);
        m.as().body(example("/api/global/beneficiaries/{uuid}", "patch")).patch("/api/global/beneficiaries/" + uuid)
                .then().statusCode(200);
        m.as().body(example("/api/global/webhooks/endpoint", "put")).put("/api/global/webhooks/endpoint")
                .then().statusCode(200);

        Map<String, Object> onboard = example("/api/admin/merchants", "post");
        TestMerchants.asOperator().body(onboard).post("/api/admin/merchants").then().statusCode(201);
        TestMerchants.asOperator().body(example("/api/admin/accounts/{account_id}/service-wallet/credits", "post"))
                .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits").then().statusCode(200);
        TestMerchants.asOperator().body(example("/api/admin/accounts/{account_id}/identity-checks", "put"))
                .put("/api/admin/accounts/" + m.accountId() + "/identity-checks").then().statusCode(200);
        TestMerchants.asOperator().body(example("/api/admin/accounts/{account_id}/balances/{currency}/adjustments", "post"))
                .post("/api/admin/accounts/" + m.accountId() + "/balances/KES/adjustments").then().statusCode(200);
    }

    @Test
    void the_team_and_team_kyc_examples_are_accepted() {
        Merchant m = merchant();
        Map<String, Object> team = example("/api/v2/accounts", "post");
        team.put("organization_id", m.organizationId());
        long teamId = m.as().body(team).post("/api/v2/accounts").then().statusCode(200)
                .extract().jsonPath().getLong("account.id");
        Map<String, Object> update = example("/api/v2/accounts", "put");
        update.put("account_id", teamId);
        m.as().body(update).put("/api/v2/accounts").then().statusCode(200);

        String token = m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).extract().jsonPath().getString("lookup_id");
        Map<String, Object> kyc = example("/api/v2/account_kycs", "post");
        kyc.put("account_id", teamId);
        kyc.put("kyc_tokens", Map.of("national_id", token));
        m.as().body(kyc).post("/api/v2/account_kycs").then().statusCode(200);
    }
}
