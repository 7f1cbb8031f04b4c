package io.mizani.adapter.provider.refund;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.adapter.provider.payment.DarajaCallbacks;
import io.mizani.adapter.provider.payment.DarajaConfig;
import io.mizani.adapter.provider.payment.DarajaRail;
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
import java.time.ZoneOffset;

import static com.github.tomakehurst.wiremock.client.WireMock.*;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.*;

/** Daraja Reversal for refunds, against WireMock stubs of Daraja's documented request, acknowledgement and result. */
class DarajaReversalRailTest {

    WireMockServer wm;
    DarajaReversalRail rail;
    static final Instant NOW = Instant.parse("2026-03-01T09:30:00Z");
    static final Duration DEADLINE = Duration.ofMinutes(15);
    final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        wm.stubFor(get(urlPathEqualTo("/oauth/v1/generate")).withQueryParam("grant_type", equalTo("client_credentials"))
                .withBasicAuth("key", "secret")
                .willReturn(okJson("{\"access_token\":\"tok123\",\"expires_in\":\"3599\"}")));
        var config = new DarajaConfig(
                new DarajaConfig.Api(wm.baseUrl(), "https://mizani.example/providers/mpesa/tok", Duration.ofMillis(2500),
                        Duration.ofSeconds(10)),
                new DarajaConfig.App("key", "secret"), new DarajaConfig.ShortCode("174379", "passkey"),
                new DarajaConfig.Initiator("apiop", "cred"));
        rail = new DarajaReversalRail(new DarajaRail(config, clock), DEADLINE, clock);
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    static Payment collection(String receipt) {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of("MZPABCDEF"), "order-1", null),
                new Payment.Routing(RequestType.PAYMENT, "KE", Rail.MOMO, "mpesa_ke", "net_ke_mpesa", "ch"),
                new Payment.Amounts(Money.of(new BigDecimal("1000"), "KES"), Money.of(BigDecimal.ONE, "USD"),
                        Money.of(BigDecimal.ZERO, "KES")), null,
                new Payment.Customer("A", "B", "a@b.c", "+254708374149", null, "KE", null, null),
                new Payment.Instructions("+254 708 374149", "https://m/cb", null, "Order 1", null, null),
                Instant.now()).stored(7);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.SUCCEEDED, null, receipt, 1), accepted.times());
    }

    static Refund refund(String amount, String providerRef) {
        return refund(amount, providerRef, NOW.minusSeconds(5));
    }

    static Refund refund(String amount, String providerRef, Instant createdAt) {
        return new Refund(new Refund.Ids(42, 1, 7), new Refund.References("rf-1", "order-1"),
                Money.of(new BigDecimal(amount), "KES"), "item returned",
                new Refund.Outcome(RefundStatus.PENDING, null, providerRef),
                new Refund.Times(createdAt, createdAt, null));
    }

    @Test
    void the_reversal_request_names_the_collections_receipt_and_reads_the_acknowledgement() {
        wm.stubFor(post("/mpesa/reversal/v1/request").withHeader("authorization", equalTo("Bearer tok123"))
                .willReturn(okJson("""
                        {"OriginatorConversationID":"f1e2-4b95-a71d-b30d3cdbb7a7942864",
                         "ConversationID":"AG_20210706_20106e9209f64bebd05b","ResponseCode":"0",
                         "ResponseDescription":"Accept the service request successfully."}""")));
        RailOutcome outcome = rail.submit(refund("250.00", null), collection("RKL41HQ8Y0"));
        // kept under the OriginatorConversationID: what Daraja's Transaction Status query takes
        assertEquals("f1e2-4b95-a71d-b30d3cdbb7a7942864", ((RailOutcome.Submitted) outcome).providerReference());
        wm.verify(postRequestedFor(urlEqualTo("/mpesa/reversal/v1/request"))
                .withRequestBody(matchingJsonPath("$.CommandID", equalTo("TransactionReversal")))
                .withRequestBody(matchingJsonPath("$.TransactionID", equalTo("RKL41HQ8Y0")))
                .withRequestBody(matchingJsonPath("$.Amount", equalTo("250")))
                .withRequestBody(matchingJsonPath("$.Initiator", equalTo("apiop")))
                .withRequestBody(matchingJsonPath("$.SecurityCredential", equalTo("cred")))
                .withRequestBody(matchingJsonPath("$.ReceiverParty", equalTo("174379")))
                .withRequestBody(matchingJsonPath("$.RecieverIdentifierType", equalTo("11")))
                .withRequestBody(matchingJsonPath("$.ResultURL",
                        equalTo("https://mizani.example/providers/mpesa/tok/reversal-result/R42")))
                .withRequestBody(matchingJsonPath("$.QueueTimeOutURL",
                        equalTo("https://mizani.example/providers/mpesa/tok/b2c-timeout")))
                .withRequestBody(matchingJsonPath("$.Occasion", equalTo("rf-1"))));
        // a later look before the pending deadline never sends it again nor asks: it waits for the result, until the deadline
        var waiting = (RailOutcome.Submitted) rail.query(refund("250.00", "f1e2"), collection("RKL41HQ8Y0"));
        assertEquals("f1e2", waiting.providerReference());
        assertEquals(DEADLINE.minusSeconds(5), waiting.checkAgainIn());
        assertEquals(1, wm.findAll(postRequestedFor(urlEqualTo("/mpesa/reversal/v1/request"))).size());
        assertTrue(wm.findAll(postRequestedFor(urlEqualTo("/mpesa/transactionstatus/v1/query"))).isEmpty());
    }

    @Test
    void a_refused_request_is_a_decline_but_timeout_5xx_and_garbage_are_no_answer() {
        wm.stubFor(post("/mpesa/reversal/v1/request").willReturn(aResponse().withStatus(400)
                .withHeader("content-type", "application/json")
                .withBody("{\"requestId\":\"1\",\"errorCode\":\"400.002.02\",\"errorMessage\":\"Bad Request - Invalid TransactionID\"}")));
        var declined = (RailOutcome.Declined) rail.submit(refund("10", null), collection("RKL41HQ8Y0"));
        assertTrue(declined.reason().contains("400.002.02"), declined.reason());
        wm.stubFor(post("/mpesa/reversal/v1/request").willReturn(okJson("{}").withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.submit(refund("10", null), collection("RKL41HQ8Y0")));
        wm.stubFor(post("/mpesa/reversal/v1/request").willReturn(serverError()));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.submit(refund("10", null), collection("RKL41HQ8Y0")));
        wm.stubFor(post("/mpesa/reversal/v1/request").willReturn(ok("<html>gateway</html>")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.submit(refund("10", null), collection("RKL41HQ8Y0")));
    }

    @Test
    void cents_and_a_collection_without_receipt_are_refused_without_calling_daraja() {
        assertEquals("M-Pesa accepts whole shillings only",
                ((RailOutcome.Declined) rail.submit(refund("10.50", null), collection("RKL41HQ8Y0"))).reason());
        assertEquals("the collection has no M-Pesa receipt to reverse",
                ((RailOutcome.Declined) rail.submit(refund("10", null), collection(null))).reason());
        assertTrue(wm.findAll(postRequestedFor(urlEqualTo("/mpesa/reversal/v1/request"))).isEmpty());
    }

    @Test
    void reversal_results_are_read() {
        var ok = DarajaCallbacks.reversalResult("""
                {"Result":{"ResultType":0,"ResultCode":0,"ResultDesc":"The service request is processed successfully.",
                 "OriginatorConversationID":"f1e2-4b95","ConversationID":"AG_20210706_20106e9209f64bebd05b",
                 "TransactionID":"RKG0000000"}}""");
        assertEquals("AG_20210706_20106e9209f64bebd05b", ok.providerReference());
        assertEquals("RKG0000000", ((RailOutcome.Succeeded) ok.outcome()).providerReference());
        var refused = DarajaCallbacks.reversalResult("""
                {"Result":{"ResultType":0,"ResultCode":"R000002","ResultDesc":"The OriginalTransactionID is invalid.",
                 "OriginatorConversationID":"f1e2","ConversationID":"AG_2","TransactionID":"RKG1"}}""");
        assertEquals("M-Pesa result R000002: The OriginalTransactionID is invalid.",
                ((RailOutcome.Declined) refused.outcome()).reason());
        assertThrows(IllegalArgumentException.class, () -> DarajaCallbacks.reversalResult("{\"nope\":1}"));
    }
    @Test
    void past_the_deadline_a_look_asks_transaction_status_about_the_reversal_and_never_sends_it_again() {
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").withHeader("authorization", equalTo("Bearer tok123"))
                .willReturn(okJson("""
                        {"OriginatorConversationID":"1236-7134259-1","ConversationID":"AG_20210709_1234409f86436c583e3f",
                         "ResponseCode":"0","ResponseDescription":"Accept the service request successfully."}""")));
        Refund overdue = refund("250.00", "f1e2-4b95-a71d-b30d3cdbb7a7942864", NOW.minus(DEADLINE));
        var asked = (RailOutcome.Submitted) rail.query(overdue, collection("RKL41HQ8Y0"));
        assertEquals("f1e2-4b95-a71d-b30d3cdbb7a7942864", asked.providerReference());
        assertEquals(DEADLINE, asked.checkAgainIn()); // asked again one deadline later if its answer settled nothing
        wm.verify(postRequestedFor(urlEqualTo("/mpesa/transactionstatus/v1/query"))
                .withRequestBody(matchingJsonPath("$.CommandID", equalTo("TransactionStatusQuery")))
                .withRequestBody(matchingJsonPath("$.OriginalConversationID", equalTo("f1e2-4b95-a71d-b30d3cdbb7a7942864")))
                .withRequestBody(matchingJsonPath("$.Initiator", equalTo("apiop")))
                .withRequestBody(matchingJsonPath("$.SecurityCredential", equalTo("cred")))
                .withRequestBody(matchingJsonPath("$.PartyA", equalTo("174379")))
                .withRequestBody(matchingJsonPath("$.IdentifierType", equalTo("4")))
                .withRequestBody(matchingJsonPath("$.ResultURL",
                        equalTo("https://mizani.example/providers/mpesa/tok/reversal-status-result/R42")))
                .withRequestBody(matchingJsonPath("$.QueueTimeOutURL",
                        equalTo("https://mizani.example/providers/mpesa/tok/b2c-timeout")))
                .withRequestBody(matchingJsonPath("$.Occasion", equalTo("rf-1")))
                // not the collection's receipt: that names the collection, not the reversal
                .withRequestBody(notContaining("RKL41HQ8Y0")));
        assertTrue(wm.findAll(postRequestedFor(urlEqualTo("/mpesa/reversal/v1/request"))).isEmpty());
    }

    @Test
    void a_status_query_refused_unanswered_or_without_a_reference_is_no_answer_and_never_a_verdict() {
        Instant long_ago = NOW.minus(DEADLINE).minusSeconds(60);
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(aResponse().withStatus(400)
                .withHeader("content-type", "application/json")
                .withBody("{\"requestId\":\"1\",\"errorCode\":\"400.002.02\",\"errorMessage\":\"Bad Request - Invalid OriginalConversationID\"}")));
        var refused = (RailOutcome.NoAnswer) rail.query(refund("10", "f1e2", long_ago), collection("RKL41HQ8Y0"));
        assertTrue(refused.detail().contains("400.002.02"), refused.detail());
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(serverError()));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(refund("10", "f1e2", long_ago), collection("RKL41HQ8Y0")));
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(okJson("{}").withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(refund("10", "f1e2", long_ago), collection("RKL41HQ8Y0")));
        int asked = wm.findAll(postRequestedFor(urlEqualTo("/mpesa/transactionstatus/v1/query"))).size();
        // a reversal whose acknowledgement was lost has nothing to be asked about by: no call, stays pending
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(refund("10", null, long_ago), collection("RKL41HQ8Y0")));
        assertEquals(asked, wm.findAll(postRequestedFor(urlEqualTo("/mpesa/transactionstatus/v1/query"))).size());
        assertTrue(wm.findAll(postRequestedFor(urlEqualTo("/mpesa/reversal/v1/request"))).isEmpty());
    }

    static String statusResult(Object code, String status) {
        String params = status == null ? "" : """
                ,"ResultParameters":{"ResultParameter":[
                  {"Key":"DebitPartyName","Value":"174379 - Mizani"},{"Key":"OriginatorConversationID","Value":"f1e2"},
                  {"Key":"ReasonType","Value":"Reversal"},{"Key":"TransactionStatus","Value":"%s"},
                  {"Key":"Amount","Value":"250"},{"Key":"ReceiptNo","Value":"RKG52PAWR9"}]}""".formatted(status);
        return """
                {"Result":{"ConversationID":"AG_20180223_0000493344ae97d86f75","OriginatorConversationID":"3213-416199-2",
                 "ResultCode":%s,"ResultDesc":"The service request is processed successfully.","ResultType":0,
                 "TransactionID":"RKG0000000"%s}}""".formatted(code, params);
    }

    @Test
    void status_results_about_a_reversal_are_read_for_the_refund() {
        assertEquals("RKG52PAWR9",
                ((RailOutcome.Succeeded) DarajaCallbacks.reversalStatusResult(statusResult(0, "Completed"))).providerReference());
        for (String no : new String[]{"Failed", "Cancelled", "Declined", "Expired"}) {
            var failed = (RailOutcome.Declined) DarajaCallbacks.reversalStatusResult(statusResult("\"0\"", no));
            assertEquals("M-Pesa reversal status: " + no, failed.reason());
        }
        // unclear: the query failed, M-Pesa did not find it, no status, still processing, or the reversal undone
        assertInstanceOf(RailOutcome.NoAnswer.class, DarajaCallbacks.reversalStatusResult(statusResult("\"R000002\"", null)));
        assertInstanceOf(RailOutcome.NoAnswer.class, DarajaCallbacks.reversalStatusResult(statusResult(2001, "Completed")));
        assertInstanceOf(RailOutcome.NoAnswer.class, DarajaCallbacks.reversalStatusResult(statusResult(0, null)));
        assertInstanceOf(RailOutcome.NoAnswer.class, DarajaCallbacks.reversalStatusResult(statusResult(0, "Pending")));
        assertInstanceOf(RailOutcome.NoAnswer.class, DarajaCallbacks.reversalStatusResult(statusResult(0, "Reversed")));
        assertThrows(IllegalArgumentException.class, () -> DarajaCallbacks.reversalStatusResult("{\"nope\":1}"));
        assertThrows(IllegalArgumentException.class, () -> DarajaCallbacks.reversalStatusResult("not json"));
    }
}
