package io.mizani.bootstrap.refund;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.refund.RefundFixtures.awaitFinal;
import static io.mizani.bootstrap.refund.RefundFixtures.body;
import static io.mizani.bootstrap.refund.RefundFixtures.declinedRef;
import static io.mizani.bootstrap.refund.RefundFixtures.refund;
import static io.mizani.bootstrap.refund.RefundFixtures.refundRef;
import static io.mizani.bootstrap.refund.RefundFixtures.succeededCollection;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR_PASSWORD;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;

/** The operator console shows refunds with their collection (issue 29): the payments table and a Team's refunds page. */
@QuarkusTest
class RefundsConsoleTest {

    private static final String NOWHERE = "http://127.0.0.1:9/none";

    /** A fresh request each time (a reused RestAssured specification keeps the query parameters of earlier paths). */
    private static io.restassured.specification.RequestSpecification operator() {
        return given().auth().preemptive().basic(OPERATOR, OPERATOR_PASSWORD);
    }

    @Test
    void the_console_shows_each_collection_s_refunds_and_a_team_s_refunds_with_their_collection() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        String order = succeededCollection(m, 1000, NOWHERE);
        String ok = refundRef();
        String declined = declinedRef();
        refund(m, body(order, ok, 40)).then().statusCode(200);
        refund(m, body(order, declined, 60)).then().statusCode(200);
        assertEquals("succeeded", awaitFinal(m, ok));
        assertEquals("failed", awaitFinal(m, declined));
        String otherOrder = succeededCollection(other, 500, NOWHERE);
        String otherRefund = refundRef();
        refund(other, body(otherOrder, otherRefund, 10)).then().statusCode(200);

        // the payments table: the collection's refunded amount (succeeded refunds only), linked to its refunds
        operator().get("/console/accounts/" + m.accountId() + "/payments").then().statusCode(200)
                .body(containsString("<th>Refunded</th>"))
                .body(containsString("/console/accounts/" + m.accountId() + "/refunds?merchant_reference=" + order
                        + "\">KES 40.00</a>"));
        // the Team's refunds, each with its collection, status and failure reason
        String page = operator().get("/console/accounts/" + m.accountId() + "/refunds").then().statusCode(200)
                .body(containsString(ok)).body(containsString(declined))
                .body(containsString("declined by the"))
                .body(not(containsString(otherRefund))).extract().asString();
        assertEquals(2, page.split("merchant_reference=" + order + "\">" + order + "</a>", -1).length - 1,
                "both refunds name their collection");
        // one collection's refunds; another Team's collection is not found on this Team's page
        operator().get("/console/accounts/" + m.accountId() + "/refunds?merchant_reference=" + order).then()
                .statusCode(200).body(containsString(ok));
        operator().get("/console/accounts/" + m.accountId() + "/refunds?merchant_reference=" + otherOrder).then()
                .statusCode(404);
        operator().get("/console/accounts/" + other.accountId() + "/refunds").then().statusCode(200)
                .body(containsString(otherRefund)).body(not(containsString(ok)));
        // the Team page links to its refunds
        operator().get("/console/accounts/" + m.accountId()).then().statusCode(200)
                .body(containsString("/console/accounts/" + m.accountId() + "/refunds\">Refunds</a>"));
    }
}
