package io.mizani.bootstrap.payment;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * card_ng and nip_ng on the Paystack rail, its base URL pointed at a WireMock stub answering with the shapes of
 * Paystack's API reference. The first lookup is a minute away (MIZANI_RAIL_POLL_MS) so that only the payer's return
 * or a signed webhook brings it forward, and the verdict is always Paystack's verify.
 */
@QuarkusTest
@TestProfile(RailStubs.class)
class PaystackRailApiTest {

    static final String PORT = "mizani-test.paystack-port";
    static final String SECRET = "sk_test_4b1d2e6c0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c";
    static WireMockServer paystack;

    public static class WithPaystack implements QuarkusTestProfile {
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
            c.put("mizani.payments.paystack.base-url", "http://localhost:" + System.getProperty(PORT));
            c.put("mizani.payments.paystack.secret-key", SECRET);
            c.put("mizani.payments.rail-poll-ms", "60000");
            c.put("mizani.payments.pending-deadline", "PT60S");
            c.put("mizani.payments.provider-timeout-ms", "3000");
            return c;
        }
    }

    @BeforeEach
    void stubs() {
        if (paystack == null) {
            paystack = new WireMockServer(options().port(Integer.parseInt(System.getProperty(PORT))));
            paystack.start();
        }
        paystack.resetAll();
        ProviderStubs.paystack(paystack);
    }

    static String verify(String status, long amount, String gatewayResponse) {
        return ProviderStubs.paystackVerify(status, amount, gatewayResponse);
    }

    static String transfer(String status) {
        return ProviderStubs.paystackTransfer(status);
    }

    /** Signed here with the JDK's HMAC, independently of the service's own check. */
    static String sign(String body) {
        return ProviderStubs.paystackSignature(SECRET, body);
    }

    static Response notify(String body, String signature) {
        var req = given().contentType("application/json").body(body);
        if (signature != null) {
            req.header("x-paystack-signature", signature);
        }
        return req.post("/api/providers/paystack/notify");
    }

    static String paystackReference(Merchant m, String merchantRef) {
        return PaymentsApiTest.status(m, merchantRef).getString("transaction.reference").toLowerCase(Locale.ROOT);
    }

    /** Waits until Paystack got a POST to {@code path} with this reference. */
    static void posted(String path, String reference) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            if (!paystack.findAll(postRequestedFor(urlEqualTo(path))
                    .withRequestBody(matchingJsonPath("$.reference", equalTo(reference)))).isEmpty()) {
                return;
            }
            PaymentsApiTest.sleep(100);
        }
        fail("Paystack never got " + path + " for " + reference);
    }

    @Test
    void a_card_payment_is_initialized_the_page_hands_the_payer_to_paystack_and_the_return_verifies_and_redirects() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "card_ng");
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var pay = paymentConfig(ref(), "card", receiver.url("/card"));
            pay.put("redirect_url", "https://shop.example/back");
            var body = body("payment", "card", "card_ng", 2500.5, "NGN", "NG", inlineCustomer(),
                    network("card_ng", "net_ng_card", "Visa/Mastercard/Verve", "CARD", "card"), pay);
            String ref = (String) pay.get("reference");
            String checkoutUrl = m.as().body(body).post("/api/global/payments").then().statusCode(200).extract()
                    .jsonPath().getString("checkout_url");
            String reference = paystackReference(m, ref);
            posted("/transaction/initialize", reference);
            var init = paystack.findAll(postRequestedFor(urlEqualTo("/transaction/initialize"))).get(0);
            assertEquals("Bearer " + SECRET, init.getHeader("Authorization"));
            JsonPath sent = new JsonPath(init.getBodyAsString());
            assertEquals("ada@example.com", sent.getString("email"));
            assertEquals(250050L, sent.getLong("amount"));
            assertEquals("NGN", sent.getString("currency"));
            String returnUrl = sent.getString("callback_url");
            assertTrue(returnUrl.matches("http://localhost:\\d+/checkout/[A-Za-z0-9_-]+/return"), returnUrl);
            assertEquals("pending", PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10)));
            assertEquals(reference, PaymentsApiTest.status(m, ref).getString("transaction.provider_reference"));

            // the service's own page hands the payer on to Paystack's authorization_url
            given().redirects().follow(false).get(URI.create(checkoutUrl).getPath()).then().statusCode(303)
                    .header("Location", "https://checkout.paystack.com/0peioxfhpn");

            // a signed charge.success while Paystack's verify still says abandoned changes nothing
            String notice = "{\"event\":\"charge.success\",\"data\":{\"id\":4099260516,\"status\":\"success\",\"reference\":\""
                    + reference + "\",\"amount\":250050,\"currency\":\"NGN\"}}";
            notify(notice, sign(notice)).then().statusCode(200);
            PaymentsApiTest.sleep(1500);
            assertEquals("pending", PaymentsApiTest.status(m, ref).getString("transaction.status"));
            paystack.verify(getRequestedFor(urlEqualTo("/transaction/verify/" + reference)));

            // Paystack sends the payer back: the service verifies and answers 303 to redirect_url
            paystack.stubFor(get(urlEqualTo("/transaction/verify/" + reference)).atPriority(1)
                    .willReturn(okJson(verify("success", 250050, "Successful"))));
            Response back = given().redirects().follow(false).queryParam("trxref", reference)
                    .queryParam("reference", reference).get(URI.create(returnUrl).getPath());
            back.then().statusCode(303);
            assertEquals("https://shop.example/back?merchant_reference=" + ref + "&status=succeeded", back.header("Location"));
            assertEquals("succeeded", PaymentsApiTest.status(m, ref).getString("transaction.status"));
            var cb = receiver.await(r -> r.path().equals("/card") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));
            paystack.verify(1, postRequestedFor(urlEqualTo("/transaction/initialize")));
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);

            // a refund of it goes to Paystack with the transaction's reference
            paystack.stubFor(post(urlEqualTo("/refund")).willReturn(okJson(
                    "{\"status\":true,\"message\":\"Refund has been queued for processing\",\"data\":{\"transaction\":{\"id\":4099260516,"
                            + "\"reference\":\"" + reference + "\",\"amount\":250050,\"currency\":\"NGN\"},\"status\":\"processed\","
                            + "\"currency\":\"NGN\",\"amount\":100000,\"id\":1209341}}")));
            String refundRef = "rf-" + ref;
            m.as().body(Map.of("merchant_reference", ref, "refund_reference", refundRef, "amount", 1000))
                    .post("/api/global/refunds").then().statusCode(200);
            String status = null;
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (System.nanoTime() < deadline) {
                status = m.as().get("/api/global/refunds/" + refundRef).then().statusCode(200).extract().jsonPath()
                        .getString("refund.status");
                if (!"pending".equals(status)) {
                    break;
                }
                PaymentsApiTest.sleep(200);
            }
            assertEquals("succeeded", status);
            assertEquals("1209341", m.as().get("/api/global/refunds/" + refundRef).then().extract().jsonPath()
                    .getString("refund.provider_reference"));
            paystack.verify(1, postRequestedFor(urlEqualTo("/refund"))
                    .withRequestBody(matchingJsonPath("$.transaction", equalTo(reference)))
                    .withRequestBody(matchingJsonPath("$.amount", equalTo("100000"))));
            other.as().get("/api/global/refunds/" + refundRef).then().statusCode(404);

            // a second refund Paystack queues (pending): its next lookup is a minute away (rail-poll-ms 60000)
            paystack.stubFor(post(urlEqualTo("/refund")).atPriority(1).willReturn(okJson(
                    "{\"status\":true,\"message\":\"Refund has been queued for processing\",\"data\":{\"transaction\":{\"id\":4099260516,"
                            + "\"reference\":\"" + reference + "\",\"amount\":250050,\"currency\":\"NGN\"},\"status\":\"pending\","
                            + "\"currency\":\"NGN\",\"amount\":50000,\"id\":1209342}}")));
            paystack.stubFor(get(urlEqualTo("/refund/1209342")).willReturn(okJson(refund(1209342, "pending"))));
            String second = "rf2-" + ref;
            m.as().body(Map.of("merchant_reference", ref, "refund_reference", second, "amount", 500))
                    .post("/api/global/refunds").then().statusCode(200);
            PaymentsApiTest.sleep(1500);
            assertEquals("pending", m.as().get("/api/global/refunds/" + second).then().extract().jsonPath()
                    .getString("refund.status"));
            // Paystack's refund.processed (the shape of its refund webhook: the refunded transaction by reference)
            String refundNotice = "{\"event\":\"refund.processed\",\"data\":{\"status\":\"processed\",\"transaction_reference\":\""
                    + reference + "\",\"refund_reference\":null,\"amount\":\"50000\",\"currency\":\"NGN\",\"processor\":\"mpgs_zen\","
                    + "\"customer\":{\"first_name\":\"Ada\",\"last_name\":\"Obi\",\"email\":\"ada@example.com\"},"
                    + "\"integration\":412829,\"domain\":\"test\"}}";
            // forged (not signed with the secret key): refused, nothing looked up
            notify(refundNotice, sign("{}")).then().statusCode(401);
            // signed while Paystack's lookup still says pending: looked up, still pending (the notice is no verdict)
            int looked = paystack.findAll(getRequestedFor(urlEqualTo("/refund/1209342"))).size();
            notify(refundNotice, sign(refundNotice)).then().statusCode(200);
            long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (paystack.findAll(getRequestedFor(urlEqualTo("/refund/1209342"))).size() == looked
                    && System.nanoTime() < until) {
                PaymentsApiTest.sleep(100);
            }
            assertTrue(paystack.findAll(getRequestedFor(urlEqualTo("/refund/1209342"))).size() > looked,
                    "the signed refund notice brings the refund's lookup forward");
            assertEquals("pending", m.as().get("/api/global/refunds/" + second).then().extract().jsonPath()
                    .getString("refund.status"));
            // Paystack processed it: the next signed notice's lookup settles it, long before the minute's poll
            paystack.stubFor(get(urlEqualTo("/refund/1209342")).atPriority(1).willReturn(okJson(refund(1209342, "processed"))));
            notify(refundNotice, sign(refundNotice)).then().statusCode(200);
            String secondStatus = null;
            until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (System.nanoTime() < until) {
                secondStatus = m.as().get("/api/global/refunds/" + second).then().extract().jsonPath()
                        .getString("refund.status");
                if (!"pending".equals(secondStatus)) {
                    break;
                }
                PaymentsApiTest.sleep(200);
            }
            assertEquals("succeeded", secondStatus);
            var refundEvent = receiver.await(r -> r.path().equals("/card") && r.body().contains(second), 1,
                    Duration.ofSeconds(10)).get(0);
            assertEquals("refund.succeeded", new JsonPath(refundEvent.body()).getString("type"));
            other.as().get("/api/global/refunds/" + second).then().statusCode(404);
        }
    }

    /** Paystack's answer to GET /refund/{id} (Fetch Refund), with the refund's status. */
    static String refund(long id, String status) {
        return "{\"status\":true,\"message\":\"Refund retrieved\",\"data\":{\"integration\":412829,\"transaction\":4099260516,"
                + "\"dispute\":null,\"settlement\":null,\"id\":" + id + ",\"domain\":\"test\",\"currency\":\"NGN\","
                + "\"amount\":50000,\"status\":\"" + status + "\",\"refunded_at\":null,\"refunded_by\":\"ada@example.com\","
                + "\"customer_note\":\"Refund for transaction\",\"merchant_note\":\"Refund for transaction\","
                + "\"deducted_amount\":50000,\"fully_deducted\":true,\"createdAt\":\"2026-11-25T10:00:00.000Z\"}}";
    }

    @Test
    void an_unknown_verify_answer_leaves_the_card_payment_pending_and_the_payer_still_returns() {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ng");
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var pay = paymentConfig(ref(), "card", receiver.url("/unknown"));
            pay.put("redirect_url", "https://shop.example/back");
            var body = body("payment", "card", "card_ng", 1000, "NGN", "NG", inlineCustomer(),
                    network("card_ng", "net_ng_card", "Visa/Mastercard/Verve", "CARD", "card"), pay);
            String ref = (String) pay.get("reference");
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String reference = paystackReference(m, ref);
            posted("/transaction/initialize", reference);
            String returnUrl = new JsonPath(paystack.findAll(postRequestedFor(urlEqualTo("/transaction/initialize"))
                    .withRequestBody(matchingJsonPath("$.reference", equalTo(reference)))).get(0).getBodyAsString())
                    .getString("callback_url");
            PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10));
            paystack.stubFor(get(urlEqualTo("/transaction/verify/" + reference)).atPriority(1)
                    .willReturn(aResponse().withStatus(502).withBody("<html>bad gateway</html>")));
            Response back = given().redirects().follow(false).get(URI.create(returnUrl).getPath() + "?trxref=" + reference);
            back.then().statusCode(303);
            assertEquals("https://shop.example/back?merchant_reference=" + ref + "&status=pending", back.header("Location"));
            assertEquals("pending", PaymentsApiTest.status(m, ref).getString("transaction.status"));
        }
    }

    @Test
    void nip_ng_lists_paystack_banks_and_a_payout_is_a_transfer_settled_by_its_lookup_after_a_signed_webhook() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "nip_ng");
        JsonPath d = m.as().queryParam("country", "NG").get("/api/global/discovery/discover-rails")
                .then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> networks = d.getList("provider_networks.nip_ng");
        List<Map<String, Object>> withdraw = networks.stream().filter(n -> "withdraw".equals(n.get("ramp_type"))).toList();
        assertEquals(List.of("044", "058"), withdraw.stream().map(n -> n.get("network_code")).toList());
        assertEquals(List.of("Access Bank", "Guaranty Trust Bank"), withdraw.stream().map(n -> n.get("network_name")).toList());
        Map<String, Object> gtb = withdraw.get(1);
        assertEquals("net_ng_nip_058", gtb.get("network_id"));
        assertEquals("active", gtb.get("status"));

        BalancesApiTest.adjust(m.accountId(), "NGN", 50000, "fund-" + ref()).then().statusCode(200);
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            var customer = inlineCustomer();
            customer.put("dob", "1990-01-01");
            var body = body("withdrawal", "bank", "nip_ng", 15000, "NGN", "NG", customer,
                    network("nip_ng", "net_ng_nip_058", "Guaranty Trust Bank", "058", "bank_account"),
                    paymentConfig(ref(), "0001234567", receiver.url("/payout")));
            String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            String reference = paystackReference(m, ref);
            posted("/transfer", reference);
            paystack.verify(1, postRequestedFor(urlEqualTo("/transferrecipient"))
                    .withHeader("Authorization", equalTo("Bearer " + SECRET))
                    .withRequestBody(matchingJsonPath("$.type", equalTo("nuban")))
                    .withRequestBody(matchingJsonPath("$.name", equalTo("Ada Obi")))
                    .withRequestBody(matchingJsonPath("$.account_number", equalTo("0001234567")))
                    .withRequestBody(matchingJsonPath("$.bank_code", equalTo("058"))));
            paystack.verify(1, postRequestedFor(urlEqualTo("/transfer"))
                    .withRequestBody(matchingJsonPath("$.amount", equalTo("1500000")))
                    .withRequestBody(matchingJsonPath("$.recipient", equalTo("RCP_t0ya41mp35flk40")))
                    .withRequestBody(matchingJsonPath("$.source", equalTo("balance"))));
            assertEquals("pending", PaymentsApiTest.awaitStatus(m, ref, Set.of("pending"), Duration.ofSeconds(10)));
            assertEquals(reference, PaymentsApiTest.status(m, ref).getString("transaction.provider_reference"));

            // (a merchant's transaction-status read brings a pending payout's lookup forward too: not read from here
            // until the webhook has been sent, so only the webhook can have asked Paystack)
            var lookups = getRequestedFor(urlEqualTo("/transfer/verify/" + reference));
            PaymentsApiTest.sleep(1000);
            int before = paystack.findAll(lookups).size();
            paystack.stubFor(get(urlEqualTo("/transfer/verify/" + reference)).atPriority(1).willReturn(okJson(transfer("success"))));
            String event = "{\"event\":\"transfer.success\",\"data\":{\"amount\":1500000,\"currency\":\"NGN\",\"reference\":\""
                    + reference + "\",\"status\":\"success\",\"transfer_code\":\"TRF_1ptvuv321ahaa7q\"}}";
            // unsigned or wrongly signed: 401 and nothing changes, not even a lookup
            notify(event, null).then().statusCode(401).body("error_code", org.hamcrest.Matchers.equalTo("unauthenticated"));
            notify(event, sign(event + " ")).then().statusCode(401);
            notify(event, "not-a-signature").then().statusCode(401);
            PaymentsApiTest.sleep(1000);
            assertEquals(before, paystack.findAll(lookups).size());

            notify(event, sign(event)).then().statusCode(200);
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (paystack.findAll(lookups).size() == before && System.nanoTime() < deadline) {
                PaymentsApiTest.sleep(50);
            }
            assertTrue(paystack.findAll(lookups).size() > before, "the signed webhook brought Paystack's lookup forward");
            assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"), Duration.ofSeconds(5)));
            var cb = receiver.await(r -> r.path().equals("/payout") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
            cb.verify(m.webhookSecret());
            assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));
            paystack.verify(1, postRequestedFor(urlEqualTo("/transfer")));
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);
        }
    }
}
