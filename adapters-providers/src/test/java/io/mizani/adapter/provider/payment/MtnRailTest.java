package io.mizani.adapter.provider.payment;

import io.mizani.adapter.provider.common.MovableClock;

import com.github.tomakehurst.wiremock.WireMockServer;
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

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.*;

/** The MTN MoMo adapter against WireMock stubs of MTN's documented request and answer shapes. */
class MtnRailTest {

    static final String RTP = "/collection/v1_0/requesttopay";
    static final String TRANSFER = "/disbursement/v1_0/transfer";

    WireMockServer wm;
    MtnRail rail;
    MovableClock clock = new MovableClock(Instant.parse("2026-03-01T09:30:00Z"));


    @BeforeEach
    void start() {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        tokens("tok-c", "tok-d", 3600);
        rail = new MtnRail(config("col-key"), clock);
    }

    void tokens(String collection, String disbursement, int expiresIn) {
        wm.stubFor(post(urlEqualTo("/collection/token/")).withBasicAuth("api-user", "api-key")
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("col-key"))
                .willReturn(okJson("{\"access_token\":\"" + collection + "\",\"token_type\":\"access_token\",\"expires_in\":" + expiresIn + "}")));
        wm.stubFor(post(urlEqualTo("/disbursement/token/")).withBasicAuth("api-user", "api-key")
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("dis-key"))
                .willReturn(okJson("{\"access_token\":\"" + disbursement + "\",\"token_type\":\"access_token\",\"expires_in\":" + expiresIn + "}")));
    }

    MtnConfig config(String collectionKey) {
        return new MtnConfig(
                new MtnConfig.Api(wm.baseUrl(), "https://mizani.example/api/providers/mtn/notify", "sandbox",
                        Duration.ofMillis(2500), Duration.ofSeconds(10)),
                new MtnConfig.ApiUser("api-user", "api-key"), new MtnConfig.Products(collectionKey, "dis-key"));
    }

    static Payment payment(RequestType type, String reference) {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of(reference), "order-1", null),
                new Payment.Routing(type, "GH", Rail.MOMO, "mtn_gh", "net_gh_mtn", "ch"),
                new Payment.Amounts(Money.of(new BigDecimal("12.50"), "GHS"), Money.of(BigDecimal.ONE, "USD"),
                        Money.of(BigDecimal.ZERO, "GHS")), null,
                new Payment.Customer("A", "B", "a@b.c", "+233241234567", null, "GH", null, null),
                new Payment.Instructions("024 123 4567", "https://m/cb", null, "Order 1", null, null),
                Instant.now()).stored(1);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.QUEUED, null, null, 0), accepted.times());
    }

    static Payment collection() {
        return payment(RequestType.PAYMENT, "MZPCOLLECT0001");
    }

    void status(String resource, String id, String body) {
        wm.stubFor(get(urlEqualTo(resource + "/" + id)).willReturn(okJson(body)));
    }

    @Test
    void the_reference_id_is_one_uuid_v4_per_payment() {
        String id = MtnRail.referenceId(collection());
        assertEquals(id, MtnRail.referenceId(collection()));
        assertNotEquals(id, MtnRail.referenceId(payment(RequestType.PAYMENT, "MZPOTHER")));
        assertEquals(4, UUID.fromString(id).version());
        assertEquals(2, UUID.fromString(id).variant());
    }

    @Test
    void request_to_pay_sends_the_documented_request_and_202_is_submitted() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        wm.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(202)));
        RailOutcome out = rail.initiate(p);
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), out);
        wm.verify(1, postRequestedFor(urlEqualTo(RTP))
                .withHeader("Authorization", equalTo("Bearer tok-c"))
                .withHeader("X-Reference-Id", equalTo(id))
                .withHeader("X-Target-Environment", equalTo("sandbox"))
                .withHeader("X-Callback-Url", equalTo("https://mizani.example/api/providers/mtn/notify"))
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("col-key"))
                .withRequestBody(equalToJson("""
                        {"amount":"12.5","currency":"GHS","externalId":"MZPCOLLECT0001",
                         "payer":{"partyIdType":"MSISDN","partyId":"233241234567"},
                         "payerMessage":"Order 1","payeeNote":"Order 1"}""")));
    }

    @Test
    void status_successful_succeeds_and_failed_names_each_reason() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        status(RTP, id, "{\"amount\":\"12.5\",\"currency\":\"GHS\",\"financialTransactionId\":\"23503452\","
                + "\"externalId\":\"MZPCOLLECT0001\",\"payer\":{\"partyIdType\":\"MSISDN\",\"partyId\":\"233241234567\"},"
                + "\"status\":\"SUCCESSFUL\"}");
        assertEquals(new RailOutcome.Succeeded(id), rail.query(p));
        status(RTP, id, "{\"status\":\"PENDING\"}");
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.query(p));
        String[][] reasons = {{"PAYER_NOT_FOUND", "payer not found"}, {"APPROVAL_REJECTED", "payer rejected the request"},
                {"EXPIRED", "payer did not approve in time"}, {"NOT_ENOUGH_FUNDS", "insufficient funds"},
                {"INTERNAL_PROCESSING_ERROR", "MTN: INTERNAL_PROCESSING_ERROR"}};
        for (String[] r : reasons) {
            status(RTP, id, "{\"externalId\":\"MZPCOLLECT0001\",\"status\":\"FAILED\",\"reason\":\"" + r[0] + "\"}");
            assertEquals(new RailOutcome.Declined(id, r[1]), rail.query(p), r[0]);
        }
        // the older shape: reason as an object
        status(RTP, id, "{\"status\":\"FAILED\",\"reason\":{\"code\":\"NOT_ENOUGH_FUNDS\",\"message\":\"x\"}}");
        assertEquals(new RailOutcome.Declined(id, "insufficient funds"), rail.query(p));
        wm.verify(0, postRequestedFor(urlEqualTo(RTP)));
    }

    @Test
    void conflict_on_a_reused_reference_is_already_submitted_and_looked_up() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        wm.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(409).withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"RESOURCE_ALREADY_EXIST\",\"message\":\"Duplicated reference id. Creation of resource failed.\"}")));
        status(RTP, id, "{\"status\":\"SUCCESSFUL\",\"financialTransactionId\":\"1\"}");
        assertEquals(new RailOutcome.Succeeded(id), rail.initiate(p));
        status(RTP, id, "{\"status\":\"PENDING\"}");
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.initiate(p));
        wm.verify(2, postRequestedFor(urlEqualTo(RTP)).withHeader("X-Reference-Id", equalTo(id)));
    }

    @Test
    void a_bad_subscription_key_is_unknown_never_failed() {
        rail = new MtnRail(config("wrong-key"), clock);
        wm.stubFor(post(urlEqualTo("/collection/token/")).withHeader("Ocp-Apim-Subscription-Key", equalTo("wrong-key"))
                .willReturn(aResponse().withStatus(401).withHeader("Content-Type", "application/json")
                        .withBody("{\"statusCode\":401,\"message\":\"Access denied due to invalid subscription key.\"}")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(collection()));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(collection()));
        wm.verify(0, postRequestedFor(urlEqualTo(RTP)));
    }

    @Test
    void a_401_on_the_call_itself_is_retried_once_with_a_new_token_then_unknown() {
        wm.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(401)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(collection()));
        wm.verify(2, postRequestedFor(urlEqualTo(RTP)));
        wm.verify(2, postRequestedFor(urlEqualTo("/collection/token/")));
    }

    @Test
    void timeout_5xx_and_unreadable_answers_are_unknown() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        wm.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(202).withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(p));
        wm.stubFor(get(urlEqualTo(RTP + "/" + id)).willReturn(aResponse().withStatus(503)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
        wm.stubFor(get(urlEqualTo(RTP + "/" + id)).willReturn(aResponse().withStatus(200).withBody("<html>gateway</html>")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
        status(RTP, id, "{\"status\":\"SOMETHING_NEW\"}");
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(p));
    }

    @Test
    void a_timed_out_submission_is_found_by_the_lookup_and_never_sent_again() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        wm.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(202).withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(p));
        status(RTP, id, "{\"status\":\"PENDING\"}");
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.query(p));
        status(RTP, id, "{\"status\":\"SUCCESSFUL\"}");
        assertEquals(new RailOutcome.Succeeded(id), rail.query(p));
        wm.verify(1, postRequestedFor(urlEqualTo(RTP)));
    }

    @Test
    void a_lookup_of_a_request_mtn_never_received_sends_it_under_the_same_id() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        wm.stubFor(get(urlEqualTo(RTP + "/" + id)).willReturn(aResponse().withStatus(404).withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"RESOURCE_NOT_FOUND\",\"message\":\"Requested resource was not found.\"}")));
        wm.stubFor(post(urlEqualTo(RTP)).willReturn(aResponse().withStatus(202)));
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.query(p));
        wm.verify(1, postRequestedFor(urlEqualTo(RTP)).withHeader("X-Reference-Id", equalTo(id)));
    }

    @Test
    void the_token_is_cached_for_its_lifetime_and_refreshed_before_it_expires() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        status(RTP, id, "{\"status\":\"PENDING\"}");
        rail.query(p);
        rail.query(p);
        wm.verify(1, postRequestedFor(urlEqualTo("/collection/token/")));
        wm.verify(2, getRequestedFor(urlEqualTo(RTP + "/" + id)).withHeader("Authorization", equalTo("Bearer tok-c")));
        // 3550 s later (less than a minute before expiry) the next call gets a new token first
        tokens("tok-c2", "tok-d2", 3600);
        clock.now = clock.now.plusSeconds(3550);
        rail.query(p);
        wm.verify(2, postRequestedFor(urlEqualTo("/collection/token/")));
        wm.verify(1, getRequestedFor(urlEqualTo(RTP + "/" + id)).withHeader("Authorization", equalTo("Bearer tok-c2")));
    }

    @Test
    void a_token_expired_mid_flight_is_refreshed_and_the_call_retried() {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        status(RTP, id, "{\"status\":\"PENDING\"}");
        rail.query(p);
        // MTN expired the token early: the next call is refused 401, a new token is fetched and the call tried again
        tokens("tok-new", "tok-d", 3600);
        wm.stubFor(get(urlEqualTo(RTP + "/" + id)).withHeader("Authorization", equalTo("Bearer tok-c"))
                .willReturn(aResponse().withStatus(401)));
        wm.stubFor(get(urlEqualTo(RTP + "/" + id)).withHeader("Authorization", equalTo("Bearer tok-new"))
                .willReturn(okJson("{\"status\":\"SUCCESSFUL\"}")));
        assertEquals(new RailOutcome.Succeeded(id), rail.query(p));
        wm.verify(2, postRequestedFor(urlEqualTo("/collection/token/")));
    }

    @Test
    void concurrent_calls_share_one_token_refresh() throws Exception {
        Payment p = collection();
        String id = MtnRail.referenceId(p);
        status(RTP, id, "{\"status\":\"PENDING\"}");
        wm.stubFor(post(urlEqualTo("/collection/token/")).willReturn(okJson(
                "{\"access_token\":\"slow\",\"token_type\":\"access_token\",\"expires_in\":3600}").withFixedDelay(300)));
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
        wm.verify(1, postRequestedFor(urlEqualTo("/collection/token/")));
    }

    @Test
    void a_withdrawal_is_a_transfer_to_the_payee_with_the_disbursement_key() {
        Payment p = payment(RequestType.WITHDRAWAL, "MZPPAYOUT0001");
        String id = MtnRail.referenceId(p);
        wm.stubFor(post(urlEqualTo(TRANSFER)).willReturn(aResponse().withStatus(202)));
        assertEquals(new RailOutcome.Submitted(id, Duration.ofSeconds(10)), rail.initiate(p));
        wm.verify(1, postRequestedFor(urlEqualTo(TRANSFER))
                .withHeader("Authorization", equalTo("Bearer tok-d"))
                .withHeader("Ocp-Apim-Subscription-Key", equalTo("dis-key"))
                .withHeader("X-Reference-Id", equalTo(id))
                .withRequestBody(matchingJsonPath("$.payee.partyId", equalTo("233241234567")))
                .withRequestBody(matchingJsonPath("$.amount", equalTo("12.5"))));
        status(TRANSFER, id, "{\"status\":\"FAILED\",\"reason\":\"PAYEE_NOT_FOUND\"}");
        assertEquals(new RailOutcome.Declined(id, "payee not found"), rail.query(p));
        status(TRANSFER, id, "{\"status\":\"SUCCESSFUL\",\"financialTransactionId\":\"99\"}");
        assertEquals(new RailOutcome.Succeeded(id), rail.query(p));
        wm.verify(0, postRequestedFor(urlEqualTo(RTP)));
    }
}
