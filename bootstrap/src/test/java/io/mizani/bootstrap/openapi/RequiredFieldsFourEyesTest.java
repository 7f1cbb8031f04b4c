package io.mizani.bootstrap.openapi;

import io.mizani.bootstrap.support.ScreeningAndFourEyes;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * {@link RequiredFieldsTest} for the approvals (platform.md section 18), which need a pending approval: a balance
 * adjustment at or above the four-eyes threshold, reachable only at the default threshold (1000 USD;
 * {@link io.mizani.bootstrap.operator.DefaultThresholdProfile}, in the profile of {@code OperatorsTest}). Approve and reject take no body: the document
 * declares none, and the server must decide without one.
 */
@QuarkusTest
@TestProfile(ScreeningAndFourEyes.class)
class RequiredFieldsFourEyesTest extends RequiredFieldsComparison {

    /** A pending approval asked by a finance operator (129,000 KES is 1,000 USD by the rate table): its id. */
    private static long pendingApproval(RequestSpecification finance, Merchant m) {
        return finance.body(Map.of("amount", 129000, "reference", "float-" + next(), "reason", "opening float"))
                .post("/api/admin/accounts/" + m.accountId() + "/balances/KES/adjustments").then().statusCode(202)
                .extract().jsonPath().getLong("approval.id");
    }

    @Test
    void approving_and_rejecting_take_no_body_in_the_document_or_on_the_server() {
        Merchant m = TestMerchants.onboard();
        String username = "finance" + next();
        String password = asOperator().body(Map.of("username", username, "role", "finance"))
                .post("/api/admin/operators").then().statusCode(201).extract().path("password");
        RequestSpecification finance = given().auth().preemptive().basic(username, password).contentType(ContentType.JSON);

        // decided by the bootstrap admin, not the requester; without a body and without a Content-Type
        long toApprove = pendingApproval(finance, m);
        noBody("POST", "/api/admin/approvals/{id}/approve", () -> given().auth().preemptive()
                .basic(TestMerchants.OPERATOR, TestMerchants.OPERATOR_PASSWORD)
                .post("/api/admin/approvals/" + toApprove + "/approve"));
        long toReject = pendingApproval(finance, m);
        noBody("POST", "/api/admin/approvals/{id}/reject", () -> given().auth().preemptive()
                .basic(TestMerchants.OPERATOR, TestMerchants.OPERATOR_PASSWORD)
                .post("/api/admin/approvals/" + toReject + "/reject"));

        assertEquals(List.of("approveApproval", "rejectApproval"), List.copyOf(compared));
        assertEquals(List.of(), mismatches);
    }
}
