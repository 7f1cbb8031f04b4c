package io.mizani.bootstrap.payment;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
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
import java.util.Set;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * MTN refunds and the live payee resolvers (sandbox mode, MTN and Paystack configured, both pointed at one WireMock
 * stub of their documented APIs): an mtn_gh collection MTN took is refunded at MTN ({@code POST
 * /disbursement/v1_0/refund}, settled by {@code GET /disbursement/v1_0/refund/{id}}), never by the sandbox refund
 * provider; {@code POST /api/global/payees/resolve} asks MTN's basicuserinfo for mtn_gh and Paystack's bank resolve
 * for nip_ng, while the other codes keep the sandbox directory.
 */
@QuarkusTest
@TestProfile(MtnRefundApiTest.WithMtnAndPaystack.class)
class MtnRefundApiTest {

    static final String PORT = "mizani-test.mtn-refund-port";
    static final String RTP = "/collection/v1_0/requesttopay";
    static final String REFUND = "/disbursement/v1_0/refund";
    static final String INFO = "/collection/v1_0/accountholder/msisdn/%s/basicuserinfo";
    static final String SECRET = "sk_test_refund_payee";
    static WireMockServer wm;

    public static class WithMtnAndPaystack implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            if (System.getProperty(PORT) == null) {
                try (var socket = new java.net.ServerSocket(0)) {
                    System.setProperty(PORT, String.valueOf(socket.getLocalPort()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            String base = "http://localhost:" + System.getProperty(PORT);
            Map<String, String> c = new HashMap<>();
            c.put("mizani.payments.mtn.base-url", base);
            c.put("mizani.payments.mtn.api-user", "0b1e2c1e-7a5b-4c2e-9a0e-2f1d3c4b5a69");
            c.put("mizani.payments.mtn.api-key", "mtn-api-key");
            c.put("mizani.payments.mtn.collection-key", "col-key");
            c.put("mizani.payments.mtn.disbursement-key", "dis-key");
            c.put("mizani.payments.paystack.base-url", base);
            c.put("mizani.payments.paystack.secret-key", SECRET);
            c.put("mizani.payments.rail-poll-ms", "300");
            c.put("mizani.payments.pending-deadline", "PT60S");
            c.put("mizani.payments.provider-timeout-ms", "3000");
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
        ProviderStubs.mtnTokens(wm);
        wm.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(202)));
        wm.stubFor(get(urlPathMatching(RTP + "/.*")).willReturn(okJson("{\"status\":\"SUCCESSFUL\",\"financialTransactionId\":\"1\"}")));
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(202)));
        wm.stubFor(get(urlPathMatching(REFUND + "/.*")).atPriority(10).willReturn(okJson("{\"status\":\"PENDING\"}")));
        wm.stubFor(get(urlPathEqualTo("/bank")).willReturn(okJson(ProviderStubs.PAYSTACK_BANKS)));
    }

    /** A succeeded mtn_gh collection of 50 GHS MTN took; its merchant_reference. */
    static String collected(Merchant m, String callbackUrl) {
        var body = MtnRailApiTest.mtnGh("payment", 50, callbackUrl);
        String ref = MtnRailApiTest.merchantReference(body);
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(15)));
        return ref;
    }

    static JsonPath refund(Merchant m, String refundReference) {
        return m.as().get("/api/global/refunds/" + refundReference).then().statusCode(200).extract().jsonPath()
                .setRootPath("refund");
    }

    static String awaitRefund(Merchant m, String refundReference) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        String status = null;
        while (System.nanoTime() < deadline) {
            status = refund(m, refundReference).getString("status");
            if (!"pending".equals(status)) {
                return status;
            }
            PaymentsApiTest.sleep(150);
        }
        return status;
    }

    static LoggedRequest refundRequest(String refundReference) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            List<LoggedRequest> hits = wm.findAll(postRequestedFor(urlEqualTo(REFUND))
                    .withRequestBody(matchingJsonPath("$.externalId", equalTo(refundReference))));
            if (!hits.isEmpty()) {
                return hits.get(0);
            }
            PaymentsApiTest.sleep(100);
        }
        return fail("MTN never got the refund " + refundReference);
    }

    @Test
    void an_mtn_collection_is_refunded_at_mtn_and_settled_by_its_lookup() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mtn_gh");
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            String ref = collected(m, receiver.url("/refund"));
            String collectionXRef = PaymentsApiTest.status(m, ref).getString("transaction.provider_reference");
            // ends in 00: the sandbox refund provider would decline it, MTN does not
            String refundRef = "rf-" + ref + "-00";
            m.as().body(Map.of("merchant_reference", ref, "refund_reference", refundRef, "amount", 20,
                    "reason", "item returned")).post("/api/global/refunds").then().statusCode(200);
            LoggedRequest sent = refundRequest(refundRef);
            String xRef = sent.getHeader("X-Reference-Id");
            assertEquals(4, java.util.UUID.fromString(xRef).version());
            assertEquals("Bearer tok-disbursement", sent.getHeader("Authorization"));
            assertEquals("dis-key", sent.getHeader("Ocp-Apim-Subscription-Key"));
            assertEquals("sandbox", sent.getHeader("X-Target-Environment"));
            JsonPath b = new JsonPath(sent.getBodyAsString());
            assertEquals("20", b.getString("amount"));
            assertEquals("GHS", b.getString("currency"));
            assertEquals("item returned", b.getString("payerMessage"));
            assertEquals("item returned", b.getString("payeeNote"));
            assertEquals(collectionXRef, b.getString("referenceIdToRefund"));

            PaymentsApiTest.sleep(800);
            assertEquals("pending", refund(m, refundRef).getString("status"), "MTN says PENDING: still pending");
            assertEquals(xRef, refund(m, refundRef).getString("provider_reference"));
            wm.verify(getRequestedFor(urlEqualTo(REFUND + "/" + xRef)));

            wm.stubFor(get(urlEqualTo(REFUND + "/" + xRef)).atPriority(1).willReturn(okJson(
                    "{\"amount\":\"20\",\"currency\":\"GHS\",\"financialTransactionId\":\"7781\",\"externalId\":\"" + refundRef
                            + "\",\"payee\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233241234567\"},"
                            + "\"payerMessage\":\"item returned\",\"payeeNote\":\"item returned\",\"status\":\"SUCCESSFUL\"}")));
            assertEquals("succeeded", awaitRefund(m, refundRef));
            JsonPath done = refund(m, refundRef);
            assertEquals(xRef, done.getString("provider_reference"));
            assertEquals(20.0, done.getDouble("amount"));
            assertEquals(20.0, PaymentsApiTest.status(m, ref).getDouble("transaction.refunded_amount"));
            wm.verify(1, postRequestedFor(urlEqualTo(REFUND)));
            var cb = receiver.await(r -> r.path().equals("/refund") && r.body().contains("refund.succeeded"), 1,
                    Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            other.as().get("/api/global/refunds/" + refundRef).then().statusCode(404);
            other.as().body(Map.of("merchant_reference", ref, "refund_reference", "rf-other-" + ref))
                    .post("/api/global/refunds").then().statusCode(404);
        }
    }

    @Test
    void a_refund_mtn_says_failed_fails_with_mtn_s_reason() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mtn_gh");
        String ref = collected(m, "http://127.0.0.1:9/none");
        String refundRef = "rf-f-" + ref;
        // the whole 50 would need the collection's fee as well (it is not returned): 30.10 of it
        m.as().body(Map.of("merchant_reference", ref, "refund_reference", refundRef, "amount", 30.1))
                .post("/api/global/refunds").then().statusCode(200);
        LoggedRequest sent = refundRequest(refundRef);
        String xRef = sent.getHeader("X-Reference-Id");
        assertEquals("30.1", new JsonPath(sent.getBodyAsString()).getString("amount"));
        assertEquals("Refund of " + ref, new JsonPath(sent.getBodyAsString()).getString("payeeNote"));
        wm.stubFor(get(urlEqualTo(REFUND + "/" + xRef)).atPriority(1).willReturn(okJson(
                "{\"externalId\":\"" + refundRef + "\",\"status\":\"FAILED\",\"reason\":\"NOT_ENOUGH_FUNDS\"}")));
        assertEquals("failed", awaitRefund(m, refundRef));
        assertEquals("insufficient funds", refund(m, refundRef).getString("failure_reason"));
        assertEquals(0.0, PaymentsApiTest.status(m, ref).getDouble("transaction.refunded_amount"));
    }

    static JsonPath resolve(Merchant m, Map<String, Object> body) {
        return m.as().body(body).post("/api/global/payees/resolve").then().statusCode(200).extract().jsonPath();
    }

    static Map<String, Object> query(String country, String provider, String accountNumber, String bankCode) {
        var b = new HashMap<String, Object>();
        b.put("country", country);
        b.put("provider", provider);
        b.put("account_number", accountNumber);
        if (bankCode != null) {
            b.put("bank_code", bankCode);
        }
        return b;
    }

    @Test
    void payees_resolve_at_mtn_and_paystack_and_other_codes_keep_the_sandbox_directory() {
        Merchant m = TestMerchants.onboard();
        wm.stubFor(get(urlEqualTo(INFO.formatted("233241234567"))).willReturn(okJson(
                "{\"given_name\":\"Ama\",\"family_name\":\"Mensah\",\"birthdate\":\"1990-01-01\",\"locale\":\"en\","
                        + "\"gender\":\"F\",\"status\":\"ACTIVE\"}")));
        var mtn = query("GH", "mtn_gh", "024 123 4567", null);
        mtn.put("name", Map.of("first_name", "ama", "last_name", "MENSAH"));
        JsonPath r = resolve(m, mtn);
        assertEquals("resolved", r.getString("status"));
        assertEquals("Ama Mensah", r.getString("account_name"));
        assertEquals(Map.of("score", 100, "first_name", "exact", "last_name", "exact"), r.getMap("match"));
        wm.verify(getRequestedFor(urlEqualTo(INFO.formatted("233241234567")))
                .withHeader("Authorization", equalTo("Bearer tok-collection"))
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("col-key")));
        wm.stubFor(get(urlEqualTo(INFO.formatted("233240000404"))).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"RESOURCE_NOT_FOUND\",\"message\":\"Requested resource was not found.\"}")));
        assertEquals(Map.of("status", "not_found"), resolve(m, query("GH", "mtn_gh", "0240000404", null)).getMap(""));
        wm.stubFor(get(urlEqualTo(INFO.formatted("233240000777"))).willReturn(aResponse().withStatus(503)));
        assertEquals(Map.of("status", "unavailable"), resolve(m, query("GH", "mtn_gh", "0240000777", null)).getMap(""));

        wm.stubFor(get(urlPathEqualTo("/bank/resolve")).withQueryParam("account_number", equalTo("0001234567"))
                .withQueryParam("bank_code", equalTo("058")).withHeader("Authorization", equalTo("Bearer " + SECRET))
                .willReturn(okJson("{\"status\":true,\"message\":\"Account number resolved\",\"data\":"
                        + "{\"account_number\":\"0001234567\",\"account_name\":\"CHIDI OKEKE\",\"bank_id\":9}}")));
        var ps = query("NG", "nip_ng", "0001234567", "058");
        ps.put("name", Map.of("first_name", "Chidi", "last_name", "Okeke"));
        JsonPath p = resolve(m, ps);
        assertEquals("resolved", p.getString("status"));
        assertEquals("CHIDI OKEKE", p.getString("account_name"));
        assertEquals(100, p.getInt("match.score"));
        wm.stubFor(get(urlPathEqualTo("/bank/resolve")).withQueryParam("account_number", equalTo("0009999999"))
                .willReturn(aResponse().withStatus(422).withHeader("Content-Type", "application/json")
                        .withBody("{\"status\":false,\"message\":\"Could not resolve account name. Check parameters or try again.\"}")));
        assertEquals(Map.of("status", "not_found"), resolve(m, query("NG", "nip_ng", "0009999999", "058")).getMap(""));

        // a code no configured adapter serves keeps the sandbox directory in sandbox mode
        JsonPath sandbox = resolve(m, query("KE", "mpesa_ke", "+254711000404", null));
        assertEquals(Map.of("status", "not_found"), sandbox.getMap(""));
        String[] holder = io.mizani.adapter.provider.verification.SandboxVerificationProvider.person("+254711000123");
        assertEquals(holder[0] + " " + holder[1],
                resolve(m, query("KE", "mpesa_ke", "+254711000123", null)).getString("account_name"));
    }
}
