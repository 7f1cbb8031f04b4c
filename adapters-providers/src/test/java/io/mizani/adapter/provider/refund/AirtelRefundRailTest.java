package io.mizani.adapter.provider.refund;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.adapter.provider.payment.AirtelConfig;
import io.mizani.adapter.provider.payment.AirtelRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.common.Money;
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
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.*;

/** Airtel refunds against WireMock stubs of Airtel's documented enquiry and refund shapes. */
class AirtelRefundRailTest {

    static final String REFUND = "/standard/v1/payments/refund";
    static final String ENQUIRY = "/standard/v1/payments/MZACOLLECT0001";
    static final Instant AT = Instant.parse("2026-03-01T09:30:00Z");

    WireMockServer wm;
    AirtelRefundRail rail;

    @BeforeEach
    void start() throws Exception {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        wm.stubFor(post(urlEqualTo("/auth/oauth2/token")).willReturn(okJson(
                "{\"access_token\":\"tok\",\"expires_in\":\"180\",\"token_type\":\"bearer\"}")));
        var g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        String key = Base64.getEncoder().encodeToString(g.generateKeyPair().getPublic().getEncoded());
        rail = new AirtelRefundRail(new AirtelRail(new AirtelConfig(
                new AirtelConfig.Api(wm.baseUrl(), Duration.ofMillis(2500), Duration.ofSeconds(10)),
                new AirtelConfig.Client("id", "secret"), new AirtelConfig.Disbursement("1234", key)),
                Clock.fixed(AT, java.time.ZoneOffset.UTC)));
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    static Payment taken() {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of("MZPCOLLECT0001"), "order-1", null),
                new Payment.Routing(RequestType.PAYMENT, "KE", Rail.MOMO, "airtel_ke", "net_ke_airtel", "ch"),
                new Payment.Amounts(Money.of(new BigDecimal("500.00"), "KES"), Money.of(BigDecimal.ONE, "USD"),
                        Money.of(BigDecimal.ZERO, "KES")), null,
                new Payment.Customer("A", "B", "a@b.c", "+254733123456", null, "KE", null, null),
                new Payment.Instructions("0733123456", "https://m/cb", null, "Order 1", null, null), AT).stored(41);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.SUCCEEDED, null, "MZACOLLECT0001", 1),
                accepted.times());
    }

    static Refund refund(String amount) {
        return new Refund(new Refund.Ids(7, 1, 41), new Refund.References("rf-1", "order-1"),
                Money.of(new BigDecimal(amount), "KES"), null, new Refund.Outcome(RefundStatus.PENDING, null, null),
                new Refund.Times(AT, AT, null));
    }

    void collectionIs(String status) {
        wm.stubFor(get(urlEqualTo(ENQUIRY)).willReturn(okJson("{\"data\":{\"transaction\":{\"airtel_money_id\":"
                + "\"CI2107281529\",\"id\":\"MZACOLLECT0001\",\"message\":\"success\",\"status\":\"" + status + "\"}},"
                + "\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\",\"result_code\":\"ESB000010\","
                + "\"response_code\":\"DP00800001001\",\"success\":true}}")));
    }

    @Test
    void a_whole_collection_is_refunded_by_its_airtel_money_id() {
        assertTrue(AirtelRail.took(taken()));
        collectionIs("TS");
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(okJson("{\"data\":{\"transaction\":{\"airtel_money_id\":"
                + "\"CI2107281529\",\"status\":\"SUCCESS\"}},\"status\":{\"code\":\"200\",\"message\":\"SUCCESS\","
                + "\"result_code\":\"ESB000010\",\"success\":true}}")));
        assertEquals(new RailOutcome.Succeeded("CI2107281529"), rail.submit(refund("500"), taken()));
        wm.verify(1, postRequestedFor(urlEqualTo(REFUND)).withHeader("X-Country", equalTo("KE"))
                .withHeader("X-Currency", equalTo("KES")).withHeader("Authorization", equalTo("Bearer tok"))
                .withRequestBody(equalToJson("{\"transaction\":{\"airtel_money_id\":\"CI2107281529\"}}")));
    }

    @Test
    void a_partial_refund_is_refused_before_anything_is_sent() {
        RailOutcome out = rail.submit(refund("200"), taken());
        assertEquals(new RailOutcome.Declined(null, "Airtel refunds a whole collection only: refund 500.00 KES"), out);
        wm.verify(0, postRequestedFor(urlEqualTo(REFUND)));
        wm.verify(0, getRequestedFor(urlEqualTo(ENQUIRY)));
    }

    @Test
    void a_refused_refund_fails_with_airtel_s_words_and_no_answer_stays_pending() {
        collectionIs("TS");
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(okJson("{\"status\":{\"code\":\"200\",\"message\":"
                + "\"Transaction already reversed\",\"result_code\":\"ESB000001\",\"success\":false}}")));
        assertEquals(new RailOutcome.Declined("CI2107281529", "Airtel refused the refund: 200: Transaction already reversed"),
                rail.submit(refund("500"), taken()));
        // asked again after a lost answer, the same refusal may mean the first one went through: pending, not failed
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(refund("500"), taken()));
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(502)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.submit(refund("500"), taken()));
        wm.stubFor(get(urlEqualTo(ENQUIRY)).willReturn(aResponse().withStatus(200).withBody("x").withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.submit(refund("500"), taken()));
    }

    @Test
    void a_collection_airtel_does_not_show_as_successful_is_not_refunded() {
        collectionIs("TF");
        assertEquals(new RailOutcome.Declined(null, "Airtel does not show the collection as successful"),
                rail.submit(refund("500"), taken()));
        wm.verify(0, postRequestedFor(urlEqualTo(REFUND)));
    }
}
