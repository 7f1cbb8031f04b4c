package io.mizani.adapter.provider.payment;

import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.common.Money;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
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

/** The Daraja adapter against WireMock stubs of Daraja's documented request, acknowledgement and callback shapes. */
class DarajaRailTest {

    WireMockServer wm;
    DarajaRail rail;
    Clock clock = Clock.fixed(Instant.parse("2026-03-01T09:30:00Z"), ZoneOffset.UTC);

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().dynamicPort());
        wm.start();
        wm.stubFor(get(urlPathEqualTo("/oauth/v1/generate")).withQueryParam("grant_type", equalTo("client_credentials"))
                .withBasicAuth("key", "secret")
                .willReturn(okJson("{\"access_token\":\"tok123\",\"expires_in\":\"3599\"}")));
        rail = new DarajaRail(config("passkey"), clock);
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    DarajaConfig config(String passkey) {
        return new DarajaConfig(
                new DarajaConfig.Api(wm.baseUrl(), "https://mizani.example/providers/mpesa/tok", Duration.ofMillis(2500),
                        Duration.ofSeconds(10)),
                new DarajaConfig.App("key", "secret"), new DarajaConfig.ShortCode("174379", passkey),
                new DarajaConfig.Initiator("apiop", "cred"));
    }

    static Payment payment(RequestType type, String amount, String providerRef) {
        Payment accepted = Payment.accepted(AccountId.of(1),
                new Payment.References(PaymentReference.of("MZPABCDEF"), "order-1", null),
                new Payment.Routing(type, "KE", Rail.MOMO, "mpesa_ke", "net_ke_mpesa", "ch"),
                new Payment.Amounts(Money.of(new BigDecimal(amount), "KES"), Money.of(BigDecimal.ONE, "USD"),
                        Money.of(BigDecimal.ZERO, "KES")), null,
                new Payment.Customer("A", "B", "a@b.c", "+254708374149", null, "KE", null, null),
                new Payment.Instructions("+254 708 374149", "https://m/cb", null, "Order 1", null, null),
                Instant.now()).stored(1);
        return accepted.progressed(new Payment.Outcome(PaymentStatus.QUEUED, null, providerRef, 0), accepted.times());
    }

    /**
     * Safaricom's published Lipa na M-Pesa Online example: shortcode 174379, the sandbox passkey, timestamp
     * 20160216165627 give the password of the documented sample request.
     */
    @Test
    void the_password_is_the_published_daraja_example() {
        DarajaRail published = new DarajaRail(
                config("bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919"), clock);
        assertEquals("MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3",
                published.password("20160216165627"));
    }

    @Test
    void stk_push_sends_the_documented_request_and_reads_the_acknowledgement() {
        wm.stubFor(post("/mpesa/stkpush/v1/processrequest").withHeader("authorization", equalTo("Bearer tok123"))
                .willReturn(okJson("""
                        {"MerchantRequestID":"29115-34620561-1","CheckoutRequestID":"ws_CO_191220191020363925",
                         "ResponseCode":"0","ResponseDescription":"Success. Request accepted for processing",
                         "CustomerMessage":"Success. Request accepted for processing"}""")));
        RailOutcome outcome = rail.initiate(payment(RequestType.PAYMENT, "100.00", null));
        assertEquals(new RailOutcome.Submitted("ws_CO_191220191020363925", Duration.ofSeconds(10)), outcome);
        String timestamp = "20260301123000"; // Africa/Nairobi
        wm.verify(postRequestedFor(urlEqualTo("/mpesa/stkpush/v1/processrequest"))
                .withRequestBody(matchingJsonPath("$.BusinessShortCode", equalTo("174379")))
                .withRequestBody(matchingJsonPath("$.Timestamp", equalTo(timestamp)))
                // base64("174379" + "passkey" + "20260301123000"), computed outside the code under test (coreutils base64)
                .withRequestBody(matchingJsonPath("$.Password", equalTo("MTc0Mzc5cGFzc2tleTIwMjYwMzAxMTIzMDAw")))
                .withRequestBody(matchingJsonPath("$.TransactionType", equalTo("CustomerPayBillOnline")))
                .withRequestBody(matchingJsonPath("$.Amount", equalTo("100")))
                .withRequestBody(matchingJsonPath("$.PartyA", equalTo("254708374149")))
                .withRequestBody(matchingJsonPath("$.PhoneNumber", equalTo("254708374149")))
                .withRequestBody(matchingJsonPath("$.CallBackURL", equalTo("https://mizani.example/providers/mpesa/tok/stk-callback/MZPABCDEF")))
                .withRequestBody(matchingJsonPath("$.AccountReference", equalTo("order-1"))));
    }

    @Test
    void stk_push_refusal_is_a_decline_but_timeout_5xx_and_garbage_are_no_answer() {
        wm.stubFor(post("/mpesa/stkpush/v1/processrequest").willReturn(aResponse().withStatus(400).withHeader("content-type", "application/json")
                .withBody("{\"requestId\":\"1\",\"errorCode\":\"400.002.02\",\"errorMessage\":\"Bad Request - Invalid PhoneNumber\"}")));
        RailOutcome declined = rail.initiate(payment(RequestType.PAYMENT, "100", null));
        assertInstanceOf(RailOutcome.Declined.class, declined);
        assertTrue(((RailOutcome.Declined) declined).reason().contains("Invalid PhoneNumber"));

        wm.stubFor(post("/mpesa/stkpush/v1/processrequest").willReturn(okJson("{}").withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(payment(RequestType.PAYMENT, "100", null)));

        wm.stubFor(post("/mpesa/stkpush/v1/processrequest").willReturn(serverError()));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(payment(RequestType.PAYMENT, "100", null)));

        wm.stubFor(post("/mpesa/stkpush/v1/processrequest").willReturn(ok("<html>gateway</html>")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(payment(RequestType.PAYMENT, "100", null)));

        wm.stubFor(post("/mpesa/stkpush/v1/processrequest").willReturn(aResponse()
                .withFault(com.github.tomakehurst.wiremock.http.Fault.CONNECTION_RESET_BY_PEER)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.initiate(payment(RequestType.PAYMENT, "100", null)));
    }

    @Test
    void cents_are_refused_for_mpesa() {
        assertInstanceOf(RailOutcome.Declined.class, rail.initiate(payment(RequestType.PAYMENT, "100.50", null)));
    }

    @Test
    void stk_query_results() {
        wm.stubFor(post("/mpesa/stkpushquery/v1/query").withRequestBody(matchingJsonPath("$.CheckoutRequestID", equalTo("ws_ok")))
                .willReturn(okJson("""
                        {"ResponseCode":"0","ResponseDescription":"The service request has been accepted successsfully",
                         "MerchantRequestID":"22205-34066-1","CheckoutRequestID":"ws_ok","ResultCode":"0",
                         "ResultDesc":"The service request is processed successfully."}""")));
        wm.stubFor(post("/mpesa/stkpushquery/v1/query").withRequestBody(matchingJsonPath("$.CheckoutRequestID", equalTo("ws_cancel")))
                .willReturn(okJson("""
                        {"ResponseCode":"0","ResponseDescription":"accepted","MerchantRequestID":"8555-67195-1",
                         "CheckoutRequestID":"ws_cancel","ResultCode":"1032","ResultDesc":"Request cancelled by user"}""")));
        wm.stubFor(post("/mpesa/stkpushquery/v1/query").withRequestBody(matchingJsonPath("$.CheckoutRequestID", equalTo("ws_wait")))
                .willReturn(aResponse().withStatus(500).withHeader("content-type", "application/json").withBody(
                        "{\"requestId\":\"x\",\"errorCode\":\"500.001.1001\",\"errorMessage\":\"The transaction is being processed\"}")));
        assertInstanceOf(RailOutcome.Succeeded.class, rail.query(payment(RequestType.PAYMENT, "100", "ws_ok")));
        RailOutcome cancelled = rail.query(payment(RequestType.PAYMENT, "100", "ws_cancel"));
        assertEquals("M-Pesa result 1032: Request cancelled by user", ((RailOutcome.Declined) cancelled).reason());
        // Daraja answers "being processed" with HTTP 500: not a verdict either way
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.query(payment(RequestType.PAYMENT, "100", "ws_wait")));
    }

    @Test
    void b2c_request_and_acknowledgement() {
        wm.stubFor(post("/mpesa/b2c/v3/paymentrequest").willReturn(okJson("""
                {"ConversationID":"AG_20191219_00005797af5d7d75f652","OriginatorConversationID":"MZPABCDEF",
                 "ResponseCode":"0","ResponseDescription":"Accept the service request successfully."}""")));
        RailOutcome outcome = rail.initiate(payment(RequestType.WITHDRAWAL, "500", null));
        assertEquals("AG_20191219_00005797af5d7d75f652", ((RailOutcome.Submitted) outcome).providerReference());
        wm.verify(postRequestedFor(urlEqualTo("/mpesa/b2c/v3/paymentrequest"))
                .withRequestBody(matchingJsonPath("$.OriginatorConversationID", equalTo("MZPABCDEF")))
                .withRequestBody(matchingJsonPath("$.CommandID", equalTo("BusinessPayment")))
                .withRequestBody(matchingJsonPath("$.PartyA", equalTo("174379")))
                .withRequestBody(matchingJsonPath("$.PartyB", equalTo("254708374149")))
                .withRequestBody(matchingJsonPath("$.ResultURL", equalTo("https://mizani.example/providers/mpesa/tok/b2c-result")))
                .withRequestBody(matchingJsonPath("$.QueueTimeOutURL", equalTo("https://mizani.example/providers/mpesa/tok/b2c-timeout"))));
        // B2C has no synchronous status: keep waiting for the result callback
        assertInstanceOf(RailOutcome.Submitted.class, rail.query(payment(RequestType.WITHDRAWAL, "500", "AG_1")));
    }

    @Test
    void oauth_token_is_cached() {
        wm.stubFor(post("/mpesa/b2c/v3/paymentrequest").willReturn(okJson(
                "{\"ConversationID\":\"AG_1\",\"OriginatorConversationID\":\"x\",\"ResponseCode\":\"0\",\"ResponseDescription\":\"ok\"}")));
        // a generous timeout: a first call timing out on a loaded machine would rightly fetch a new token
        DarajaRail patient = new DarajaRail(new DarajaConfig(
                new DarajaConfig.Api(wm.baseUrl(), "https://mizani.example/providers/mpesa/tok", Duration.ofSeconds(15),
                        Duration.ofSeconds(10)),
                new DarajaConfig.App("key", "secret"), new DarajaConfig.ShortCode("174379", "passkey"),
                new DarajaConfig.Initiator("apiop", "cred")), clock);
        assertInstanceOf(RailOutcome.Submitted.class, patient.initiate(payment(RequestType.WITHDRAWAL, "500", null)));
        assertInstanceOf(RailOutcome.Submitted.class, patient.initiate(payment(RequestType.WITHDRAWAL, "500", null)));
        wm.verify(1, getRequestedFor(urlPathEqualTo("/oauth/v1/generate")));
    }

    @Test
    void callbacks_are_read() {
        var ok = DarajaCallbacks.stkCallback("""
                {"Body":{"stkCallback":{"MerchantRequestID":"19465-780693-1","CheckoutRequestID":"ws_CO_27072017154747416",
                 "ResultCode":0,"ResultDesc":"The service request is processed successfully.",
                 "CallbackMetadata":{"Item":[{"Name":"Amount","Value":1},{"Name":"MpesaReceiptNumber","Value":"LGR7OWQX0R"},
                 {"Name":"Balance"},{"Name":"TransactionDate","Value":20170727154800},{"Name":"PhoneNumber","Value":254721566839}]}}}}""");
        assertEquals("ws_CO_27072017154747416", ok.providerReference());
        assertEquals(new RailOutcome.Succeeded("LGR7OWQX0R"), ok.outcome());
        var cancelled = DarajaCallbacks.stkCallback("""
                {"Body":{"stkCallback":{"MerchantRequestID":"8555-67195-1","CheckoutRequestID":"ws_CO_27072017151044001",
                 "ResultCode":1032,"ResultDesc":"[STK_CB - ]Request cancelled by user"}}}""");
        assertInstanceOf(RailOutcome.Declined.class, cancelled.outcome());
        var b2c = DarajaCallbacks.b2cResult("""
                {"Result":{"ResultType":0,"ResultCode":0,"ResultDesc":"The service request is processed successfully.",
                 "OriginatorConversationID":"MZPABCDEF","ConversationID":"AG_20170717_00006be9c8b5cc46abb6",
                 "TransactionID":"LGH3197RIB","ResultParameters":{"ResultParameter":[
                 {"Key":"TransactionReceipt","Value":"LGH3197RIB"},{"Key":"TransactionAmount","Value":8000},
                 {"Key":"TransactionCompletedDateTime","Value":"17.07.2017 10:54:57"},
                 {"Key":"ReceiverPartyPublicName","Value":"254708374149 - John Doe"},
                 {"Key":"B2CRecipientIsRegisteredCustomer","Value":"Y"}]}}}""");
        assertEquals("AG_20170717_00006be9c8b5cc46abb6", b2c.providerReference());
        assertEquals(new RailOutcome.Succeeded("LGH3197RIB"), b2c.outcome());
        var b2cFailed = DarajaCallbacks.b2cResult("""
                {"Result":{"ResultType":0,"ResultCode":2001,"ResultDesc":"The initiator information is invalid.",
                 "OriginatorConversationID":"x","ConversationID":"AG_2","TransactionID":"LGH0000000"}}""");
        assertInstanceOf(RailOutcome.Declined.class, b2cFailed.outcome());
        assertThrows(IllegalArgumentException.class, () -> DarajaCallbacks.stkCallback("{\"nope\":1}"));
    }

    static final String STATUS_ACK = """
            {"OriginatorConversationID":"MZPABCDEF","ConversationID":"AG_20190826_0000777ab7d848b9e721",
             "ResponseCode":"0","ResponseDescription":"Accept the service request successfully."}""";

    @Test
    void lost_b2c_acknowledgement_is_asked_about_with_transaction_status_never_sent_again() {
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(okJson(STATUS_ACK)));
        RailOutcome outcome = rail.query(payment(RequestType.WITHDRAWAL, "500", null));
        assertInstanceOf(RailOutcome.Submitted.class, outcome);
        wm.verify(0, postRequestedFor(urlEqualTo("/mpesa/b2c/v3/paymentrequest")));
        wm.verify(1, postRequestedFor(urlEqualTo("/mpesa/transactionstatus/v1/query"))
                .withHeader("authorization", equalTo("Bearer tok123"))
                .withRequestBody(matchingJsonPath("$.Initiator", equalTo("apiop")))
                .withRequestBody(matchingJsonPath("$.SecurityCredential", equalTo("cred")))
                .withRequestBody(matchingJsonPath("$.CommandID", equalTo("TransactionStatusQuery")))
                .withRequestBody(matchingJsonPath("$.OriginatorConversationID", equalTo("MZPABCDEF")))
                .withRequestBody(matchingJsonPath("$.PartyA", equalTo("174379")))
                .withRequestBody(matchingJsonPath("$.IdentifierType", equalTo("4")))
                .withRequestBody(matchingJsonPath("$.ResultURL",
                        equalTo("https://mizani.example/providers/mpesa/tok/status-result/MZPABCDEF")))
                .withRequestBody(matchingJsonPath("$.QueueTimeOutURL",
                        equalTo("https://mizani.example/providers/mpesa/tok/b2c-timeout")))
                .withRequestBody(matchingJsonPath("$.Remarks"))
                .withRequestBody(matchingJsonPath("$.Occasion", equalTo("order-1"))));
    }

    @Test
    void overdue_payout_is_resolved_by_transaction_status_and_a_refused_or_silent_query_is_no_verdict() {
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(okJson(STATUS_ACK)));
        assertEquals(new RailOutcome.Submitted("AG_1", Duration.ofSeconds(10)),
                rail.resolveOverdue(payment(RequestType.WITHDRAWAL, "500", "AG_1")));
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(aResponse().withStatus(400).withHeader(
                "content-type", "application/json").withBody("""
                {"requestId":"11728-2929992-1","errorCode":"401.002.01","errorMessage":"Error Occurred - Invalid Access Token"}""")));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.resolveOverdue(payment(RequestType.WITHDRAWAL, "500", "AG_1")));
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(okJson(STATUS_ACK).withFixedDelay(4000)));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.resolveOverdue(payment(RequestType.WITHDRAWAL, "500", "AG_1")));
        wm.stubFor(post("/mpesa/transactionstatus/v1/query").willReturn(serverError()));
        assertInstanceOf(RailOutcome.NoAnswer.class, rail.resolveOverdue(payment(RequestType.WITHDRAWAL, "500", "AG_1")));
    }

    @Test
    void lost_stk_acknowledgement_is_not_pushed_to_the_payer_again() {
        RailOutcome outcome = rail.query(payment(RequestType.PAYMENT, "100", null));
        assertInstanceOf(RailOutcome.Submitted.class, outcome);
        wm.verify(0, postRequestedFor(urlEqualTo("/mpesa/stkpush/v1/processrequest")));
    }

    @Test
    void transaction_status_results_are_read() {
        var completed = DarajaCallbacks.transactionStatusResult("""
                {"Result":{"ConversationID":"AG_20180223_0000493344ae97d86f75","OriginatorConversationID":"3213-416199-2",
                 "ReferenceData":{"ReferenceItem":{"Key":"Occasion"}},"ResultCode":0,
                 "ResultDesc":"The service request is processed successfully.","ResultParameters":{"ResultParameter":[
                 {"Key":"DebitPartyName","Value":"600310 - Safaricom333"},
                 {"Key":"CreditPartyName","Value":"254708374149 - John Doe"},
                 {"Key":"OriginatorConversationID","Value":"3211-416020-3"},
                 {"Key":"InitiatedTime","Value":20180223054112},
                 {"Key":"DebitAccountType","Value":"Utility Account"},
                 {"Key":"DebitPartyCharges","Value":"Fee For B2C Payment|KES|22.40"},
                 {"Key":"TransactionReason"},{"Key":"ReasonType","Value":"Business Payment to Customer via API"},
                 {"Key":"TransactionStatus","Value":"Completed"},{"Key":"FinalisedTime","Value":20180223054112},
                 {"Key":"Amount","Value":300},{"Key":"ConversationID","Value":"AG_20180223_000041b09c22e613d6c9"},
                 {"Key":"ReceiptNo","Value":"MBN31H462N"}]},"ResultType":0,"TransactionID":"MBN0000000"}}""");
        assertEquals(new RailOutcome.Succeeded("MBN31H462N"), completed);
        var failed = DarajaCallbacks.transactionStatusResult("""
                {"Result":{"ResultType":0,"ResultCode":0,"ResultDesc":"The service request is processed successfully.",
                 "OriginatorConversationID":"1","ConversationID":"AG_1","TransactionID":"MBN0000000",
                 "ResultParameters":{"ResultParameter":[{"Key":"TransactionStatus","Value":"Failed"},
                 {"Key":"ReceiptNo","Value":"MBN31H462X"}]}}}""");
        assertEquals(new RailOutcome.Declined("MBN31H462X", "M-Pesa transaction status: Failed"), failed);
        var queryFailed = DarajaCallbacks.transactionStatusResult("""
                {"Result":{"ResultType":0,"ResultCode":2001,"ResultDesc":"The initiator information is invalid.",
                 "OriginatorConversationID":"1","ConversationID":"AG_1","TransactionID":"MBN0000000"}}""");
        assertInstanceOf(RailOutcome.NoAnswer.class, queryFailed, "a failed status query says nothing about the payout");
        assertThrows(IllegalArgumentException.class, () -> DarajaCallbacks.transactionStatusResult("{\"x\":1}"));
        assertThrows(IllegalArgumentException.class, () -> DarajaCallbacks.transactionStatusResult("not json"));
    }
}
