package io.mizani.bootstrap.payment;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.adapter.provider.payment.MtnRail;
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
import java.util.Map;
import java.util.Set;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * mtn_gh on the MTN MoMo rail, its base URL pointed at a WireMock stub of MTN's documented API (token, request to
 * pay, transfer and their status lookups). The first lookup is a minute away (MIZANI_RAIL_POLL_MS) so that only
 * MTN's notification brings it forward: the notification's own word is never taken, the lookup's is.
 */
@QuarkusTest
@TestProfile(RailStubs.class)
class MtnRailApiTest {

    static final String PORT = "mizani-test.mtn-port";
    static final String RTP = "/collection/v1_0/requesttopay";
    static final String TRANSFER = "/disbursement/v1_0/transfer";
    static WireMockServer mtn;

    public static class WithMtn implements QuarkusTestProfile {
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
            c.put("mizani.payments.mtn.base-url", "http://localhost:" + System.getProperty(PORT));
            c.put("mizani.payments.mtn.api-user", "0b1e2c1e-7a5b-4c2e-9a0e-2f1d3c4b5a69");
            c.put("mizani.payments.mtn.api-key", "mtn-api-key");
            c.put("mizani.payments.mtn.collection-key", "col-key");
            c.put("mizani.payments.mtn.disbursement-key", "dis-key");
            c.put("mizani.payments.rail-poll-ms", "60000");
            c.put("mizani.payments.pending-deadline", "PT60S");
            c.put("mizani.payments.provider-timeout-ms", "3000");
            return c;
        }
    }

    @BeforeEach
    void stubs() {
        if (mtn == null) {
            mtn = new WireMockServer(options().port(Integer.parseInt(System.getProperty(PORT))));
            mtn.start();
        }
        mtn.resetAll();
        ProviderStubs.mtnTokens(mtn);
        mtn.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(202)));
        mtn.stubFor(post(urlEqualTo(TRANSFER)).willReturn(aResponse().withStatus(202)));
        mtn.stubFor(get(urlPathMatching(RTP + "/.*")).atPriority(10).willReturn(okJson("{\"status\":\"PENDING\"}")));
        mtn.stubFor(get(urlPathMatching(TRANSFER + "/.*")).atPriority(10).willReturn(okJson("{\"status\":\"PENDING\"}")));
    }

    static Map<String, Object> mtnGh(String requestType, Object amount, String callbackUrl) {
        return body(requestType, "momo", "mtn_gh", amount, "GHS", "GH", inlineCustomer(),
                network("mtn_gh", "net_gh_mtn", "MTN Mobile Money", "MTN", "wallet"),
                paymentConfig(ref(), "+233 24 123 4567", callbackUrl));
    }

    static String merchantReference(Map<String, Object> body) {
        return (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
    }

    /** Waits until MTN has the request (its POST carries our reference as externalId); returns the X-Reference-Id. */
    static String submitted(String resource, String ourReference) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            var hits = mtn.findAll(postRequestedFor(urlEqualTo(resource))
                    .withRequestBody(matchingJsonPath("$.externalId", equalTo(ourReference))));
            if (!hits.isEmpty()) {
                return hits.get(0).getHeader("X-Reference-Id");
            }
            PaymentsApiTest.sleep(100);
        }
        return fail("MTN never got " + ourReference);
    }

    static String ourReference(Merchant m, String merchantRef) {
        return PaymentsApiTest.status(m, merchantRef).getString("transaction.reference");
    }

    static void notify(String method, String body) {
        var req = given().contentType("application/json").body(body);
        (method.equals("PUT") ? req.put("/api/providers/mtn/notify") : req.post("/api/providers/mtn/notify"))
                .then().statusCode(200);
    }

    @Test
    void a_collection_settles_after_the_notification_by_mtn_s_own_lookup_with_a_signed_callback() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mtn_gh");
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var body = mtnGh("payment", 12.5, receiver.url("/mtn"));
            String ref = merchantReference(body);
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String reference = ourReference(m, ref);
            String xRef = submitted(RTP, reference);
            assertEquals(MtnRail.referenceId(reference), xRef);
            mtn.verify(1, postRequestedFor(urlEqualTo(RTP))
                    .withHeader("Authorization", equalTo("Bearer tok-collection"))
                    .withHeader("X-Target-Environment", equalTo("sandbox"))
                    .withHeader("X-Callback-Url", matching("http://localhost:\\d+/api/providers/mtn/notify"))
                    .withRequestBody(equalToJson("{\"amount\":\"12.5\",\"currency\":\"GHS\",\"externalId\":\"" + reference
                            + "\",\"payer\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233241234567\"},"
                            + "\"payerMessage\":\"test\",\"payeeNote\":\"test\"}")));
            assertEquals("pending", PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10)));
            assertEquals(xRef, PaymentsApiTest.status(m, ref).getString("transaction.provider_reference"));

            mtn.stubFor(get(urlEqualTo(RTP + "/" + xRef)).atPriority(1).willReturn(okJson(
                    "{\"amount\":\"12.5\",\"currency\":\"GHS\",\"financialTransactionId\":\"23503452\",\"externalId\":\""
                            + reference + "\",\"payer\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233241234567\"},\"status\":\"SUCCESSFUL\"}")));
            // MTN's callback (PUT, as MTN sends it on request to pay), no credentials
            notify("PUT", "{\"financialTransactionId\":\"23503452\",\"externalId\":\"" + reference
                    + "\",\"amount\":\"12.5\",\"currency\":\"GHS\",\"status\":\"SUCCESSFUL\"}");
            assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(5)));

            var cb = receiver.await(r -> r.path().equals("/mtn") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));
            mtn.verify(1, postRequestedFor(urlEqualTo(RTP)));
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);
        }
    }

    @Test
    void a_forged_successful_notification_ends_failed_when_mtn_s_lookup_says_failed() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mtn_gh");
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var body = mtnGh("payment", 20, receiver.url("/forged"));
            String ref = merchantReference(body);
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String reference = ourReference(m, ref);
            String xRef = submitted(RTP, reference);
            PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10));
            String forged = "{\"financialTransactionId\":\"1\",\"externalId\":\"" + reference + "\",\"status\":\"SUCCESSFUL\"}";
            // while MTN's lookup says PENDING the forged notice changes nothing
            notify("POST", forged);
            PaymentsApiTest.sleep(1500);
            assertEquals("pending", PaymentsApiTest.status(m, ref).getString("transaction.status"));
            mtn.verify(getRequestedFor(urlEqualTo(RTP + "/" + xRef)));

            mtn.stubFor(get(urlEqualTo(RTP + "/" + xRef)).atPriority(1).willReturn(okJson(
                    "{\"externalId\":\"" + reference + "\",\"status\":\"FAILED\",\"reason\":\"APPROVAL_REJECTED\"}")));
            notify("POST", forged);
            assertEquals("failed", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(5)));
            assertEquals("payer rejected the request", PaymentsApiTest.status(m, ref).getString("transaction.failure_reason"));
            var cb = receiver.await(r -> r.path().equals("/forged") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.failed", new JsonPath(cb.body()).getString("type"));
        }
    }

    @Test
    void a_payout_is_an_mtn_transfer_settled_by_its_lookup() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mtn_gh");
        BalancesApiTest.adjust(m.accountId(), "GHS", 500, "fund-" + ref()).then().statusCode(200);
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var body = mtnGh("withdrawal", 40, receiver.url("/payout"));
            String ref = merchantReference(body);
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String reference = ourReference(m, ref);
            String xRef = submitted(TRANSFER, reference);
            mtn.verify(1, postRequestedFor(urlEqualTo(TRANSFER))
                    .withHeader("Authorization", equalTo("Bearer tok-disbursement"))
                    .withHeader("Ocp-Apim-Subscription-Key", equalTo("dis-key"))
                    .withRequestBody(matchingJsonPath("$.payee.partyId", equalTo("233241234567")))
                    .withRequestBody(matchingJsonPath("$.amount", equalTo("40"))));
            mtn.verify(0, postRequestedFor(urlEqualTo(RTP)));
            PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10));

            mtn.stubFor(get(urlEqualTo(TRANSFER + "/" + xRef)).atPriority(1).willReturn(okJson(
                    "{\"amount\":\"40\",\"currency\":\"GHS\",\"financialTransactionId\":\"777\",\"externalId\":\"" + reference
                            + "\",\"payee\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233241234567\"},\"status\":\"SUCCESSFUL\"}")));
            notify("POST", "{\"financialTransactionId\":\"777\",\"externalId\":\"" + reference + "\",\"status\":\"SUCCESSFUL\"}");
            assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(5)));
            var cb = receiver.await(r -> r.path().equals("/payout") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);
        }
    }

    @Test
    void the_notify_endpoint_needs_no_credentials_and_refuses_what_is_not_json() {
        notify("POST", "{\"externalId\":\"MZPNOSUCHPAYMENT\",\"status\":\"SUCCESSFUL\"}");
        given().contentType("application/json").body("not json").post("/api/providers/mtn/notify")
                .then().statusCode(400).body("error_code", org.hamcrest.Matchers.equalTo("invalid_argument"));
    }
}
