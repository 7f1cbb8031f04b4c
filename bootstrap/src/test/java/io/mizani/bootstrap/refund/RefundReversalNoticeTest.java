package io.mizani.bootstrap.refund;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.refund.RefundFixtures.*;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The Daraja Reversal result settles the refund it names ({@code /providers/mpesa/<token>/reversal-result/R<n>}):
 * consumed or released once, a repeat changes nothing, a wrong token is 404. The refund is first parked out of the
 * sandbox worker's reach (leased to nobody), as a live refund waiting for Daraja's result is.
 */
@QuarkusTest
class RefundReversalNoticeTest {

    static final String BASE = "/providers/mpesa/test-mpesa-callback-token";

    @Inject
    DataSource dataSource;

    private long park(Merchant m, String refundReference) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("""
                UPDATE refunds SET next_check_at = NULL, claimed_by = 'elsewhere', claimed_until = now() + interval '1 hour'
                WHERE account_id = ? AND refund_reference = ? AND status = 'pending' RETURNING id""")) {
            ps.setLong(1, m.accountId());
            ps.setString(2, refundReference);
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next(), "refund still pending");
                return rs.getLong(1);
            }
        }
    }

    private static String result(Object code, String desc, String transactionId) {
        return """
                {"Result":{"ResultType":0,"ResultCode":%s,"ResultDesc":"%s","OriginatorConversationID":"oc-1",
                 "ConversationID":"AG_20260301_reversal","TransactionID":"%s"}}""".formatted(code, desc, transactionId);
    }

    @Test
    void a_reversal_result_settles_its_refund_once() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        String order = succeededCollection(m, 1000, "http://127.0.0.1:9/none");
        String ok = refundRef();
        String refused = refundRef();
        refund(m, body(order, ok, 300)).then().statusCode(200);
        refund(m, body(order, refused, 200)).then().statusCode(200);
        long okId = park(m, ok);
        long refusedId = park(m, refused);
        assertEquals("500.00", available(m));

        given().contentType("application/json").body(result(0, "The service request is processed successfully.", "RKG0000001"))
                .post("/providers/mpesa/wrong-token/reversal-result/R" + okId).then().statusCode(404);
        assertEquals("pending", get(m, ok).getString("status"));

        for (int i = 0; i < 2; i++) { // the repeat changes nothing
            given().contentType("application/json").body(result(0, "The service request is processed successfully.", "RKG0000001"))
                    .post(BASE + "/reversal-result/R" + okId).then().statusCode(200);
            given().contentType("application/json").body(result("\"R000002\"", "The OriginalTransactionID is invalid.", "x"))
                    .post(BASE + "/reversal-result/R" + refusedId).then().statusCode(200);
        }
        var done = get(m, ok);
        assertEquals("succeeded", done.getString("status"));
        assertEquals("RKG0000001", done.getString("provider_reference"));
        var failed = get(m, refused);
        assertEquals("failed", failed.getString("status"));
        assertEquals("M-Pesa result R000002: The OriginalTransactionID is invalid.", failed.getString("failure_reason"));
        assertEquals("700.00", available(m));
        assertEquals("0.00", reserved(m));
        assertEquals(300.00f, transaction(m, order).getFloat("refunded_amount"));
        assertEquals(1, entries(m).stream().filter(e -> "refund_release".equals(e.get("type"))).count());

        // malformed, or naming no refund: acknowledged or refused, nothing moves
        given().contentType("application/json").body("{\"nope\":1}").post(BASE + "/reversal-result/R" + okId).then()
                .statusCode(400);
        given().contentType("application/json").body(result(0, "ok", "RKG2")).post(BASE + "/reversal-result/nonsense")
                .then().statusCode(200);
        assertEquals(Map.of("status", "succeeded"), Map.of("status", get(m, ok).getString("status")));
    }
}
