package io.mizani.adapter.provider.refund;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.adapter.provider.payment.MtnConfig;
import io.mizani.adapter.provider.payment.MtnRail;
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
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.*;

/** MTN refunds against WireMock stubs of MTN's documented refund request and RefundResult answer. */
class MtnRefundRailTest {

    static final String REFUND = "/disbursement/v1_0/refund";
    static final Instant AT = Instant.parse("2026-03-01T09:30:00Z");

    WireMockServer wm;
    MtnRefundRail rail;

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        wm.stubFor(post(urlEqualTo("/disbursement/token/")).withBasicAuth("api-user", "api-key")
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("dis-key"))
                .willReturn(okJson("{\"access_token\":\"tok-d\",\"token_type\":\"access_token\",\"expires_in\":3600}")));
        MtnConfig config = new MtnConfig(
                new MtnConfig.Api(wm.baseUrl(), "https://mizani.example/api/providers/mtn/notify", "mtnghana",
                        Duration.ofMillis(2500), Duration.ofSeconds(10)),
                new MtnConfig.ApiUser("api-user", "api-key"), new MtnConfig.Products("col-key", "dis-key"));
        rail = new MtnRefundRail(new MtnRail(config, Clock.fixed(AT, java.time.ZoneOffset.UTC)));
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    static Payment collection(String reference, String providerReference) {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of(reference), "order-1", null),
                new Payment.Routing(RequestType.PAYMENT, "GH", Rail.MOMO, "mtn_gh", "net_gh_mtn", "ch"),
                new Payment.Amounts(Money.of(new BigDecimal("50.00"), "GHS"), Money.of(BigDecimal.ONE, "USD"),
                        Money.of(BigDecimal.ZERO, "GHS")), null,
                new Payment.Customer("A", "B", "a@b.c", "+233241234567", null, "GH", null, null),
                new Payment.Instructions("024 123 4567", "https://m/cb", null, "Order 1", null, null), AT).stored(41);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.SUCCEEDED, null, providerReference, 1),
                accepted.times());
    }

    static Payment taken() {
        return collection("MZPCOLLECT0001", MtnRail.referenceId("MZPCOLLECT0001"));
    }

    static Refund refund(String reference, String amount, String reason) {
        return new Refund(new Refund.Ids(7, 1, 41), new Refund.References(reference, "order-1"),
                Money.of(new BigDecimal(amount), "GHS"), reason, new Refund.Outcome(RefundStatus.PENDING, null, null),
                new Refund.Times(AT, AT, null));
    }

    void status(String id, String body) {
        wm.stubFor(get(urlEqualTo(REFUND + "/" + id)).willReturn(okJson(body)));
    }

    @Test
    void the_refund_s_reference_id_is_one_uuid_v4_per_refund_and_only_collections_mtn_took_are_its() {
        Payment p = taken();
        String id = MtnRail.refundReferenceId(p, refund("rf-1", "10.00", null));
        assertEquals(id, MtnRail.refundReferenceId(p, refund("rf-1", "20.00", "again")));
        assertNotEquals(id, MtnRail.refundReferenceId(p, refund("rf-2", "10.00", null)));
        assertNotEquals(id, MtnRail.referenceId(p));
        assertEquals(4, UUID.fromString(id).version());
        assertTrue(MtnRail.took(p));
        assertFalse(MtnRail.took(collection("MZPCOLLECT0002", "SANDBOX-123")));
    }

    @Test
    void the_refund_is_the_documented_request_under_its_own_id_and_202_is_submitted() {
        Payment p = taken();
        Refund r = refund("rf-1", "12.50", "damaged goods");
        String id = MtnRail.refundReferenceId(p, r);
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(202)));
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.submit(r, p));
        wm.verify(1, postRequestedFor(urlEqualTo(REFUND))
                .withHeader("Authorization", equalTo("Bearer tok-d"))
                .withHeader("X-Reference-Id", equalTo(id))
                .withHeader("X-Target-Environment", equalTo("mtnghana"))
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("dis-key"))
                .withRequestBody(equalToJson("{\"amount\":\"12.5\",\"currency\":\"GHS\",\"externalId\":\"rf-1\","
                        + "\"payerMessage\":\"damaged goods\",\"payeeNote\":\"damaged goods\",\"referenceIdToRefund\":\""
                        + MtnRail.referenceId("MZPCOLLECT0001") + "\"}")));
        // a refund without a reason names the collection
        Refund whole = refund("rf-2", "50.00", null);
        rail.submit(whole, p);
        wm.verify(1, postRequestedFor(urlEqualTo(REFUND))
                .withRequestBody(matchingJsonPath("$.amount", equalTo("50")))
                .withRequestBody(matchingJsonPath("$.payerMessage", equalTo("Refund of order-1"))));
    }

    @Test
    void status_successful_succeeds_failed_is_declined_with_its_reason_pending_stays() {
        Payment p = taken();
        Refund r = refund("rf-1", "10.00", null);
        String id = MtnRail.refundReferenceId(p, r);
        status(id, "{\"amount\":\"10\",\"currency\":\"GHS\",\"externalId\":\"rf-1\",\"status\":\"PENDING\"}");
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.query(r, p));
        status(id, "{\"amount\":\"10\",\"currency\":\"GHS\",\"financialTransactionId\":\"99\",\"externalId\":\"rf-1\","
                + "\"payee\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233241234567\"},\"status\":\"SUCCESSFUL\"}");
        assertEquals(new RailOutcome.Succeeded(id), rail.query(r, p));
        status(id, "{\"externalId\":\"rf-1\",\"status\":\"FAILED\",\"reason\":\"NOT_ENOUGH_FUNDS\"}");
        assertEquals(new RailOutcome.Declined(id, "insufficient funds"), rail.query(r, p));
        wm.verify(0, postRequestedFor(urlEqualTo(REFUND)));
    }

    @Test
    void a_reused_id_is_already_submitted_and_looked_up_and_a_400_is_a_refusal() {
        Payment p = taken();
        Refund r = refund("rf-1", "10.00", null);
        String id = MtnRail.refundReferenceId(p, r);
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(409).withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"RESOURCE_ALREADY_EXIST\",\"message\":\"Duplicated reference id.\"}")));
        status(id, "{\"status\":\"SUCCESSFUL\"}");
        assertEquals(new RailOutcome.Succeeded(id), rail.submit(r, p));
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(400).withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"INVALID_REFERENCE_ID\",\"message\":\"referenceIdToRefund is unknown\"}")));
        var d = assertInstanceOf(RailOutcome.Declined.class, rail.submit(r, p));
        assertEquals("MTN refused the refund: INVALID_REFERENCE_ID: referenceIdToRefund is unknown", d.reason());
    }

    @Test
    void timeout_5xx_and_unreadable_answers_are_unknown_never_failed() {
        Payment p = taken();
        Refund r = refund("rf-1", "10.00", null);
        String id = MtnRail.refundReferenceId(p, r);
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(202).withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.submit(r, p));
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(500)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.submit(r, p));
        wm.stubFor(get(urlEqualTo(REFUND + "/" + id)).willReturn(aResponse().withStatus(503)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(r, p));
        wm.stubFor(get(urlEqualTo(REFUND + "/" + id)).willReturn(aResponse().withStatus(200).withBody("<html>gateway</html>")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(r, p));
        status(id, "{\"status\":\"SOMETHING_NEW\"}");
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(r, p));
    }

    @Test
    void a_lookup_of_a_refund_mtn_never_received_sends_it_again_under_the_same_id() {
        Payment p = taken();
        Refund r = refund("rf-1", "10.00", null);
        String id = MtnRail.refundReferenceId(p, r);
        wm.stubFor(get(urlEqualTo(REFUND + "/" + id)).willReturn(aResponse().withStatus(404).withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"RESOURCE_NOT_FOUND\",\"message\":\"Requested resource was not found.\"}")));
        wm.stubFor(post(urlEqualTo(REFUND)).willReturn(aResponse().withStatus(202)));
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.query(r, p));
        wm.verify(1, postRequestedFor(urlEqualTo(REFUND)).withHeader("X-Reference-Id", equalTo(id)));
    }
}
