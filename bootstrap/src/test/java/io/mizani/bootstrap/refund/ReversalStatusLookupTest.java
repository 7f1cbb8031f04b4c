package io.mizani.bootstrap.refund;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.mizani.bootstrap.support.LiveProviderStubs;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static io.mizani.bootstrap.refund.RefundFixtures.*;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Live mode, Daraja on a WireMock stub of its documented API: a refund of an M-Pesa collection is sent as a Daraja
 * Reversal once; its result never arrives; past the pending deadline the refund worker asks Daraja's Transaction
 * Status query about the reversal (keyed on the reversal's OriginatorConversationID, answer to
 * {@code /reversal-status-result/R<n>}), and that answer settles the refund: {@code Completed} succeeds it (amount
 * consumed, {@code refund.succeeded}), {@code Failed} fails it (amount released, {@code refund.failed}), an unclear one
 * keeps it pending and it is asked about again. The reversal itself is never sent again.
 */
@QuarkusTest
@TestProfile(LiveProviderStubs.class)
public class ReversalStatusLookupTest {

    /** JVM-wide: the profile and the test class live in different class loaders. */
    static final String PORT = "mizani-test.daraja-reversal-port";
    static final String BASE = "/providers/mpesa/test-mpesa-callback-token";
    static final String REVERSAL = "/mpesa/reversal/v1/request";
    static final String STATUS = "/mpesa/transactionstatus/v1/query";
    static final long DEADLINE_MS = 4000;
    static WireMockServer wm;

    public static class LiveWithDaraja implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            if (System.getProperty(PORT) == null) {
                try (var socket = new java.net.ServerSocket(0)) {
                    System.setProperty(PORT, String.valueOf(socket.getLocalPort()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            Map<String, String> c = new HashMap<>();
            c.put("mizani.mode", "live");
            // the test database is shared by every profile: live mode here, but the sandbox profiles' PII key
            c.put("mizani.verification.pii-key", "mizani-sandbox-pii-key (sandbox only, never for live data)");
            c.put("mizani.payments.mpesa.base-url", "http://localhost:" + System.getProperty(PORT));
            c.put("mizani.payments.mpesa.consumer-key", "key");
            c.put("mizani.payments.mpesa.consumer-secret", "secret");
            c.put("mizani.payments.mpesa.short-code", "174379");
            c.put("mizani.payments.mpesa.passkey", "passkey");
            c.put("mizani.payments.mpesa.initiator-name", "apiop");
            c.put("mizani.payments.mpesa.security-credential", "cred");
            c.put("mizani.payments.pending-deadline", "PT" + DEADLINE_MS / 1000 + "S");
            c.put("mizani.payments.provider-timeout-ms", "3000");
            // looked at again 500 ms after Daraja took the reversal (15 s by default): well before the pending
            // deadline, so "not asked before the deadline" is the reversal rail's rule, not the interval's
            c.put("mizani.payments.mpesa.poll-ms", "500");
            return c;
        }
    }

    @BeforeEach
    void stubs() {
        if (wm == null) {
            wm = new WireMockServer(options().port(Integer.parseInt(System.getProperty(PORT))));
            wm.start();
        }
        wm.resetAll();
        wm.stubFor(get(urlPathEqualTo("/oauth/v1/generate")).withBasicAuth("key", "secret")
                .willReturn(okJson("{\"access_token\":\"tok123\",\"expires_in\":\"3599\"}")));
        wm.stubFor(post("/mpesa/stkpush/v1/processrequest").willReturn(okJson("""
                {"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"ws_CO_{{randomValue length=16 type='ALPHANUMERIC'}}",
                 "ResponseCode":"0","ResponseDescription":"Success. Request accepted for processing",
                 "CustomerMessage":"Success. Request accepted for processing"}""").withTransformers("response-template")));
        wm.stubFor(post("/mpesa/stkpushquery/v1/query").willReturn(aResponse().withStatus(500)
                .withHeader("content-type", "application/json")
                .withBody("{\"errorCode\":\"500.001.1001\",\"errorMessage\":\"The transaction is being processed\"}")));
        wm.stubFor(post(REVERSAL).willReturn(okJson("""
                {"OriginatorConversationID":"{{randomValue type='UUID'}}",
                 "ConversationID":"AG_20260301_{{randomValue length=20 type='ALPHANUMERIC'}}","ResponseCode":"0",
                 "ResponseDescription":"Accept the service request successfully."}""").withTransformers("response-template")));
        wm.stubFor(post(STATUS).willReturn(okJson("""
                {"OriginatorConversationID":"1236-7134259-1","ConversationID":"AG_20260301_status",
                 "ResponseCode":"0","ResponseDescription":"Accept the service request successfully."}""")));
    }

    /** An M-Pesa collection of {@code amount} KES made at Daraja (STK Push, then its callback with a receipt). */
    private String collection(Merchant m, int amount) {
        var body = mpesa("payment", amount, "+254708374149", "http://127.0.0.1:9/none");
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        String checkout = awaitValue(() -> {
            JsonPath t = transaction(m, ref);
            return "pending".equals(t.getString("status")) ? t.getString("provider_reference") : null;
        }, "collection " + ref + " pending at Daraja");
        String receipt = "RK" + UUID.randomUUID().toString().replace("-", "").substring(0, 8).toUpperCase();
        given().contentType("application/json").body("""
                {"Body":{"stkCallback":{"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"%s",
                 "ResultCode":0,"ResultDesc":"The service request is processed successfully.",
                 "CallbackMetadata":{"Item":[{"Name":"Amount","Value":%d},{"Name":"MpesaReceiptNumber","Value":"%s"},
                 {"Name":"TransactionDate","Value":20260301102115},{"Name":"PhoneNumber","Value":254708374149}]}}}}"""
                .formatted(checkout, amount, receipt)).post(BASE + "/stk-callback").then().statusCode(200);
        assertEquals("succeeded", transaction(m, ref).getString("status"));
        assertEquals(receipt, transaction(m, ref).getString("provider_reference"));
        return ref;
    }

    private static List<LoggedRequest> sent(String path, String refundReference) {
        return wm.findAll(postRequestedFor(urlEqualTo(path))
                .withRequestBody(matchingJsonPath("$.Occasion", equalTo(refundReference))));
    }

    private static LoggedRequest awaitSent(String path, String refundReference, int count) {
        return awaitValue(() -> {
            var found = sent(path, refundReference);
            return found.size() >= count ? found.get(count - 1) : null;
        }, count + " request(s) to " + path + " for " + refundReference);
    }

    private static <T> T awaitValue(java.util.function.Supplier<T> probe, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            T value = probe.get();
            if (value != null) {
                return value;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return fail(what + ": never");
    }

    /** The path of the ResultURL a request named (its host is MIZANI_PUBLIC_URL, this very service). */
    private static String resultPath(LoggedRequest request) {
        String url = JsonPath.from(request.getBodyAsString()).getString("ResultURL");
        return url.substring(url.indexOf("/providers/"));
    }

    private static String statusResult(Object code, String status, String receipt) {
        return """
                {"Result":{"ConversationID":"AG_20260301_status","OriginatorConversationID":"1236-7134259-1",
                 "ReferenceData":{"ReferenceItem":{"Key":"Occasion"}},"ResultCode":%s,
                 "ResultDesc":"The service request is processed successfully.","ResultType":0,"TransactionID":"RKG0000000",
                 "ResultParameters":{"ResultParameter":[{"Key":"DebitPartyName","Value":"174379 - Mizani"},
                  {"Key":"ReasonType","Value":"Reversal"},{"Key":"TransactionStatus","Value":"%s"},
                  {"Key":"Amount","Value":"300"},{"Key":"ReceiptNo","Value":"%s"}]}}}""".formatted(code, status, receipt);
    }

    /** The refund's own number, from the ResultURL of its reversal ({@code .../reversal-result/R<n>}). */
    private static String key(LoggedRequest reversal) {
        String url = JsonPath.from(reversal.getBodyAsString()).getString("ResultURL");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    @Test
    void a_reversal_whose_result_never_arrives_is_looked_up_past_the_deadline_and_completed_succeeds_it() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        String order = collection(m, 1000);
        String before = available(m);
        String r = refundRef();
        long asked = System.nanoTime();
        refund(m, body(order, r, 300)).then().statusCode(200);

        LoggedRequest reversal = awaitSent(REVERSAL, r, 1);
        String originator = awaitValue(() -> get(m, r).getString("provider_reference"), "the reversal's reference");
        assertEquals("pending", get(m, r).getString("status"));
        assertEquals(String.format("%.2f", Double.parseDouble(before) - 300), available(m)); // reserved

        // the result never comes; past the deadline, the Transaction Status query about the reversal
        LoggedRequest status = awaitSent(STATUS, r, 1);
        assertTrue(System.nanoTime() - asked >= Duration.ofMillis(DEADLINE_MS - 500).toNanos(),
                "asked before the pending deadline");
        JsonPath q = JsonPath.from(status.getBodyAsString());
        assertEquals("TransactionStatusQuery", q.getString("CommandID"));
        assertEquals(originator, q.getString("OriginalConversationID"));
        assertEquals("174379", q.getString("PartyA"));
        assertEquals("4", q.getString("IdentifierType"));
        assertNull(q.getString("TransactionID"));
        String refundKey = key(reversal);
        assertTrue(q.getString("ResultURL").endsWith(BASE + "/reversal-status-result/" + refundKey), q.getString("ResultURL"));
        assertTrue(q.getString("QueueTimeOutURL").endsWith(BASE + "/b2c-timeout"));

        String completed = statusResult(0, "Completed", "RKG52PAWR9");
        given().contentType("application/json").body(completed)
                .post("/providers/mpesa/wrong-token/reversal-status-result/" + refundKey).then().statusCode(404);
        assertEquals("pending", get(m, r).getString("status"));
        for (int i = 0; i < 2; i++) { // Daraja repeats: the repeat changes nothing
            given().contentType("application/json").body(completed).post(resultPath(status)).then().statusCode(200)
                    .body("ResultCode", org.hamcrest.Matchers.equalTo(0));
        }
        JsonPath done = get(m, r);
        assertEquals("succeeded", done.getString("status"));
        assertEquals("RKG52PAWR9", done.getString("provider_reference"));
        assertEquals(String.format("%.2f", Double.parseDouble(before) - 300), available(m));
        assertEquals("0.00", reserved(m));
        assertEquals(300.00f, transaction(m, order).getFloat("refunded_amount"));
        assertEquals(List.of("refund.succeeded"), m.as().get("/api/global/events?type=refund.succeeded").then()
                .statusCode(200).extract().jsonPath().getList("events.type"));
        assertEquals(r, m.as().get("/api/global/events?type=refund.succeeded").then().statusCode(200).extract()
                .jsonPath().getString("events[0].data.refund.refund_reference"));

        // the reversal's own result, arriving late, changes nothing either; the reversal was sent once
        given().contentType("application/json").body("""
                {"Result":{"ResultType":0,"ResultCode":"R000002","ResultDesc":"The OriginalTransactionID is invalid.",
                 "OriginatorConversationID":"%s","ConversationID":"AG_2","TransactionID":"RKG1"}}""".formatted(originator))
                .post(BASE + "/reversal-result/" + refundKey).then().statusCode(200);
        assertEquals("succeeded", get(m, r).getString("status"));
        assertEquals(1, sent(REVERSAL, r).size());
        assertTrue(m.as().get("/api/global/events?type=refund.failed").then().statusCode(200).extract().jsonPath()
                .getList("events").isEmpty());
    }

    @Test
    void an_unclear_status_keeps_the_refund_pending_and_asked_again_and_failed_releases_its_amount() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        String order = collection(m, 1000);
        String before = available(m);
        String r = refundRef();
        refund(m, body(order, r, 200)).then().statusCode(200);
        awaitSent(REVERSAL, r, 1);

        LoggedRequest first = awaitSent(STATUS, r, 1);
        // the query itself failed, then M-Pesa says the reversal is still in progress: no verdict, still reserved
        given().contentType("application/json").body(statusResult("\"SFC_IC0003\"", "Completed", "x"))
                .post(resultPath(first)).then().statusCode(200);
        given().contentType("application/json").body(statusResult(0, "Pending", "x"))
                .post(resultPath(first)).then().statusCode(200);
        assertEquals("pending", get(m, r).getString("status"));
        assertEquals(String.format("%.2f", Double.parseDouble(before) - 200), available(m));

        LoggedRequest second = awaitSent(STATUS, r, 2); // asked again, one deadline later
        given().contentType("application/json").body(statusResult(0, "Failed", "RKG52PAWR8"))
                .post(resultPath(second)).then().statusCode(200);
        JsonPath failed = get(m, r);
        assertEquals("failed", failed.getString("status"));
        assertEquals("M-Pesa reversal status: Failed", failed.getString("failure_reason"));
        assertEquals(before, available(m));
        assertEquals("0.00", reserved(m));
        assertEquals(0.00f, transaction(m, order).getFloat("refunded_amount"));
        assertEquals(1, entries(m).stream().filter(e -> "refund_release".equals(e.get("type"))).count());
        assertEquals(r, m.as().get("/api/global/events?type=refund.failed").then().statusCode(200).extract()
                .jsonPath().getString("events[0].data.refund.refund_reference"));
        // the reversal was never sent again
        assertEquals(1, sent(REVERSAL, r).size());
        int asked = sent(STATUS, r).size();
        sleep(DEADLINE_MS + 1000); // a failed refund is never looked up again
        assertEquals(asked, sent(STATUS, r).size());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
