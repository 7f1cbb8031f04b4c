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

import javax.crypto.Cipher;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * airtel_ke and airtel_ug on the Airtel Money rail, its base URL pointed at a WireMock stub of Airtel's documented
 * Open API (token, USSD push, disbursement, their enquiries, refund, KYC user enquiry). The first enquiry is a minute
 * away (MIZANI_RAIL_POLL_MS) so that only Airtel's callback brings it forward: the callback's own word is never taken,
 * the enquiry's is. The disbursement PIN is checked by decrypting it with the test's own Airtel key pair.
 */
@QuarkusTest
@TestProfile(RailStubs.class)
class AirtelRailApiTest {

    static final String PORT = "mizani-test.airtel-port";
    static final String COLLECT = ProviderStubs.AIRTEL_COLLECT;
    static final String ENQUIRY = ProviderStubs.AIRTEL_ENQUIRY;
    static final String DISBURSE = ProviderStubs.AIRTEL_DISBURSE;
    static final String REFUND = "/standard/v1/payments/refund";
    static final String PUBLIC_KEY = "mizani-test.airtel-public-key";
    static final String PRIVATE_KEY = "mizani-test.airtel-private-key";
    static WireMockServer airtel;

    /**
     * The test's own Airtel key pair, kept in system properties: the profile and the test instance are loaded by
     * different class loaders, so a static field would give each its own pair.
     */
    static synchronized void keyPair() {
        if (System.getProperty(PUBLIC_KEY) != null) {
            return;
        }
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            KeyPair pair = g.generateKeyPair();
            System.setProperty(PUBLIC_KEY, Base64.getEncoder().encodeToString(pair.getPublic().getEncoded()));
            System.setProperty(PRIVATE_KEY, Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** What Airtel does with the pin field: base64-decode, RSA PKCS#1 v1.5 decrypt with its private key. */
    static String decryptAsAirtel(String pinField) throws Exception {
        var key = java.security.KeyFactory.getInstance("RSA").generatePrivate(
                new java.security.spec.PKCS8EncodedKeySpec(Base64.getDecoder().decode(System.getProperty(PRIVATE_KEY))));
        Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        rsa.init(Cipher.DECRYPT_MODE, key);
        return new String(rsa.doFinal(Base64.getDecoder().decode(pinField)), StandardCharsets.UTF_8);
    }

    public static class WithAirtel implements QuarkusTestProfile {
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
            c.put("mizani.payments.airtel.base-url", "http://localhost:" + System.getProperty(PORT));
            c.put("mizani.payments.airtel.client-id", ProviderStubs.AIRTEL_CLIENT_ID);
            c.put("mizani.payments.airtel.client-secret", ProviderStubs.AIRTEL_CLIENT_SECRET);
            c.put("mizani.payments.airtel.pin", "2468");
            keyPair();
            c.put("mizani.payments.airtel.public-key", System.getProperty(PUBLIC_KEY));
            c.put("mizani.payments.rail-poll-ms", "60000");
            c.put("mizani.payments.pending-deadline", "PT60S");
            c.put("mizani.payments.provider-timeout-ms", "3000");
            return c;
        }
    }

    @BeforeEach
    void stubs() {
        if (airtel == null) {
            airtel = new WireMockServer(options().port(Integer.parseInt(System.getProperty(PORT))));
            airtel.start();
        }
        airtel.resetAll();
        ProviderStubs.airtel(airtel);
    }

    static String enquiry(String status, String code) {
        return ProviderStubs.airtelEnquiry(status, code);
    }

    static Map<String, Object> airtelBody(String requestType, String provider, Object amount, String callbackUrl) {
        boolean ke = provider.equals("airtel_ke");
        return body(requestType, "momo", provider, amount, ke ? "KES" : "UGX", ke ? "KE" : "UG", inlineCustomer(),
                network(provider, ke ? "net_ke_airtel" : "net_ug_airtel", "Airtel Money", "AIRTEL", "wallet"),
                paymentConfig(ref(), ke ? "+254 733 123456" : "0752 123456", callbackUrl));
    }

    static String merchantReference(Map<String, Object> body) {
        return (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
    }

    /** Waits until Airtel has the request (its body carries our partner transaction id); returns it. */
    static LoggedRequest submitted(String path, String transactionId) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            List<LoggedRequest> hits = airtel.findAll(postRequestedFor(urlEqualTo(path))
                    .withRequestBody(matchingJsonPath("$.transaction.id", equalTo(transactionId))));
            if (!hits.isEmpty()) {
                return hits.get(0);
            }
            PaymentsApiTest.sleep(100);
        }
        return fail("Airtel never got " + transactionId);
    }

    static String transactionId(Merchant m, String merchantRef) {
        return "MZA" + PaymentsApiTest.status(m, merchantRef).getString("transaction.reference").substring(3);
    }

    static void notify(String body) {
        given().contentType("application/json").body(body).post("/api/providers/airtel/notify").then().statusCode(200);
    }

    static String callback(String id, String statusCode) {
        return ProviderStubs.airtelCallback(id, statusCode);
    }

    /** A collection on airtel_ke settled by Airtel's callback and enquiry; its merchant_reference. */
    static String collected(Merchant m, Object amount, String callbackUrl) {
        var body = airtelBody("payment", "airtel_ke", amount, callbackUrl);
        String ref = merchantReference(body);
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        String id = transactionId(m, ref);
        submitted(COLLECT, id);
        PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10));
        airtel.stubFor(get(urlEqualTo(ENQUIRY + id)).atPriority(1).willReturn(okJson(enquiry("TS", "DP00800001001"))));
        notify(callback(id, "TS"));
        assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(10)));
        return ref;
    }

    @Test
    void a_collection_is_a_ussd_push_settled_by_airtel_s_enquiry_after_its_callback_with_a_signed_callback() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "airtel_ke");
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var body = airtelBody("payment", "airtel_ke", 500, receiver.url("/airtel"));
            String ref = merchantReference(body);
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String reference = PaymentsApiTest.status(m, ref).getString("transaction.reference");
            String id = transactionId(m, ref);
            submitted(COLLECT, id);
            airtel.verify(1, postRequestedFor(urlEqualTo(COLLECT))
                    .withHeader("Authorization", equalTo("Bearer tok-airtel"))
                    .withHeader("X-Country", equalTo("KE"))
                    .withHeader("X-Currency", equalTo("KES"))
                    .withRequestBody(equalToJson("{\"reference\":\"" + reference + "\",\"subscriber\":{\"country\":\"KE\","
                            + "\"currency\":\"KES\",\"msisdn\":\"733123456\"},\"transaction\":{\"amount\":500,\"country\":\"KE\","
                            + "\"currency\":\"KES\",\"id\":\"" + id + "\"}}")));
            assertEquals("pending", PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10)));
            assertEquals(id, PaymentsApiTest.status(m, ref).getString("transaction.provider_reference"));

            airtel.stubFor(get(urlEqualTo(ENQUIRY + id)).atPriority(1).willReturn(okJson(enquiry("TS", "DP00800001001"))));
            notify(callback(id, "TS"));
            assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(5)));
            airtel.verify(getRequestedFor(urlEqualTo(ENQUIRY + id)).withHeader("X-Country", equalTo("KE")));
            var cb = receiver.await(r -> r.path().equals("/airtel") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));
            airtel.verify(1, postRequestedFor(urlEqualTo(COLLECT)));
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);
        }
    }

    @Test
    void a_forged_successful_callback_ends_failed_when_airtel_s_enquiry_says_failed() {
        Merchant m = TestMerchants.onboard();
        assign(m, "airtel_ke");
        var body = airtelBody("payment", "airtel_ke", 300, "http://127.0.0.1:9/none");
        String ref = merchantReference(body);
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        String id = transactionId(m, ref);
        submitted(COLLECT, id);
        PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10));
        // while Airtel's enquiry says TIP the forged callback changes nothing
        notify(callback(id, "TS"));
        PaymentsApiTest.sleep(1500);
        assertEquals("pending", PaymentsApiTest.status(m, ref).getString("transaction.status"));
        airtel.verify(getRequestedFor(urlEqualTo(ENQUIRY + id)));

        airtel.stubFor(get(urlEqualTo(ENQUIRY + id)).atPriority(1).willReturn(okJson(enquiry("TF", "DP00800001007"))));
        notify(callback(id, "TS"));
        assertEquals("failed", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(5)));
        assertEquals("insufficient funds", PaymentsApiTest.status(m, ref).getString("transaction.failure_reason"));
    }

    @Test
    void a_ugandan_payout_is_a_disbursement_with_the_encrypted_pin_settled_by_its_enquiry() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "airtel_ug");
        BalancesApiTest.adjust(m.accountId(), "UGX", 100000, "fund-" + ref()).then().statusCode(200);
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var body = airtelBody("withdrawal", "airtel_ug", 25000, receiver.url("/payout"));
            String ref = merchantReference(body);
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String id = transactionId(m, ref);
            LoggedRequest sent = submitted(DISBURSE, id);
            assertEquals("Bearer tok-airtel", sent.getHeader("Authorization"));
            assertEquals("UG", sent.getHeader("X-Country"));
            assertEquals("UGX", sent.getHeader("X-Currency"));
            JsonPath b = new JsonPath(sent.getBodyAsString());
            assertEquals("752123456", b.getString("payee.msisdn"));
            assertEquals("B2C", b.getString("transaction.type"));
            assertEquals(25000, b.getInt("transaction.amount"));
            assertNotEquals("2468", b.getString("pin"), "the PIN never travels in clear");
            assertEquals("2468", decryptAsAirtel(b.getString("pin")));
            airtel.verify(0, postRequestedFor(urlEqualTo(COLLECT)));
            PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10));

            airtel.stubFor(get(urlEqualTo(DISBURSE + id)).atPriority(1).willReturn(okJson(enquiry("TS", "DP00900001001"))));
            notify("{\"transaction\":{\"id\":\"" + id + "\",\"message\":\"Sent\",\"status_code\":\"TS\","
                    + "\"airtel_money_id\":\"product-partner-41\"}}");
            assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(5)));
            var cb = receiver.await(r -> r.path().equals("/payout") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));
            airtel.verify(1, postRequestedFor(urlEqualTo(DISBURSE)));
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);
        }
    }

    @Test
    void a_kenyan_payout_is_refused_the_catalogue_has_it_inactive() {
        Merchant m = TestMerchants.onboard();
        assign(m, "airtel_ke");
        BalancesApiTest.adjust(m.accountId(), "KES", 1000, "fund-" + ref()).then().statusCode(200);
        m.as().body(airtelBody("withdrawal", "airtel_ke", 100, "http://127.0.0.1:9/none")).post("/api/global/payments")
                .then().statusCode(400).body("error_message", org.hamcrest.Matchers.equalTo("The passed channel is not active"));
        airtel.verify(0, postRequestedFor(urlEqualTo(DISBURSE)));
    }

    @Test
    void an_airtel_collection_is_refunded_at_airtel_by_its_airtel_money_id() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "airtel_ke");
        airtel.stubFor(post(urlEqualTo(REFUND)).willReturn(okJson("{\"data\":{\"transaction\":{\"airtel_money_id\":"
                + "\"MP210603.1234.L06941\",\"status\":\"SUCCESS\"}},\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\","
                + "\"result_code\":\"ESB000010\",\"success\":true}}")));
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            String ref = collected(m, 500, receiver.url("/refund"));
            // ends in 00: the sandbox refund provider would decline it, Airtel does not
            String refundRef = "rf-" + ref + "-00";
            m.as().body(Map.of("merchant_reference", ref, "refund_reference", refundRef))
                    .post("/api/global/refunds").then().statusCode(200);
            assertEquals("succeeded", MtnRefundApiTest.awaitRefund(m, refundRef));
            airtel.verify(1, postRequestedFor(urlEqualTo(REFUND)).withHeader("X-Country", equalTo("KE"))
                    .withHeader("X-Currency", equalTo("KES"))
                    .withRequestBody(equalToJson("{\"transaction\":{\"airtel_money_id\":\"MP210603.1234.L06941\"}}")));
            JsonPath done = m.as().get("/api/global/refunds/" + refundRef).then().statusCode(200).extract().jsonPath();
            assertEquals("MP210603.1234.L06941", done.getString("refund.provider_reference"));
            assertEquals(500.0, PaymentsApiTest.status(m, ref).getDouble("transaction.refunded_amount"));
            var cb = receiver.await(r -> r.path().equals("/refund") && r.body().contains("refund.succeeded"), 1,
                    Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            other.as().get("/api/global/refunds/" + refundRef).then().statusCode(404);
        }
    }

    static JsonPath resolve(Merchant m, String account, Map<String, Object> name) {
        var b = new HashMap<String, Object>();
        b.put("country", "KE");
        b.put("provider", "airtel_ke");
        b.put("account_number", account);
        if (name != null) {
            b.put("name", name);
        }
        return m.as().body(b).post("/api/global/payees/resolve").then().statusCode(200).extract().jsonPath();
    }

    @Test
    void payees_resolve_at_airtel_s_kyc_user_enquiry() {
        Merchant m = TestMerchants.onboard();
        airtel.stubFor(get(urlEqualTo("/standard/v1/users/733123456")).willReturn(okJson("{\"data\":{\"first_name\":"
                + "\"Wanjiku\",\"grade\":\"SUBS\",\"is_barred\":false,\"is_pin_set\":true,\"last_name\":\"Kamau\",\"msisdn\":"
                + "\"733123456\",\"registration\":{\"id\":\"1196\",\"status\":\"SUBS\"}},\"status\":{\"code\":\"200\","
                + "\"message\":\"SUCCESS\",\"result_code\":\"ESB000010\",\"response_code\":\"DP02200000001\",\"success\":true}}")));
        JsonPath r = resolve(m, "+254 733 123456", Map.of("first_name", "wanjiku", "last_name", "KAMAU"));
        assertEquals("resolved", r.getString("status"));
        assertEquals("Wanjiku Kamau", r.getString("account_name"));
        assertEquals(100, r.getInt("match.score"));
        airtel.verify(getRequestedFor(urlEqualTo("/standard/v1/users/733123456"))
                .withHeader("Authorization", equalTo("Bearer tok-airtel")).withHeader("X-Country", equalTo("KE"))
                .withHeader("X-Currency", equalTo("KES")));
        airtel.stubFor(get(urlEqualTo("/standard/v1/users/733000404")).willReturn(okJson("{\"status\":{\"code\":\"200\","
                + "\"message\":\"User Not Found\",\"response_code\":\"DP02200000002\",\"success\":false}}")));
        assertEquals(Map.of("status", "not_found"), resolve(m, "0733000404", null).getMap(""));
        airtel.stubFor(get(urlEqualTo("/standard/v1/users/733000777")).willReturn(aResponse().withStatus(503)));
        assertEquals(Map.of("status", "unavailable"), resolve(m, "0733000777", null).getMap(""));
    }

    @Test
    void the_notify_endpoint_needs_no_credentials_and_refuses_what_is_not_json() {
        notify(callback("MZANOSUCHPAYMENT", "TS"));
        given().contentType("application/json").body("not json").post("/api/providers/airtel/notify")
                .then().statusCode(400).body("error_code", org.hamcrest.Matchers.equalTo("invalid_argument"));
    }
}
