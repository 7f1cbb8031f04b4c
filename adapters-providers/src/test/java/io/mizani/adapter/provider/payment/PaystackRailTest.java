package io.mizani.adapter.provider.payment;

import io.mizani.adapter.provider.common.MovableClock;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.adapter.provider.refund.PaystackRefundRail;
import io.mizani.application.payment.CheckoutHandOffs;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.refund.Refund;
import io.mizani.domain.refund.RefundStatus;
import io.mizani.domain.tenancy.AccountId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The Paystack adapter against WireMock stubs of the request and answer shapes of Paystack's published API reference
 * (transaction initialize/verify, transferrecipient, transfer, transfer verify, refund, bank list) and its webhook
 * signature.
 */
class PaystackRailTest {

    static final String SECRET = "sk_test_paystack_example_secret";
    static final Instant ACCEPTED = Instant.parse("2026-03-01T09:30:00Z");

    WireMockServer wm;
    PaystackApi api;
    PaystackRail rail;
    MovableClock clock = new MovableClock(ACCEPTED.plusSeconds(5));
    Map<Long, String> saved = new ConcurrentHashMap<>();
    CheckoutHandOffs handOffs = new CheckoutHandOffs() {
        @Override
        public void save(long paymentId, String url) {
            saved.put(paymentId, url);
        }

        @Override
        public Optional<String> find(long paymentId) {
            return Optional.ofNullable(saved.get(paymentId));
        }
    };

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        api = new PaystackApi(new PaystackConfig(wm.baseUrl(), SECRET, "https://mizani.example", Duration.ofMinutes(30),
                Duration.ofMillis(2500), Duration.ofSeconds(10)));
        rail = new PaystackRail(api, handOffs, clock);
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    static Payment card(String reference, String email) {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of(reference), "order-7", "tok_abcdefghijklmnopqrstuvwxyz0123456789"),
                new Payment.Routing(RequestType.PAYMENT, "NG", Rail.CARD, "card_ng", "net_ng_card", "ch_ng_card_deposit"),
                new Payment.Amounts(Money.of(new BigDecimal("2500.50"), "NGN"), Money.of(BigDecimal.ONE, "USD"),
                        Money.of(BigDecimal.ZERO, "NGN")), null,
                new Payment.Customer("Ada", "Obi", email, null, null, "NG", null, null),
                new Payment.Instructions("4242", "https://m/cb", "https://shop.example/back", null, null, null),
                ACCEPTED).stored(41);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.QUEUED, null, null, 0), accepted.times());
    }

    static Payment payout(String reference, String network) {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of(reference), "payout-9", null),
                new Payment.Routing(RequestType.WITHDRAWAL, "NG", Rail.BANK, "nip_ng", network, "ch_ng_nip_withdraw"),
                new Payment.Amounts(Money.of(new BigDecimal("15000.00"), "NGN"), Money.of(BigDecimal.TEN, "USD"),
                        Money.of(new BigDecimal("50.00"), "NGN")), null,
                new Payment.Customer("Chidi", "Okeke", null, null, null, "NG", null, null),
                new Payment.Instructions("0001234567", "https://m/cb", null, "Salary March", null, null),
                ACCEPTED).stored(42);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.QUEUED, null, null, 0), accepted.times());
    }

    static String verified(String reference, String status, long amount, String gatewayResponse) {
        return """
                {"status":true,"message":"Verification successful","data":{"id":4099260516,"domain":"test",
                "status":"%s","reference":"%s","amount":%d,"gateway_response":"%s","paid_at":null,
                "created_at":"2026-03-01T09:30:10.000Z","channel":"card","currency":"NGN",
                "customer":{"id":92312441,"customer_code":"CUS_xnxdt6s1zg1f4nx","email":"ada@example.com"}}}"""
                .formatted(status, reference, amount, gatewayResponse);
    }

    // ---- card ---------------------------------------------------------------------------------------------------

    @Test
    void initialize_sends_email_subunits_reference_and_return_url_and_records_the_authorization_url() {
        Payment p = card("MZPCARD0000000000000001", "ada@example.com");
        wm.stubFor(post(urlEqualTo("/transaction/initialize")).willReturn(okJson("""
                {"status":true,"message":"Authorization URL created","data":{
                "authorization_url":"https://checkout.paystack.com/0peioxfhpn","access_code":"0peioxfhpn",
                "reference":"mzpcard0000000000000001"}}""")));

        RailOutcome o = rail.initiate(p);

        var s = assertInstanceOf(RailOutcome.Submitted.class, o);
        assertEquals("mzpcard0000000000000001", s.providerReference());
        assertEquals(Duration.ofSeconds(10), s.checkAgainIn());
        assertEquals("https://checkout.paystack.com/0peioxfhpn", saved.get(41L));
        wm.verify(1, postRequestedFor(urlEqualTo("/transaction/initialize"))
                .withHeader("Authorization", equalTo("Bearer " + SECRET))
                .withHeader("Content-Type", containing("application/json"))
                .withRequestBody(matchingJsonPath("$.email", equalTo("ada@example.com")))
                .withRequestBody(matchingJsonPath("$.amount", equalTo("250050")))
                .withRequestBody(matchingJsonPath("$.currency", equalTo("NGN")))
                .withRequestBody(matchingJsonPath("$.reference", equalTo("mzpcard0000000000000001")))
                .withRequestBody(matchingJsonPath("$.callback_url",
                        equalTo("https://mizani.example/checkout/tok_abcdefghijklmnopqrstuvwxyz0123456789/return"))));
    }

    @Test
    void verify_success_succeeds_failed_is_declined_abandoned_stays_pending() {
        Payment p = card("MZPCARD0000000000000002", "ada@example.com");
        saved.put(41L, "https://checkout.paystack.com/x");
        String path = "/transaction/verify/mzpcard0000000000000002";

        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(verified("mzpcard0000000000000002", "abandoned", 250050, "The transaction was not completed"))));
        assertInstanceOf(RailOutcome.Submitted.class, rail.query(p));

        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(verified("mzpcard0000000000000002", "failed", 250050, "Declined"))));
        var declined = assertInstanceOf(RailOutcome.Declined.class, rail.query(p));
        assertEquals("Paystack: Declined", declined.reason());

        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(verified("mzpcard0000000000000002", "success", 250050, "Successful"))));
        assertEquals(new RailOutcome.Succeeded("mzpcard0000000000000002"), rail.query(p));
        wm.verify(getRequestedFor(urlEqualTo(path)).withHeader("Authorization", equalTo("Bearer " + SECRET)));
    }

    @Test
    void a_success_for_another_amount_is_not_this_payment_s_success() {
        Payment p = card("MZPCARD0000000000000003", "ada@example.com");
        saved.put(41L, "https://checkout.paystack.com/x");
        wm.stubFor(get(urlEqualTo("/transaction/verify/mzpcard0000000000000003"))
                .willReturn(okJson(verified("mzpcard0000000000000003", "success", 100, "Successful"))));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
    }

    @Test
    void an_unfinished_checkout_past_its_ttl_fails_checkout_expired() {
        Payment p = card("MZPCARD0000000000000004", "ada@example.com");
        saved.put(41L, "https://checkout.paystack.com/x");
        wm.stubFor(get(urlEqualTo("/transaction/verify/mzpcard0000000000000004"))
                .willReturn(okJson(verified("mzpcard0000000000000004", "abandoned", 250050, "The transaction was not completed"))));
        clock.now = ACCEPTED.plus(Duration.ofMinutes(31));
        var d = assertInstanceOf(RailOutcome.Declined.class, rail.query(p));
        assertEquals(HostedCheckout.CHECKOUT_EXPIRED, d.reason());
    }

    @Test
    void a_5xx_an_unreadable_answer_and_a_timeout_are_no_answer_never_a_decline() {
        Payment p = card("MZPCARD0000000000000005", "ada@example.com");
        saved.put(41L, "https://checkout.paystack.com/x");
        String path = "/transaction/verify/mzpcard0000000000000005";
        wm.stubFor(get(urlEqualTo(path)).willReturn(aResponse().withStatus(502).withBody("bad gateway")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
        wm.stubFor(get(urlEqualTo(path)).willReturn(aResponse().withStatus(200).withBody("<html>oops</html>")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(verified("x", "success", 250050, "ok")).withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
        wm.stubFor(post(urlEqualTo("/transaction/initialize")).willReturn(aResponse().withStatus(503)));
        saved.clear();
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(p));
    }

    @Test
    void a_lost_initialize_is_sent_again_and_a_duplicate_reference_is_looked_up() {
        Payment p = card("MZPCARD0000000000000006", "ada@example.com");
        wm.stubFor(post(urlEqualTo("/transaction/initialize")).willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"status\":false,\"message\":\"Duplicate Transaction Reference\"}")));
        wm.stubFor(get(urlEqualTo("/transaction/verify/mzpcard0000000000000006"))
                .willReturn(okJson(verified("mzpcard0000000000000006", "success", 250050, "Successful"))));
        // no authorization_url recorded: the lookup opens the transaction again under the same reference
        assertEquals(new RailOutcome.Succeeded("mzpcard0000000000000006"), rail.query(p));
        wm.verify(1, postRequestedFor(urlEqualTo("/transaction/initialize"))
                .withRequestBody(matchingJsonPath("$.reference", equalTo("mzpcard0000000000000006"))));
    }

    @Test
    void a_payment_without_an_email_gets_an_address_that_reaches_no_one() {
        Payment p = card("MZPCARD0000000000000007", null);
        wm.stubFor(post(urlEqualTo("/transaction/initialize")).willReturn(okJson(
                "{\"status\":true,\"message\":\"Authorization URL created\",\"data\":{\"authorization_url\":\"https://checkout.paystack.com/a\",\"access_code\":\"a\",\"reference\":\"r\"}}")));
        assertInstanceOf(RailOutcome.Submitted.class, rail.initiate(p));
        wm.verify(postRequestedFor(urlEqualTo("/transaction/initialize"))
                .withRequestBody(matchingJsonPath("$.email", equalTo("mzpcard0000000000000007@customers.mizani.invalid"))));
    }

    // ---- payout -------------------------------------------------------------------------------------------------

    static final String RECIPIENT = """
            {"status":true,"message":"Transfer recipient created successfully","data":{"active":true,
            "createdAt":"2026-03-01T09:30:06.000Z","currency":"NGN","domain":"test","id":6788170,"integration":428626,
            "name":"Chidi Okeke","recipient_code":"RCP_t0ya41mp35flk40","type":"nuban","updatedAt":"2026-03-01T09:30:06.000Z",
            "is_deleted":false,"details":{"authorization_code":null,"account_number":"0001234567","account_name":null,
            "bank_code":"058","bank_name":"Guaranty Trust Bank"}}}""";

    static String transfer(String reference, String status) {
        return """
                {"status":true,"message":"Transfer has been queued","data":{"transfersessionid":[],"domain":"test",
                "amount":1500000,"currency":"NGN","reference":"%s","source":"balance","source_details":null,
                "reason":"Salary March","status":"%s","failures":null,"transfer_code":"TRF_1ptvuv321ahaa7q",
                "titan_code":null,"transferred_at":null,"id":29473457,"integration":428626,"request":34473457,
                "recipient":6788170,"createdAt":"2026-03-01T09:30:07.000Z","updatedAt":"2026-03-01T09:30:07.000Z"}}"""
                .formatted(reference, status);
    }

    @Test
    void a_payout_creates_a_nuban_recipient_then_a_transfer_under_the_payment_s_reference() {
        Payment p = payout("MZPPAYOUT00000000000001", "net_ng_nip_058");
        wm.stubFor(post(urlEqualTo("/transferrecipient")).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody(RECIPIENT)));
        wm.stubFor(post(urlEqualTo("/transfer")).willReturn(okJson(transfer("mzppayout00000000000001", "pending"))));

        var s = assertInstanceOf(RailOutcome.Submitted.class, rail.initiate(p));
        assertEquals("mzppayout00000000000001", s.providerReference());
        wm.verify(1, postRequestedFor(urlEqualTo("/transferrecipient"))
                .withHeader("Authorization", equalTo("Bearer " + SECRET))
                .withRequestBody(matchingJsonPath("$.type", equalTo("nuban")))
                .withRequestBody(matchingJsonPath("$.name", equalTo("Chidi Okeke")))
                .withRequestBody(matchingJsonPath("$.account_number", equalTo("0001234567")))
                .withRequestBody(matchingJsonPath("$.bank_code", equalTo("058"))));
        wm.verify(1, postRequestedFor(urlEqualTo("/transfer"))
                .withRequestBody(matchingJsonPath("$.source", equalTo("balance")))
                .withRequestBody(matchingJsonPath("$.amount", equalTo("1500000")))
                .withRequestBody(matchingJsonPath("$.recipient", equalTo("RCP_t0ya41mp35flk40")))
                .withRequestBody(matchingJsonPath("$.reference", equalTo("mzppayout00000000000001"))));
    }

    @Test
    void transfer_verify_success_succeeds_and_failed_is_declined() {
        Payment p = payout("MZPPAYOUT00000000000002", "net_ng_nip_058");
        String path = "/transfer/verify/mzppayout00000000000002";
        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(transfer("mzppayout00000000000002", "pending"))));
        assertInstanceOf(RailOutcome.Submitted.class, rail.query(p));
        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(transfer("mzppayout00000000000002", "success"))));
        assertEquals(new RailOutcome.Succeeded("mzppayout00000000000002"), rail.query(p));
        wm.stubFor(get(urlEqualTo(path)).willReturn(okJson(transfer("mzppayout00000000000002", "failed"))));
        var d = assertInstanceOf(RailOutcome.Declined.class, rail.query(p));
        assertEquals("Paystack: transfer failed", d.reason());
        wm.verify(0, postRequestedFor(urlEqualTo("/transfer")));
    }

    @Test
    void a_transfer_paystack_never_got_is_sent_again_under_the_same_reference() {
        Payment p = payout("MZPPAYOUT00000000000003", "net_ng_nip_058");
        wm.stubFor(get(urlEqualTo("/transfer/verify/mzppayout00000000000003")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"status\":false,\"message\":\"Transfer not found\"}")));
        wm.stubFor(post(urlEqualTo("/transferrecipient")).willReturn(okJson(RECIPIENT)));
        wm.stubFor(post(urlEqualTo("/transfer")).willReturn(okJson(transfer("mzppayout00000000000003", "success"))));
        assertEquals(new RailOutcome.Succeeded("mzppayout00000000000003"), rail.query(p));
        wm.verify(1, postRequestedFor(urlEqualTo("/transfer"))
                .withRequestBody(matchingJsonPath("$.reference", equalTo("mzppayout00000000000003"))));
    }

    @Test
    void a_refused_recipient_declines_and_a_payout_without_a_bank_network_is_declined_without_a_call() {
        wm.stubFor(post(urlEqualTo("/transferrecipient")).willReturn(aResponse().withStatus(400)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"status\":false,\"message\":\"Cannot resolve account\"}")));
        var d = assertInstanceOf(RailOutcome.Declined.class, rail.initiate(payout("MZPPAYOUT00000000000004", "net_ng_nip_058")));
        assertEquals("Paystack refused the recipient: Cannot resolve account", d.reason());
        wm.verify(0, postRequestedFor(urlEqualTo("/transfer")));
        assertInstanceOf(RailOutcome.Declined.class, rail.initiate(payout("MZPPAYOUT00000000000005", "net_ng_nip")));
        wm.verify(1, postRequestedFor(urlEqualTo("/transferrecipient")));
    }

    @Test
    void the_bank_list_keeps_active_banks_that_take_transfers_and_survives_a_failed_refresh() {
        wm.stubFor(get(urlPathEqualTo("/bank")).willReturn(okJson("""
                {"status":true,"message":"Banks retrieved","data":[
                {"name":"Access Bank","slug":"access-bank","code":"044","longcode":"044150149","gateway":"emandate",
                 "pay_with_bank":false,"supports_transfer":true,"active":true,"is_deleted":false,"country":"Nigeria",
                 "currency":"NGN","type":"nuban","id":1},
                {"name":"Guaranty Trust Bank","slug":"guaranty-trust-bank","code":"058","longcode":"058152036",
                 "gateway":"ibank","pay_with_bank":true,"supports_transfer":true,"active":true,"is_deleted":null,
                 "country":"Nigeria","currency":"NGN","type":"nuban","id":9},
                {"name":"Old Bank","slug":"old-bank","code":"999","longcode":"","gateway":null,"pay_with_bank":false,
                 "supports_transfer":true,"active":false,"is_deleted":false,"country":"Nigeria","currency":"NGN","type":"nuban","id":3}],
                "meta":{"next":null,"previous":null,"perPage":100}}""")));
        PaystackBanks banks = new PaystackBanks(api, clock, Duration.ofHours(1));
        assertEquals(java.util.List.of(new PaystackBanks.Bank("044", "Access Bank"),
                new PaystackBanks.Bank("058", "Guaranty Trust Bank")), banks.banks());
        wm.verify(getRequestedFor(urlPathEqualTo("/bank")).withQueryParam("country", equalTo("nigeria"))
                .withQueryParam("currency", equalTo("NGN")).withHeader("Authorization", equalTo("Bearer " + SECRET)));
        wm.stubFor(get(urlPathEqualTo("/bank")).willReturn(aResponse().withStatus(500)));
        clock.now = clock.now.plus(Duration.ofHours(2));
        assertEquals(2, banks.banks().size());
    }

    // ---- webhook signature --------------------------------------------------------------------------------------

    /** Computed once outside this code: {@code printf '%s' "$BODY" | openssl dgst -sha512 -hmac sk_test_paystack_example_secret}. */
    static final String BODY = "{\"event\":\"charge.success\",\"data\":{\"id\":302961,\"domain\":\"live\",\"status\":\"success\",\"reference\":\"qtyu7ubcsezk3\"}}";
    static final String BODY_SIGNATURE = "2c178dc2daf283bb677b1210248aeb7e6e690143d052f756bdb70c8fffab33c16d6aba31d16fdec82c411029853ea474902f4958e19b086c8df9bbce2d3d16a7";

    @Test
    void the_signature_is_the_hmac_sha512_hex_of_the_raw_body_with_the_secret_key() {
        PaystackSignature s = new PaystackSignature(SECRET);
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
        assertTrue(s.valid(body, BODY_SIGNATURE));
        assertTrue(s.valid(body, BODY_SIGNATURE.toUpperCase()));
        assertFalse(s.valid(body, null));
        assertFalse(s.valid(body, ""));
        assertFalse(s.valid(body, BODY_SIGNATURE.substring(0, 127) + "0"));
        assertFalse(s.valid(BODY.replace("302961", "302962").getBytes(StandardCharsets.UTF_8), BODY_SIGNATURE));
        assertFalse(new PaystackSignature("sk_test_other").valid(body, BODY_SIGNATURE));
    }

    // ---- refund -------------------------------------------------------------------------------------------------

    @Test
    void a_refund_is_posted_with_the_transaction_reference_and_looked_up_by_its_id() {
        PaystackRefundRail refunds = new PaystackRefundRail(api, Duration.ofSeconds(10));
        Payment collection = card("MZPCARD0000000000000009", "ada@example.com");
        Refund refund = new Refund(new Refund.Ids(7, 1, 41), new Refund.References("rf-1", "order-7"),
                Money.of(new BigDecimal("1000.00"), "NGN"), "damaged",
                new Refund.Outcome(RefundStatus.PENDING, null, null), new Refund.Times(ACCEPTED, ACCEPTED, null));
        wm.stubFor(post(urlEqualTo("/refund")).willReturn(okJson("""
                {"status":true,"message":"Refund has been queued for processing","data":{"transaction":{"id":1004723697,
                "domain":"test","reference":"mzpcard0000000000000009","amount":250050,"currency":"NGN"},"integration":428626,
                "deducted_amount":0,"channel":null,"merchant_note":"damaged","customer_note":"Refund for transaction mzpcard0000000000000009",
                "status":"pending","refunded_by":"ops@example.com","expected_at":"2026-03-10T09:30:00.000Z","currency":"NGN",
                "domain":"test","amount":100000,"fully_deducted":false,"id":1209341,"createdAt":"2026-03-01T09:31:00.000Z",
                "updatedAt":"2026-03-01T09:31:00.000Z"}}""")));
        var s = assertInstanceOf(RailOutcome.Submitted.class, refunds.submit(refund, collection));
        assertEquals("1209341", s.providerReference());
        wm.verify(postRequestedFor(urlEqualTo("/refund"))
                .withRequestBody(matchingJsonPath("$.transaction", equalTo("mzpcard0000000000000009")))
                .withRequestBody(matchingJsonPath("$.amount", equalTo("100000"))));

        Refund sent = new Refund(refund.ids(), refund.references(), refund.amount(), refund.reason(),
                new Refund.Outcome(RefundStatus.PENDING, null, "1209341"), refund.times());
        wm.stubFor(get(urlEqualTo("/refund/1209341")).willReturn(okJson(
                "{\"status\":true,\"message\":\"Refund retrieved\",\"data\":{\"id\":1209341,\"status\":\"processed\",\"amount\":100000,\"currency\":\"NGN\",\"transaction_reference\":\"mzpcard0000000000000009\"}}")));
        assertEquals(new RailOutcome.Succeeded("1209341"), refunds.query(sent, collection));
        wm.stubFor(get(urlEqualTo("/refund/1209341")).willReturn(aResponse().withStatus(500)));
        assertInstanceOf(RailOutcome.NoAnswer.class, refunds.query(sent, collection));
    }
}
