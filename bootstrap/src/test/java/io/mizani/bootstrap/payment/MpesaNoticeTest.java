package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Daraja's own notices (STK callback, B2C result) settle a pending payment through the token-guarded provider
 * endpoints. The sandbox "01" account keeps a payment pending with a provider reference, as a real STK Push would.
 */
@QuarkusTest
class MpesaNoticeTest {

    static final String BASE = "/providers/mpesa/test-mpesa-callback-token";

    static JsonPath transaction(Merchant m, String ref) {
        return m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath();
    }

    static String pendingWithReference(Merchant m, String ref) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            JsonPath t = transaction(m, ref);
            if ("pending".equals(t.getString("transaction.status")) && t.getString("transaction.provider_reference") != null) {
                return t.getString("transaction.provider_reference");
            }
            PaymentsApiTest.sleep(100);
        }
        return fail("payment never went pending");
    }

    @Test
    void stk_callback_settles_a_pending_collection_once() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        try (CallbackReceiver merchant = new CallbackReceiver()) {
            var body = mpesa("payment", 100, "+254700000101", merchant.url("/stk"));
            String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String checkoutRequestId = pendingWithReference(m, ref);
            String notice = """
                    {"Body":{"stkCallback":{"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"%s",
                     "ResultCode":0,"ResultDesc":"The service request is processed successfully.",
                     "CallbackMetadata":{"Item":[{"Name":"Amount","Value":100.00},{"Name":"MpesaReceiptNumber","Value":"NLJ7RT61SV"},
                     {"Name":"TransactionDate","Value":20191219102115},{"Name":"PhoneNumber","Value":254700000101}]}}}}"""
                    .formatted(checkoutRequestId);
            given().contentType("application/json").body(notice).post("/providers/mpesa/wrong-token/stk-callback")
                    .then().statusCode(404);
            assertEquals("pending", transaction(m, ref).getString("transaction.status"));
            given().contentType("application/json").body(notice).post(BASE + "/stk-callback")
                    .then().statusCode(200).body("ResultCode", equalTo(0));
            JsonPath t = transaction(m, ref);
            assertEquals("succeeded", t.getString("transaction.status"));
            assertEquals("NLJ7RT61SV", t.getString("transaction.provider_reference"));
            // Daraja repeats callbacks: a repeat changes nothing and is still acknowledged
            given().contentType("application/json").body(notice).post(BASE + "/stk-callback").then().statusCode(200);
            merchant.await(r -> r.path().equals("/stk"), 1, Duration.ofSeconds(10)).get(0).verify(m.webhookSecret());
            PaymentsApiTest.sleep(500);
            assertEquals(1, merchant.to("/stk").size());
            given().contentType("application/json").body("{\"nope\":1}").post(BASE + "/stk-callback").then().statusCode(400);
        }
    }

    @Test
    void b2c_result_failure_fails_the_payout() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "515");
        var body = mpesa("withdrawal", 500, "+254700000101", "http://127.0.0.1:9/none");
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        String conversationId = pendingWithReference(m, ref);
        given().contentType("application/json").body("""
                {"Result":{"ResultType":0,"ResultCode":2001,"ResultDesc":"The initiator information is invalid.",
                 "OriginatorConversationID":"x","ConversationID":"%s","TransactionID":"NLJ0000000"}}""".formatted(conversationId))
                .post(BASE + "/b2c-result").then().statusCode(200);
        JsonPath t = transaction(m, ref);
        assertEquals("failed", t.getString("transaction.status"));
        assertEquals("M-Pesa result 2001: The initiator information is invalid.", t.getString("transaction.failure_reason"));
    }

    static String statusResult(String transactionStatus, String receipt) {
        return """
                {"Result":{"ConversationID":"AG_20180223_0000493344ae97d86f75","OriginatorConversationID":"3213-416199-2",
                 "ReferenceData":{"ReferenceItem":{"Key":"Occasion"}},"ResultCode":0,
                 "ResultDesc":"The service request is processed successfully.","ResultParameters":{"ResultParameter":[
                 {"Key":"DebitPartyName","Value":"600310 - Safaricom333"},{"Key":"CreditPartyName","Value":"254708374149 - John Doe"},
                 {"Key":"OriginatorConversationID","Value":"3211-416020-3"},{"Key":"InitiatedTime","Value":20180223054112},
                 {"Key":"DebitAccountType","Value":"Utility Account"},{"Key":"TransactionReason"},
                 {"Key":"ReasonType","Value":"Business Payment to Customer via API"},
                 {"Key":"TransactionStatus","Value":"%s"},{"Key":"FinalisedTime","Value":20180223054112},
                 {"Key":"Amount","Value":500},{"Key":"ConversationID","Value":"AG_20180223_000041b09c22e613d6c9"},
                 {"Key":"ReceiptNo","Value":"%s"}]},"ResultType":0,"TransactionID":"MBN0000000"}}""".formatted(transactionStatus, receipt);
    }

    @Test
    void transaction_status_result_settles_the_payout_named_in_its_result_url() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "515");
        try (CallbackReceiver merchant = new CallbackReceiver()) {
            var body = mpesa("withdrawal", 500, "+254700000101", merchant.url("/status"));
            String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            pendingWithReference(m, ref);
            String reference = transaction(m, ref).getString("transaction.reference");
            given().contentType("application/json").body(statusResult("Completed", "MBN31H462N"))
                    .post("/providers/mpesa/wrong-token/status-result/" + reference).then().statusCode(404);
            // the status query itself failed: no verdict about the payout
            given().contentType("application/json").body("""
                    {"Result":{"ResultType":0,"ResultCode":2001,"ResultDesc":"The initiator information is invalid.",
                     "OriginatorConversationID":"x","ConversationID":"AG_2","TransactionID":"MBN0000000"}}""")
                    .post(BASE + "/status-result/" + reference).then().statusCode(200).body("ResultCode", equalTo(0));
            assertEquals("pending", transaction(m, ref).getString("transaction.status"));
            given().contentType("application/json").body("{\"nope\":1}").post(BASE + "/status-result/" + reference)
                    .then().statusCode(400);
            given().contentType("application/json").body(statusResult("Completed", "MBN31H462N"))
                    .post(BASE + "/status-result/" + reference).then().statusCode(200).body("ResultCode", equalTo(0));
            JsonPath t = transaction(m, ref);
            assertEquals("succeeded", t.getString("transaction.status"));
            assertEquals("MBN31H462N", t.getString("transaction.provider_reference"));
            var cb = merchant.await(r -> r.path().equals("/status"), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));
            // a repeat (or a late contrary answer) changes nothing
            given().contentType("application/json").body(statusResult("Failed", "MBN31H462N"))
                    .post(BASE + "/status-result/" + reference).then().statusCode(200);
            assertEquals("succeeded", transaction(m, ref).getString("transaction.status"));
            PaymentsApiTest.sleep(300);
            assertEquals(1, merchant.to("/status").size());
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);
        }
    }

    @Test
    void stk_callback_addressed_to_our_reference_settles_a_collection_whose_acknowledgement_was_lost() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        var body = mpesa("payment", 100, "+254700000101", "http://127.0.0.1:9/none");
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        pendingWithReference(m, ref);
        String reference = transaction(m, ref).getString("transaction.reference");
        given().contentType("application/json").body("""
                {"Body":{"stkCallback":{"MerchantRequestID":"8555-67195-1","CheckoutRequestID":"ws_CO_never_seen",
                 "ResultCode":1032,"ResultDesc":"Request cancelled by user"}}}""")
                .post(BASE + "/stk-callback/" + reference).then().statusCode(200).body("ResultCode", equalTo(0));
        JsonPath t = transaction(m, ref);
        assertEquals("failed", t.getString("transaction.status"));
        assertEquals("M-Pesa result 1032: Request cancelled by user", t.getString("transaction.failure_reason"));
    }
}
