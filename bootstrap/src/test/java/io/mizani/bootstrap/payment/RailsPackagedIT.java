package io.mizani.bootstrap.payment;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.mizani.bootstrap.payment.MtnMoMoStub.Answer;
import io.mizani.bootstrap.support.PackagedService;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import javax.crypto.Cipher;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Issue 28 end to end: the packaged service ({@code java -jar quarkus-run.jar}, embedded PostgreSQL) with the base URLs
 * of MTN MoMo, Airtel Money and Paystack pointed at WireMock stubs of their documented shapes (MIZANI_MTN_*,
 * MIZANI_AIRTEL_*, MIZANI_PAYSTACK_*). A merchant onboarded through the operator API drives one collection and one
 * payout per rail to {@code succeeded}, each ending in a Standard Webhooks callback that verifies with the merchant's
 * secret. Then MTN disbursements meet a stub that answers slowly (past the provider timeout), 500 first, or drops the
 * connection after taking the transfer; the service is killed with SIGKILL while they are in flight and started again
 * on the same data: MTN took each payout's X-Reference-Id once (repeats are lookups or 409s), every payout ends final,
 * the balance is exactly its ledger, and duplicated or out-of-order notifications change nothing.
 * <p>
 * One start of the jar for the rails, one restart after the kill.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RailsPackagedIT {

    static final String PAYSTACK_SECRET = "sk_test_packaged_4b1d2e6c0f9a8b7c6d5e4f3a2b1c";
    static final String AIRTEL_PIN = "2468";
    static final int PROVIDER_TIMEOUT_MS = 1500;
    static final int CRASH_PAYOUTS = 12;

    final MtnMoMoStub momo = new MtnMoMoStub();
    WireMockServer mtn;
    WireMockServer airtel;
    WireMockServer paystack;
    KeyPair airtelKeys;
    CallbackReceiver receiver;
    PackagedService service;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @BeforeAll
    void start() throws Exception {
        mtn = MtnMoMoStub.start(momo);
        airtel = new WireMockServer(options().dynamicPort());
        airtel.start();
        ProviderStubs.airtel(airtel);
        paystack = new WireMockServer(options().dynamicPort());
        paystack.start();
        ProviderStubs.paystack(paystack);
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        airtelKeys = g.generateKeyPair();
        receiver = new CallbackReceiver();

        Path data = Path.of("target", "rails-it-data").toAbsolutePath();
        PackagedService.wipe(data);
        int port = PackagedService.freePort();
        Map<String, String> env = new HashMap<>();
        env.put("MIZANI_PUBLIC_URL", "http://127.0.0.1:" + port);
        env.put("MIZANI_MTN_BASE_URL", "http://127.0.0.1:" + mtn.port());
        env.put("MIZANI_MTN_API_USER", ProviderStubs.MTN_API_USER);
        env.put("MIZANI_MTN_API_KEY", ProviderStubs.MTN_API_KEY);
        env.put("MIZANI_MTN_COLLECTION_KEY", ProviderStubs.MTN_COLLECTION_KEY);
        env.put("MIZANI_MTN_DISBURSEMENT_KEY", ProviderStubs.MTN_DISBURSEMENT_KEY);
        env.put("MIZANI_AIRTEL_BASE_URL", "http://127.0.0.1:" + airtel.port());
        env.put("MIZANI_AIRTEL_CLIENT_ID", ProviderStubs.AIRTEL_CLIENT_ID);
        env.put("MIZANI_AIRTEL_CLIENT_SECRET", ProviderStubs.AIRTEL_CLIENT_SECRET);
        env.put("MIZANI_AIRTEL_PIN", AIRTEL_PIN);
        env.put("MIZANI_AIRTEL_PUBLIC_KEY", Base64.getEncoder().encodeToString(airtelKeys.getPublic().getEncoded()));
        env.put("MIZANI_PAYSTACK_BASE_URL", "http://127.0.0.1:" + paystack.port());
        env.put("MIZANI_PAYSTACK_SECRET_KEY", PAYSTACK_SECRET);
        env.put("MIZANI_PROVIDER_TIMEOUT_MS", Integer.toString(PROVIDER_TIMEOUT_MS));
        env.put("MIZANI_RAIL_POLL_MS", "1000");
        env.put("MIZANI_PAYMENTS_POLL_BASE", "PT0.5S");
        env.put("MIZANI_WEBHOOK_RETRY_BASE_MS", "500");
        env.put("MIZANI_SHUTDOWN_GRACE", "PT5S");
        service = new PackagedService(data, port, env, Path.of("target", "rails-it.log"));
        Duration started = service.start(180);
        System.out.printf("rails IT: packaged service ready in %.1f s%n", started.toMillis() / 1000.0);
        RestAssured.baseURI = "http://127.0.0.1";
        RestAssured.port = port;
    }

    @AfterAll
    void stop() throws Exception {
        RestAssured.reset();
        try {
            if (service != null) {
                service.close();
            }
        } finally {
            receiver.close();
            mtn.stop();
            airtel.stop();
            paystack.stop();
        }
    }

    @Test
    @Order(1)
    void each_rail_takes_a_collection_and_a_payout_to_succeeded_with_a_signed_callback() throws Exception {
        long t0 = System.nanoTime();
        Merchant m = TestMerchants.onboard();
        assign(m, "mtn_gh", "airtel_ke", "airtel_ug", "card_ng", "nip_ng");
        TestMerchants.fundBalance(m, "GHS", "500");
        TestMerchants.fundBalance(m, "UGX", "100000");
        TestMerchants.fundBalance(m, "NGN", "50000");

        // all six accepted first, then each settled as its provider would
        var mtnIn = MtnRailApiTest.mtnGh("payment", 12.5, receiver.url("/mtn-in"));
        var mtnOut = MtnRailApiTest.mtnGh("withdrawal", 40, receiver.url("/mtn-out"));
        var airtelIn = AirtelRailApiTest.airtelBody("payment", "airtel_ke", 500, receiver.url("/airtel-in"));
        var airtelOut = AirtelRailApiTest.airtelBody("withdrawal", "airtel_ug", 25000, receiver.url("/airtel-out"));
        var cardConfig = paymentConfig(ref(), "card", receiver.url("/card-in"));
        cardConfig.put("redirect_url", "https://shop.example/back");
        var cardIn = body("payment", "card", "card_ng", 2500.5, "NGN", "NG", inlineCustomer(),
                network("card_ng", "net_ng_card", "Visa/Mastercard/Verve", "CARD", "card"), cardConfig);
        var payee = inlineCustomer();
        payee.put("dob", "1990-01-01");
        var nipOut = body("withdrawal", "bank", "nip_ng", 15000, "NGN", "NG", payee,
                network("nip_ng", "net_ng_nip_058", "Guaranty Trust Bank", "058", "bank_account"),
                paymentConfig(ref(), "0001234567", receiver.url("/nip-out")));
        Map<String, Map<String, Object>> payments = new LinkedHashMap<>();
        payments.put("/mtn-in", mtnIn);
        payments.put("/mtn-out", mtnOut);
        payments.put("/airtel-in", airtelIn);
        payments.put("/airtel-out", airtelOut);
        payments.put("/card-in", cardIn);
        payments.put("/nip-out", nipOut);
        String checkoutUrl = null;
        for (var e : payments.entrySet()) {
            JsonPath accepted = m.as().body(e.getValue()).post("/api/global/payments").then().statusCode(200)
                    .extract().jsonPath();
            if (e.getKey().equals("/card-in")) {
                checkoutUrl = accepted.getString("checkout_url");
            }
        }

        // MTN: the stub took each request once; a stale FAILED notice while MTN's lookup says PENDING moves nothing,
        // then MTN completes both and its callback arrives twice: looked up, settled once
        String mtnInRef = reference(m, mtnIn);
        String mtnOutRef = reference(m, mtnOut);
        MtnMoMoStub.Taken rtp = await(() -> momo.taken(MtnMoMoStub.RTP, mtnInRef), "MTN request to pay");
        MtnMoMoStub.Taken transfer = await(() -> momo.taken(MtnMoMoStub.TRANSFER, mtnOutRef), "MTN transfer");
        assertEquals("12.5", rtp.amount());
        assertEquals("233241234567", rtp.party());
        assertEquals("40", transfer.amount());
        assertEquals("http://127.0.0.1:" + service.port() + "/api/providers/mtn/notify", rtp.callbackUrl());
        mtnCallback(rtp, "FAILED");
        PaymentsApiTest.sleep(1500);
        assertEquals("pending", status(m, mtnIn).getString("transaction.status"), "MTN's lookup still says PENDING");
        momo.settle(mtnInRef, "SUCCESSFUL", null);
        momo.settle(mtnOutRef, "SUCCESSFUL", null);
        for (int i = 0; i < 2; i++) {
            mtnCallback(rtp, "SUCCESSFUL");
            mtnCallback(transfer, "SUCCESSFUL");
        }

        // Airtel: the USSD push (KE) and the disbursement (UG) with the PIN Airtel's private key opens
        String airtelInId = new JsonPath(awaitPost(airtel, ProviderStubs.AIRTEL_COLLECT, "$.reference",
                reference(m, airtelIn)).getBodyAsString()).getString("transaction.id");
        LoggedRequest disbursement = awaitPost(airtel, ProviderStubs.AIRTEL_DISBURSE, "$.transaction.type", "B2C");
        JsonPath sent = new JsonPath(disbursement.getBodyAsString());
        assertEquals("752123456", sent.getString("payee.msisdn"));
        assertNotEquals(AIRTEL_PIN, sent.getString("pin"));
        assertEquals(AIRTEL_PIN, decryptAsAirtel(sent.getString("pin")));
        String airtelOutId = sent.getString("transaction.id");
        airtel.stubFor(get(urlEqualTo(ProviderStubs.AIRTEL_ENQUIRY + airtelInId)).atPriority(1)
                .willReturn(okJson(ProviderStubs.airtelEnquiry("TS", "DP00800001001"))));
        airtel.stubFor(get(urlEqualTo(ProviderStubs.AIRTEL_DISBURSE + airtelOutId)).atPriority(1)
                .willReturn(okJson(ProviderStubs.airtelEnquiry("TS", "DP00900001001"))));
        for (String id : List.of(airtelInId, airtelOutId)) {
            given().contentType("application/json").body(ProviderStubs.airtelCallback(id, "TS"))
                    .post("/api/providers/airtel/notify").then().statusCode(200);
        }

        // Paystack card: the service's page hands the payer to authorization_url; the payer's return is verified
        String cardRef = reference(m, cardIn).toLowerCase(Locale.ROOT);
        LoggedRequest init = awaitPost(paystack, "/transaction/initialize", "$.reference", cardRef);
        String returnUrl = new JsonPath(init.getBodyAsString()).getString("callback_url");
        given().redirects().follow(false).get(URI.create(checkoutUrl).getPath()).then().statusCode(303)
                .header("Location", "https://checkout.paystack.com/0peioxfhpn");
        paystack.stubFor(get(urlEqualTo("/transaction/verify/" + cardRef)).atPriority(1)
                .willReturn(okJson(ProviderStubs.paystackVerify("success", 250050, "Successful"))));
        Response back = given().redirects().follow(false).queryParam("trxref", cardRef).queryParam("reference", cardRef)
                .get(URI.create(returnUrl).getPath());
        back.then().statusCode(303);
        assertEquals("https://shop.example/back?merchant_reference=" + merchantRef(cardIn) + "&status=succeeded",
                back.header("Location"));

        // Paystack bank payout: recipient, transfer, then a signed transfer.success brings Verify forward
        String nipRef = reference(m, nipOut).toLowerCase(Locale.ROOT);
        awaitPost(paystack, "/transfer", "$.reference", nipRef);
        paystack.stubFor(get(urlEqualTo("/transfer/verify/" + nipRef)).atPriority(1)
                .willReturn(okJson(ProviderStubs.paystackTransfer("success"))));
        String event = "{\"event\":\"transfer.success\",\"data\":{\"amount\":1500000,\"currency\":\"NGN\",\"reference\":\""
                + nipRef + "\",\"status\":\"success\",\"transfer_code\":\"TRF_1ptvuv321ahaa7q\"}}";
        given().contentType("application/json").header("x-paystack-signature",
                        ProviderStubs.paystackSignature(PAYSTACK_SECRET, event)).body(event)
                .post("/api/providers/paystack/notify").then().statusCode(200);

        // every payment succeeded, each with one callback signed with the merchant's secret
        for (var e : payments.entrySet()) {
            String ref = merchantRef(e.getValue());
            assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"),
                    Duration.ofSeconds(15)), e.getKey());
            var cb = receiver.await(r -> r.path().equals(e.getKey()), 1, Duration.ofSeconds(15)).get(0);
            cb.verify(m.webhookSecret());
            JsonPath callback = new JsonPath(cb.body());
            assertEquals("transaction.succeeded", callback.getString("type"), e.getKey());
            assertTrue(cb.body().contains(ref), e.getKey());
        }
        PaymentsApiTest.sleep(1000);
        for (String path : payments.keySet()) {
            assertEquals(1, receiver.to(path).stream().map(r -> r.header("webhook-id")).distinct().count(),
                    "one event per payment: " + path);
        }
        // each provider got each request once
        assertEquals(List.of(transfer.referenceId()), momo.acceptedFor(mtnOutRef));
        assertEquals(List.of(rtp.referenceId()), momo.acceptedFor(mtnInRef));
        airtel.verify(1, postRequestedFor(urlEqualTo(ProviderStubs.AIRTEL_COLLECT)));
        airtel.verify(1, postRequestedFor(urlEqualTo(ProviderStubs.AIRTEL_DISBURSE)));
        paystack.verify(1, postRequestedFor(urlEqualTo("/transaction/initialize")));
        paystack.verify(1, postRequestedFor(urlEqualTo("/transfer")));
        System.out.printf("rails IT: 3 rails, 3 collections and 3 payouts succeeded with verified callbacks in %.1f s%n",
                (System.nanoTime() - t0) / 1e9);
    }

    @Test
    @Order(2)
    void mtn_payouts_killed_in_flight_are_taken_once_end_final_and_the_balance_is_its_ledger() throws Exception {
        long t0 = System.nanoTime();
        Merchant m = TestMerchants.onboard();
        assign(m, "mtn_gh");
        BigDecimal funded = new BigDecimal("1000.00");
        TestMerchants.fundBalance(m, "GHS", funded.toPlainString());

        // MTN answers new transfers in turn: slowly (taken, 202 after the service gave up), 500 (not taken), by
        // dropping the connection (taken, no answer), at once; a third of them end FAILED (NOT_ENOUGH_FUNDS)
        Answer[] turns = {Answer.SLOW, Answer.ERROR_500, Answer.TAKE_AND_DROP, Answer.ACCEPT};
        momo.slowMs = 3 * PROVIDER_TIMEOUT_MS;
        momo.firstAnswer = (resource, n) -> MtnMoMoStub.TRANSFER.equals(resource) ? turns[n % turns.length] : Answer.ACCEPT;
        Map<String, String> expected = new LinkedHashMap<>(); // merchant reference -> final status
        Map<String, String> references = new LinkedHashMap<>(); // merchant reference -> MTN externalId
        for (int i = 0; i < CRASH_PAYOUTS; i++) {
            var payout = MtnRailApiTest.mtnGh("withdrawal", 10 + i, receiver.url("/crash"));
            String ref = merchantRef(payout);
            m.as().body(payout).post("/api/global/payments").then().statusCode(200);
            String reference = reference(m, payout);
            references.put(ref, reference);
            boolean fails = i % 3 == 2;
            momo.settle(reference, fails ? "FAILED" : "SUCCESSFUL", fails ? "NOT_ENOUGH_FUNDS" : null);
            expected.put(ref, fails ? "failed" : "succeeded");
        }
        // kill -9 while MTN still holds a slow answer, right after the last payout was accepted
        await(() -> momo.slowHeld() > 0 ? Boolean.TRUE : null, "a slow MTN answer in flight");
        long finalBefore = withdrawals(m).stream().filter(t -> !"pending".equals(t.get("status"))
                && !"queued".equals(t.get("status"))).count();
        long takenBefore = references.values().stream().filter(r -> !momo.acceptedFor(r).isEmpty()).count();
        int inFlight = momo.slowHeld();
        service.kill();
        long killedAt = System.nanoTime();
        // MTN sends its callback once and never again: these reach nobody
        for (var t : momo.taken(MtnMoMoStub.TRANSFER)) {
            mtnCallback(t, "SUCCESSFUL");
        }
        Duration restarted = service.start(180);
        System.out.printf("rails IT: killed with %d of %d payouts final, %d taken at MTN, %d slow answers MTN still held;"
                + " restarted in %.1f s%n", finalBefore, CRASH_PAYOUTS, takenBefore, inFlight, restarted.toMillis() / 1000.0);

        // every payout final (read before judging: a payout that never ends is reported after MTN's counts)
        Map<String, String> finalStatus = new LinkedHashMap<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
        while (System.nanoTime() < deadline) {
            finalStatus.clear();
            for (String ref : expected.keySet()) {
                finalStatus.put(ref, PaymentsApiTest.status(m, ref).getString("transaction.status"));
            }
            if (finalStatus.values().stream().allMatch(s -> s.equals("succeeded") || s.equals("failed"))) {
                break;
            }
            PaymentsApiTest.sleep(250);
        }
        double settleSeconds = (System.nanoTime() - killedAt) / 1e9;

        // at MTN: each payout's request taken once, under one X-Reference-Id; repeats were lookups or 409s
        int posts = 0;
        int conflicts = 0;
        int lookups = 0;
        int refused = 0;
        for (var e : references.entrySet()) {
            List<String> accepted = momo.acceptedFor(e.getValue());
            assertEquals(1, accepted.size(), "transfers MTN took for " + e.getKey() + ": " + accepted + " "
                    + momo.postedIdsFor(e.getValue()));
            assertEquals(Set.copyOf(accepted), momo.postedIdsFor(e.getValue()), "one X-Reference-Id per payout");
            MtnMoMoStub.Counts c = momo.counts(accepted.get(0));
            posts += c.posts();
            conflicts += c.conflicts();
            lookups += c.lookups();
            refused += c.refused();
        }
        assertTrue(refused > 0 && conflicts > 0, "the stub's 500s and 409s were met: " + refused + ", " + conflicts);
        assertTrue(finalBefore < CRASH_PAYOUTS, "payouts were in flight at the kill");
        assertEquals(expected, finalStatus, "every payout final, as MTN's lookup says");
        System.out.printf("rails IT: %d payouts, %d taken at MTN (%d POSTs: %d answered 500, %d answered 409;"
                        + " %d lookups), all final %.1f s after the kill%n", CRASH_PAYOUTS, references.size(), posts,
                refused, conflicts, lookups, settleSeconds);
        for (var t : withdrawals(m)) {
            if ("failed".equals(t.get("status"))) {
                assertEquals("insufficient funds", t.get("failure_reason"));
            }
        }

        // the balance is its ledger: available = the entries' sum = funded - every succeeded payout's amount + fee
        Ledger before = ledger(m);
        BigDecimal spent = withdrawals(m).stream().filter(t -> "succeeded".equals(t.get("status")))
                .map(t -> decimal(t.get("amount")).add(decimal(t.get("fee")))).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(0, before.reserved().signum(), "nothing left reserved");
        assertEquals(0, before.available().compareTo(before.entriesSum()), "available is the sum of its entries");
        assertEquals(0, before.available().compareTo(funded.subtract(spent)), "funded less what was paid out");
        long failures = expected.values().stream().filter("failed"::equals).count();
        assertEquals(Map.of("adjustment", 1L, "withdrawal_reserve", (long) CRASH_PAYOUTS, "withdrawal_release", failures),
                before.types(), "one reservation per payout, one release per failed one");

        // merchant callbacks: each payout's event delivered (at least once, one webhook-id), signed, saying its end
        PaymentsApiTest.sleep(1000);
        for (var e : expected.entrySet()) {
            var cbs = receiver.await(r -> r.path().equals("/crash") && r.body().contains(e.getKey()), 1,
                    Duration.ofSeconds(15));
            for (var cb : cbs) {
                cb.verify(m.webhookSecret());
                assertEquals("transaction." + e.getValue(), new JsonPath(cb.body()).getString("type"));
            }
            assertEquals(1, cbs.stream().map(r -> r.header("webhook-id")).distinct().count(), e.getKey());
        }

        // MTN's callback twice, and a late one saying the opposite: only lookups, nothing changes
        int callbacksBefore = receiver.to("/crash").size();
        for (var t : momo.taken(MtnMoMoStub.TRANSFER)) {
            if (!references.containsValue(t.externalId())) {
                continue;
            }
            String said = expected.get(merchantRefOf(references, t.externalId())).equals("failed") ? "FAILED" : "SUCCESSFUL";
            mtnCallback(t, said);
            mtnCallback(t, said);
            mtnCallback(t, said.equals("FAILED") ? "SUCCESSFUL" : "FAILED");
        }
        PaymentsApiTest.sleep(2000);
        for (var e : expected.entrySet()) {
            assertEquals(e.getValue(), PaymentsApiTest.status(m, e.getKey()).getString("transaction.status"));
        }
        assertEquals(before, ledger(m), "notifications moved no money");
        assertEquals(callbacksBefore, receiver.to("/crash").size(), "no new merchant callback");
        for (String reference : references.values()) {
            assertEquals(1, momo.acceptedFor(reference).size());
        }
        System.out.printf("rails IT: crash part %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }

    record Ledger(BigDecimal available, BigDecimal reserved, BigDecimal entriesSum, Map<String, Long> types) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Ledger l && available.compareTo(l.available) == 0 && reserved.compareTo(l.reserved) == 0
                    && entriesSum.compareTo(l.entriesSum) == 0 && types.equals(l.types);
        }

        @Override
        public int hashCode() {
            return types.hashCode();
        }
    }

    /** GHS balance as the merchant reads it, and its entries (every page). */
    static Ledger ledger(Merchant m) {
        var row = BalancesApiTest.balance(m, "GHS");
        List<Map<String, Object>> entries = new ArrayList<>();
        String after = null;
        while (true) {
            var req = m.as().queryParam("limit", 100);
            if (after != null) {
                req.queryParam("starting_after", after);
            }
            JsonPath page = req.get("/api/global/balances/GHS/entries").then().statusCode(200).extract().jsonPath();
            List<Map<String, Object>> got = page.getList("entries");
            entries.addAll(got);
            if (!page.getBoolean("has_more") || got.isEmpty()) {
                break;
            }
            after = String.valueOf(got.get(got.size() - 1).get("id"));
        }
        BigDecimal sum = entries.stream().map(e -> decimal(e.get("amount"))).reduce(BigDecimal.ZERO, BigDecimal::add);
        return new Ledger(decimal(row.get("available")), decimal(row.get("reserved")), sum,
                entries.stream().collect(Collectors.groupingBy(e -> (String) e.get("type"), Collectors.counting())));
    }

    static List<Map<String, Object>> withdrawals(Merchant m) {
        return m.as().queryParam("request_type", "withdrawal").queryParam("limit", 100).get("/api/global/transactions")
                .then().statusCode(200).extract().jsonPath().getList("transactions");
    }

    static BigDecimal decimal(Object v) {
        return new BigDecimal(String.valueOf(v));
    }

    static String merchantRefOf(Map<String, String> references, String externalId) {
        return references.entrySet().stream().filter(e -> e.getValue().equals(externalId)).findFirst().orElseThrow()
                .getKey();
    }

    static String merchantRef(Map<String, Object> body) {
        return (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
    }

    static JsonPath status(Merchant m, Map<String, Object> body) {
        return PaymentsApiTest.status(m, merchantRef(body));
    }

    /** The payment's own reference (MTN's externalId, Airtel's reference, Paystack's reference lower-cased). */
    static String reference(Merchant m, Map<String, Object> body) {
        return status(m, body).getString("transaction.reference");
    }

    /** What MTN sends to the X-Callback-Url it was given (PUT, no credentials), once per call. */
    void mtnCallback(MtnMoMoStub.Taken t, String status) {
        String body = "{\"financialTransactionId\":\"" + Math.abs(t.referenceId().hashCode()) + "\",\"externalId\":\""
                + t.externalId() + "\",\"amount\":\"" + t.amount() + "\",\"currency\":\"" + t.currency() + "\",\"status\":\""
                + status + "\"" + ("FAILED".equals(status) ? ",\"reason\":\"APPROVAL_REJECTED\"" : "") + "}";
        try {
            http.send(HttpRequest.newBuilder(URI.create(t.callbackUrl())).timeout(Duration.ofSeconds(5))
                    .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (java.io.IOException e) {
            // nobody listening (the service is down): MTN does not retry
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    String decryptAsAirtel(String pinField) throws Exception {
        Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        rsa.init(Cipher.DECRYPT_MODE, airtelKeys.getPrivate());
        return new String(rsa.doFinal(Base64.getDecoder().decode(pinField)), StandardCharsets.UTF_8);
    }

    /** Waits for the POST to {@code path} whose JSON body has {@code value} at {@code jsonPath}. */
    LoggedRequest awaitPost(WireMockServer stub, String path, String jsonPath, String value) {
        return await(() -> stub.findAll(postRequestedFor(urlEqualTo(path))
                .withRequestBody(matchingJsonPath(jsonPath, equalTo(value)))).stream().findFirst().orElse(null),
                path + " with " + value);
    }

    <T> T await(java.util.function.Supplier<T> found, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            T t = found.get();
            if (t != null) {
                return t;
            }
            PaymentsApiTest.sleep(50);
        }
        return fail("never came: " + what + "; MTN got " + journal(mtn) + "; Airtel got " + journal(airtel)
                + "; Paystack got " + journal(paystack));
    }

    /** What a stub was asked and answered, oldest first (for failure messages). */
    static String journal(WireMockServer stub) {
        return stub.getAllServeEvents().reversed().stream().map(e -> e.getRequest().getMethod() + " "
                + e.getRequest().getUrl() + " " + e.getResponse().getStatus()).toList().toString();
    }
}
