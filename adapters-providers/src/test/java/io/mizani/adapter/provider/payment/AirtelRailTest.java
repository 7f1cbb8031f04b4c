package io.mizani.adapter.provider.payment;

import io.mizani.adapter.provider.common.MovableClock;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.tenancy.AccountId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.crypto.Cipher;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.*;

/** The Airtel Money adapter against WireMock stubs of Airtel's documented request and answer shapes. */
class AirtelRailTest {

    static final String TOKEN = "/auth/oauth2/token";
    static final String COLLECT = "/merchant/v1/payments/";
    static final String ENQUIRY = "/standard/v1/payments/";
    static final String DISBURSE = "/standard/v1/disbursements/";
    static final KeyPair AIRTEL_KEYS = keyPair();

    WireMockServer wm;
    AirtelRail rail;
    MovableClock clock = new MovableClock(Instant.parse("2026-03-01T09:30:00Z"));

    static KeyPair keyPair() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048);
            return g.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Airtel's public key as its docs hand it out: base64 of the X.509 SubjectPublicKeyInfo. */
    static String publicKey() {
        return Base64.getEncoder().encodeToString(AIRTEL_KEYS.getPublic().getEncoded());
    }

    /** What Airtel does with the pin field: base64-decode, RSA PKCS#1 v1.5 decrypt with its private key. */
    static String decryptAsAirtel(String pinField) throws Exception {
        Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        rsa.init(Cipher.DECRYPT_MODE, AIRTEL_KEYS.getPrivate());
        return new String(rsa.doFinal(Base64.getDecoder().decode(pinField)), StandardCharsets.UTF_8);
    }

    static AirtelConfig config(String baseUrl) {
        return new AirtelConfig(new AirtelConfig.Api(baseUrl, Duration.ofMillis(2500), Duration.ofSeconds(10)),
                new AirtelConfig.Client("client-id", "client-secret"), new AirtelConfig.Disbursement("1234", publicKey()));
    }

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        token("tok-1", "180");
        rail = new AirtelRail(config(wm.baseUrl()), clock);
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    void token(String token, String expiresIn) {
        wm.stubFor(post(urlEqualTo(TOKEN))
                .withRequestBody(equalToJson("{\"client_id\":\"client-id\",\"client_secret\":\"client-secret\","
                        + "\"grant_type\":\"client_credentials\"}"))
                .willReturn(okJson("{\"access_token\":\"" + token + "\",\"expires_in\":\"" + expiresIn
                        + "\",\"token_type\":\"bearer\"}")));
    }

    static Payment payment(RequestType type, String reference, String country, String provider, String amount,
                           String currency, String account) {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of(reference), "order-1", null),
                new Payment.Routing(type, country, Rail.MOMO, provider, "net_" + provider, "ch"),
                new Payment.Amounts(Money.of(new BigDecimal(amount), currency), Money.of(BigDecimal.ONE, "USD"),
                        Money.of(BigDecimal.ZERO, currency)), null,
                new Payment.Customer("A", "B", "a@b.c", account, null, country, null, null),
                new Payment.Instructions(account, "https://m/cb", null, "Order 1", null, null),
                Instant.now()).stored(1);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.QUEUED, null, null, 0), accepted.times());
    }

    static Payment collection() {
        return payment(RequestType.PAYMENT, "MZPCOLLECT0001", "KE", "airtel_ke", "1000.00", "KES", "+254 733 123456");
    }

    static Payment payout() {
        return payment(RequestType.WITHDRAWAL, "MZPPAYOUT0001", "UG", "airtel_ug", "25000.00", "UGX", "0752 123456");
    }

    static String enquiry(String status, String code, String message) {
        return "{\"data\":{\"transaction\":{\"airtel_money_id\":\"C36XXXXX67\",\"id\":\"MZACOLLECT0001\",\"message\":\""
                + message + "\",\"status\":\"" + status + "\"}},\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\","
                + "\"result_code\":\"ESB000010\",\"response_code\":\"" + code + "\",\"success\":true}}";
    }

    static final String ACCEPTED = "{\"data\":{\"transaction\":{\"id\":false,\"status\":\"SUCCESS\"}},"
            + "\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\",\"result_code\":\"ESB000010\","
            + "\"response_code\":\"DP00800001006\",\"success\":true}}";

    void enquiryAnswers(String path, String body) {
        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(body)));
    }

    @Test
    void a_ussd_push_sends_the_documented_request_and_is_pending_under_one_transaction_id() {
        Payment p = collection();
        wm.stubFor(post(urlEqualTo(COLLECT)).willReturn(okJson(ACCEPTED)));
        assertEquals(new RailOutcome.Submitted("MZACOLLECT0001", Duration.ofSeconds(10)), rail.initiate(p));
        wm.verify(1, postRequestedFor(urlEqualTo(COLLECT))
                .withHeader("Authorization", equalTo("Bearer tok-1"))
                .withHeader("X-Country", equalTo("KE"))
                .withHeader("X-Currency", equalTo("KES"))
                .withHeader("Content-Type", containing("application/json"))
                .withRequestBody(equalToJson("""
                        {"reference":"MZPCOLLECT0001",
                         "subscriber":{"country":"KE","currency":"KES","msisdn":"733123456"},
                         "transaction":{"amount":1000,"country":"KE","currency":"KES","id":"MZACOLLECT0001"}}""")));
        assertEquals("MZACOLLECT0001", AirtelRail.transactionId(p));
        assertEquals("MZPCOLLECT0001", AirtelRail.paymentReference("MZACOLLECT0001"));
    }

    @Test
    void the_enquiry_maps_ts_tf_tip_and_ta_and_names_each_documented_failure() {
        Payment p = collection();
        String path = ENQUIRY + "MZACOLLECT0001";
        enquiryAnswers(path, enquiry("TS", "DP00800001001", "success"));
        assertEquals(new RailOutcome.Succeeded("MZACOLLECT0001"), rail.query(p));
        enquiryAnswers(path, enquiry("TIP", "DP00800001006", "In process"));
        assertEquals(new RailOutcome.Submitted("MZACOLLECT0001", Duration.ofSeconds(10)), rail.query(p));
        enquiryAnswers(path, enquiry("TA", "DP00800001000", "Ambiguous"));
        assertEquals(new RailOutcome.Submitted("MZACOLLECT0001", Duration.ofSeconds(10)), rail.query(p));
        String[][] reasons = {{"DP00800001002", "payer entered an incorrect PIN"},
                {"DP00800001007", "insufficient funds"}, {"DP00800001008", "transaction refused"},
                {"DP00800001024", "payer did not approve in time"}, {"DP00800001010", "transaction not permitted to payee"}};
        for (String[] r : reasons) {
            enquiryAnswers(path, enquiry("TF", r[0], "failed"));
            assertEquals(new RailOutcome.Declined("MZACOLLECT0001", r[1]), rail.query(p), r[0]);
        }
        enquiryAnswers(path, enquiry("TF", "DP00800009999", "Payer is barred"));
        assertEquals(new RailOutcome.Declined("MZACOLLECT0001", "Airtel: Payer is barred"), rail.query(p));
        wm.verify(0, postRequestedFor(urlEqualTo(COLLECT)));
        wm.verify(getRequestedFor(urlEqualTo(path)).withHeader("X-Country", equalTo("KE"))
                .withHeader("X-Currency", equalTo("KES")).withHeader("Authorization", equalTo("Bearer tok-1")));
    }

    @Test
    void a_documented_refusal_on_submission_fails_and_an_ambiguous_one_stays_pending() {
        Payment p = collection();
        wm.stubFor(post(urlEqualTo(COLLECT)).willReturn(okJson("{\"data\":{},\"status\":{\"code\":\"200\","
                + "\"message\":\"Not enough balance\",\"response_code\":\"DP00800001007\",\"success\":false}}")));
        assertEquals(new RailOutcome.Declined("MZACOLLECT0001", "insufficient funds"), rail.initiate(p));
        wm.stubFor(post(urlEqualTo(COLLECT)).willReturn(okJson("{\"data\":{},\"status\":{\"code\":\"200\","
                + "\"message\":\"Ambiguous\",\"response_code\":\"DP00800001000\",\"success\":false}}")));
        assertEquals(new RailOutcome.Submitted("MZACOLLECT0001", Duration.ofSeconds(10)), rail.initiate(p));
    }

    @Test
    void timeout_5xx_and_unreadable_answers_are_unknown_never_failed() {
        Payment p = collection();
        String path = ENQUIRY + "MZACOLLECT0001";
        wm.stubFor(post(urlEqualTo(COLLECT)).willReturn(okJson(ACCEPTED).withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(p));
        wm.stubFor(get(urlEqualTo(path)).willReturn(aResponse().withStatus(503)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
        wm.stubFor(get(urlEqualTo(path)).willReturn(aResponse().withStatus(200).withBody("<html>gateway</html>")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
        enquiryAnswers(path, enquiry("SOMETHING_NEW", "DP00800001001", "x"));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
    }

    @Test
    void a_timed_out_submission_is_found_by_the_enquiry_and_never_sent_again() {
        Payment p = collection();
        String path = ENQUIRY + "MZACOLLECT0001";
        wm.stubFor(post(urlEqualTo(COLLECT)).willReturn(okJson(ACCEPTED).withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(p));
        enquiryAnswers(path, enquiry("TIP", "DP00800001006", "In process"));
        assertEquals(new RailOutcome.Submitted("MZACOLLECT0001", Duration.ofSeconds(10)), rail.query(p));
        enquiryAnswers(path, enquiry("TS", "DP00800001001", "success"));
        assertEquals(new RailOutcome.Succeeded("MZACOLLECT0001"), rail.query(p));
        wm.verify(1, postRequestedFor(urlEqualTo(COLLECT)));
    }

    @Test
    void an_enquiry_for_a_transaction_airtel_never_received_sends_it_under_the_same_id() {
        Payment p = collection();
        enquiryAnswers(ENQUIRY + "MZACOLLECT0001", "{\"data\":{},\"status\":{\"code\":\"200\",\"message\":"
                + "\"Transaction Not Found\",\"response_code\":\"DP00800001025\",\"success\":false}}");
        wm.stubFor(post(urlEqualTo(COLLECT)).willReturn(okJson(ACCEPTED)));
        assertEquals(new RailOutcome.Submitted("MZACOLLECT0001", Duration.ofSeconds(10)), rail.query(p));
        wm.verify(1, postRequestedFor(urlEqualTo(COLLECT))
                .withRequestBody(matchingJsonPath("$.transaction.id", equalTo("MZACOLLECT0001"))));
    }

    @Test
    void the_token_is_cached_for_its_lifetime_and_refreshed_before_it_expires() {
        Payment p = collection();
        String path = ENQUIRY + "MZACOLLECT0001";
        enquiryAnswers(path, enquiry("TIP", "DP00800001006", "In process"));
        rail.query(p);
        rail.query(p);
        wm.verify(1, postRequestedFor(urlEqualTo(TOKEN)));
        // Airtel's token lives 180 s: 121 s later (less than a minute before expiry) the next call gets a new one first
        token("tok-2", "180");
        clock.now = clock.now.plusSeconds(121);
        rail.query(p);
        wm.verify(2, postRequestedFor(urlEqualTo(TOKEN)));
        wm.verify(1, getRequestedFor(urlEqualTo(path)).withHeader("Authorization", equalTo("Bearer tok-2")));
        wm.verify(2, getRequestedFor(urlEqualTo(path)).withHeader("Authorization", equalTo("Bearer tok-1")));
    }

    @Test
    void a_token_expired_mid_flight_is_refreshed_and_the_call_retried_and_bad_credentials_are_unknown() {
        Payment p = collection();
        String path = ENQUIRY + "MZACOLLECT0001";
        enquiryAnswers(path, enquiry("TIP", "DP00800001006", "In process"));
        rail.query(p);
        token("tok-new", "180");
        wm.stubFor(get(urlEqualTo(path)).withHeader("Authorization", equalTo("Bearer tok-1"))
                .willReturn(aResponse().withStatus(401)));
        wm.stubFor(get(urlEqualTo(path)).withHeader("Authorization", equalTo("Bearer tok-new"))
                .willReturn(okJson(enquiry("TS", "DP00800001001", "success"))));
        assertEquals(new RailOutcome.Succeeded("MZACOLLECT0001"), rail.query(p));
        wm.verify(2, postRequestedFor(urlEqualTo(TOKEN)));

        // a wrong client secret: Airtel refuses the token; the payment is unknown and nothing is submitted
        AirtelRail wrong = new AirtelRail(new AirtelConfig(config(wm.baseUrl()).api(),
                new AirtelConfig.Client("client-id", "wrong"), config(wm.baseUrl()).disbursement()), clock);
        wm.stubFor(post(urlEqualTo(TOKEN)).withRequestBody(matchingJsonPath("$.client_secret", equalTo("wrong")))
                .willReturn(aResponse().withStatus(401).withHeader("Content-Type", "application/json")
                        .withBody("{\"error\":\"invalid_client\",\"error_description\":\"Client authentication failed\"}")));
        assertInstanceOf(RailOutcome.NoAnswer.class, wrong.initiate(p));
        wm.verify(0, postRequestedFor(urlEqualTo(COLLECT)));
    }

    @Test
    void concurrent_calls_share_one_token_refresh() throws Exception {
        Payment p = collection();
        enquiryAnswers(ENQUIRY + "MZACOLLECT0001", enquiry("TIP", "DP00800001006", "In process"));
        wm.stubFor(post(urlEqualTo(TOKEN)).willReturn(okJson(
                "{\"access_token\":\"slow\",\"expires_in\":\"180\",\"token_type\":\"bearer\"}").withFixedDelay(300)));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<RailOutcome>> all = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                all.add(pool.submit((Callable<RailOutcome>) () -> rail.query(p)));
            }
            for (Future<RailOutcome> f : all) {
                assertInstanceOf(RailOutcome.Submitted.class, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        wm.verify(1, postRequestedFor(urlEqualTo(TOKEN)));
    }

    @Test
    void a_disbursement_carries_the_pin_encrypted_under_airtel_s_public_key() throws Exception {
        Payment p = payout();
        wm.stubFor(post(urlEqualTo(DISBURSE)).willReturn(okJson("{\"data\":{\"transaction\":{\"reference_id\":\"18354\","
                + "\"airtel_money_id\":\"partner-41\",\"id\":\"MZAPAYOUT0001\",\"status\":\"TIP\",\"message\":\"In progress\"}},"
                + "\"status\":{\"response_code\":\"DP00900001006\",\"code\":\"200\",\"success\":true,"
                + "\"result_code\":\"ESB000010\",\"message\":\"SUCCESS\"}}")));
        assertEquals(new RailOutcome.Submitted("MZAPAYOUT0001", Duration.ofSeconds(10)), rail.initiate(p));
        LoggedRequest sent = wm.findAll(postRequestedFor(urlEqualTo(DISBURSE))).get(0);
        assertEquals("UG", sent.getHeader("X-Country"));
        assertEquals("UGX", sent.getHeader("X-Currency"));
        var body = new ObjectMapper().readTree(sent.getBodyAsString());
        assertEquals("752123456", body.path("payee").path("msisdn").asText());
        assertEquals("NORMAL", body.path("payee").path("wallet_type").asText());
        assertEquals("MZPPAYOUT0001", body.path("reference").asText());
        assertEquals("MZAPAYOUT0001", body.path("transaction").path("id").asText());
        assertEquals("B2C", body.path("transaction").path("type").asText());
        assertEquals(new BigDecimal("25000"), body.path("transaction").path("amount").decimalValue());
        String pin = body.path("pin").asText();
        assertNotEquals("1234", pin, "the PIN never travels in clear");
        assertEquals("1234", decryptAsAirtel(pin));

        enquiryAnswers(DISBURSE + "MZAPAYOUT0001", "{\"data\":{\"transaction\":{\"id\":\"MZAPAYOUT0001\",\"message\":"
                + "\"Not enough funds\",\"status\":\"TF\"}},\"status\":{\"response_code\":\"DP00900001007\",\"code\":\"200\","
                + "\"success\":true,\"message\":\"SUCCESS\"}}");
        assertEquals(new RailOutcome.Declined("MZAPAYOUT0001", "insufficient funds in the disbursement account"), rail.query(p));
        enquiryAnswers(DISBURSE + "MZAPAYOUT0001", "{\"data\":{\"transaction\":{\"id\":\"MZAPAYOUT0001\",\"airtel_money_id\":"
                + "\"partner-41\",\"message\":\"Transaction Successful\",\"status\":\"TS\"}},\"status\":{\"response_code\":"
                + "\"DP00900001001\",\"code\":\"200\",\"success\":true,\"message\":\"SUCCESS\"}}");
        assertEquals(new RailOutcome.Succeeded("MZAPAYOUT0001"), rail.query(p));
        wm.verify(0, postRequestedFor(urlEqualTo(COLLECT)));
    }

    @Test
    void a_disbursement_airtel_answers_successful_succeeds_and_a_duplicate_id_is_looked_up_not_failed() {
        Payment p = payout();
        wm.stubFor(post(urlEqualTo(DISBURSE)).willReturn(okJson("{\"data\":{\"transaction\":{\"id\":\"MZAPAYOUT0001\","
                + "\"status\":\"TS\",\"message\":\"Transaction Successful\"}},\"status\":{\"response_code\":\"DP00900001001\","
                + "\"code\":\"200\",\"success\":true,\"message\":\"SUCCESS\"}}")));
        assertEquals(new RailOutcome.Succeeded("MZAPAYOUT0001"), rail.initiate(p));

        wm.stubFor(post(urlEqualTo(DISBURSE)).willReturn(okJson("{\"status\":{\"response_code\":\"DP00900001017\","
                + "\"code\":\"200\",\"success\":false,\"message\":\"Duplicate Transaction Id.\"}}")));
        enquiryAnswers(DISBURSE + "MZAPAYOUT0001", "{\"data\":{\"transaction\":{\"id\":\"MZAPAYOUT0001\",\"status\":\"TIP\"}},"
                + "\"status\":{\"response_code\":\"DP00900001006\",\"success\":true}}");
        assertEquals(new RailOutcome.Submitted("MZAPAYOUT0001", Duration.ofSeconds(10)), rail.initiate(p));
        enquiryAnswers(DISBURSE + "MZAPAYOUT0001", "{\"data\":{\"transaction\":{\"id\":\"MZAPAYOUT0001\",\"status\":\"TS\"}},"
                + "\"status\":{\"response_code\":\"DP00900001001\",\"success\":true}}");
        assertEquals(new RailOutcome.Succeeded("MZAPAYOUT0001"), rail.initiate(p));
        wm.verify(3, postRequestedFor(urlEqualTo(DISBURSE)));
    }

    @Test
    void the_pin_encryption_is_pkcs1_v15_under_the_key_and_differs_each_time() throws Exception {
        var key = AirtelPin.publicKey("-----BEGIN PUBLIC KEY-----\n" + publicKey() + "\n-----END PUBLIC KEY-----");
        String a = AirtelPin.encrypt("4321", key);
        String b = AirtelPin.encrypt("4321", key);
        assertNotEquals(a, b, "PKCS#1 v1.5 padding is random");
        assertEquals("4321", decryptAsAirtel(a));
        assertEquals("4321", decryptAsAirtel(b));
        var bad = assertThrows(IllegalArgumentException.class, () -> AirtelPin.publicKey("not-a-key"));
        assertTrue(bad.getMessage().contains("MIZANI_AIRTEL_PUBLIC_KEY"));
        assertFalse(config(wm.baseUrl()).toString().contains("client-secret"));
        assertFalse(config(wm.baseUrl()).toString().contains("1234"));
    }

    @Test
    void kyc_user_enquiry_names_the_holder_or_says_not_found_or_no_answer() {
        wm.stubFor(get(urlEqualTo("/standard/v1/users/733123456")).willReturn(okJson("{\"data\":{\"first_name\":\"Wanjiku\","
                + "\"grade\":\"SUBS\",\"is_barred\":false,\"is_pin_set\":true,\"last_name\":\"Kamau\",\"msisdn\":\"733123456\","
                + "\"registration\":{\"id\":\"1196\",\"status\":\"SUBS\"}},\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\","
                + "\"result_code\":\"ESB000010\",\"response_code\":\"DP02200000001\",\"success\":true}}")));
        assertEquals(new AirtelRail.Holder.Named("Wanjiku Kamau"), rail.user("+254733123456", "KE"));
        wm.verify(getRequestedFor(urlEqualTo("/standard/v1/users/733123456")).withHeader("X-Country", equalTo("KE"))
                .withHeader("X-Currency", equalTo("KES")).withHeader("Authorization", equalTo("Bearer tok-1")));
        wm.stubFor(get(urlEqualTo("/standard/v1/users/733000404")).willReturn(okJson("{\"status\":{\"code\":\"200\","
                + "\"message\":\"User Not Found\",\"response_code\":\"DP02200000002\",\"success\":false}}")));
        assertEquals(new AirtelRail.Holder.Unknown(), rail.user("0733000404", "KE"));
        wm.stubFor(get(urlEqualTo("/standard/v1/users/733000503")).willReturn(aResponse().withStatus(503)));
        assertInstanceOf(AirtelRail.Holder.NoAnswer.class, rail.user("0733000503", "KE"));
        wm.stubFor(get(urlEqualTo("/standard/v1/users/733000500")).willReturn(okJson("{\"status\":{\"code\":\"200\","
                + "\"message\":\"User enquiry is failed\",\"response_code\":\"DP02200000000\",\"success\":false}}")));
        assertInstanceOf(AirtelRail.Holder.NoAnswer.class, rail.user("0733000500", "KE"));
    }
}
