package io.mizani.adapter.provider.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.refund.Refund;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Set;

/**
 * M-Pesa over Safaricom Daraja: collections by STK Push (Lipa na M-Pesa Online,
 * {@code /mpesa/stkpush/v1/processrequest}, checked with {@code /mpesa/stkpushquery/v1/query}), disbursements by
 * B2C ({@code /mpesa/b2c/v3/paymentrequest}; the verdict arrives on the ResultURL, see {@link DarajaCallbacks});
 * payouts whose result never arrives are resolved by the Transaction Status query
 * ({@code /mpesa/transactionstatus/v1/query}, result on {@code /status-result/<reference>}).
 * OAuth tokens from {@code /oauth/v1/generate?grant_type=client_credentials} are cached until shortly before
 * they expire. A timeout, connection error or 5xx is {@link RailOutcome.NoAnswer}: never a decline.
 */
public final class DarajaRail implements PaymentRail {

    static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss")
            .withZone(ZoneId.of("Africa/Nairobi"));
    /** STK query answers that mean "not settled yet" rather than a verdict. */
    static final Set<String> STILL_PROCESSING = Set.of("500.001.1001", "4999");

    private final DarajaConfig config;
    private final Clock clock;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();
    private volatile String token;
    private volatile Instant tokenExpiresAt = Instant.EPOCH;

    public DarajaRail(DarajaConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(config.api().timeout()).build();
    }

    @Override
    public RailOutcome initiate(Payment p) {
        if (p.amounts().amount().amount().stripTrailingZeros().scale() > 0) {
            return new RailOutcome.Declined(null, "M-Pesa accepts whole shillings only");
        }
        return p.routing().requestType() == RequestType.PAYMENT ? stkPush(p) : b2c(p);
    }

    /**
     * Never sends a request again: a B2C payout whose acknowledgement was lost is asked about with the Transaction
     * Status query (keyed on our OriginatorConversationID); one that was acknowledged waits for its result on the
     * ResultURL. An STK Push is checked with the STK Push query; one whose acknowledgement (and so its
     * CheckoutRequestID) was lost waits for its callback, which names our reference in its URL.
     */
    @Override
    public RailOutcome query(Payment p) {
        if (p.routing().requestType() == RequestType.WITHDRAWAL) {
            return p.outcome().providerReference() == null
                    ? transactionStatus(p)
                    : new RailOutcome.Submitted(p.outcome().providerReference(), config.api().pollEvery());
        }
        if (p.outcome().providerReference() == null) {
            return new RailOutcome.Submitted(null, config.api().pollEvery());
        }
        return stkQuery(p);
    }

    /**
     * Past the pending deadline: a payout is resolved by Daraja's Transaction Status query (its verdict arrives on
     * the ResultURL {@code /status-result/<reference>}); a collection by the STK Push query.
     */
    @Override
    public RailOutcome resolveOverdue(Payment p) {
        if (p.routing().requestType() == RequestType.WITHDRAWAL) {
            return transactionStatus(p);
        }
        return query(p);
    }

    /**
     * {@code POST /mpesa/transactionstatus/v1/query} (CommandID {@code TransactionStatusQuery}). Asynchronous: the
     * acknowledgement only says Daraja took the query; the transaction's status is posted to the ResultURL, which
     * carries our reference so that it settles this payment (see {@link DarajaCallbacks#transactionStatusResult}).
     */
    RailOutcome transactionStatus(Payment p) {
        ObjectNode body = json.createObjectNode()
                .put("Initiator", config.initiator().name())
                .put("SecurityCredential", config.initiator().securityCredential())
                .put("CommandID", "TransactionStatusQuery")
                .put("OriginatorConversationID", p.reference().value())
                .put("PartyA", config.shortCode().code())
                .put("IdentifierType", "4")
                .put("ResultURL", config.api().callbackBaseUrl() + "/status-result/" + p.reference().value())
                .put("QueueTimeOutURL", config.api().callbackBaseUrl() + "/b2c-timeout")
                .put("Remarks", "Status of " + p.reference().value())
                .put("Occasion", truncate(p.references().merchantReference(), 100));
        Reply reply = post("/mpesa/transactionstatus/v1/query", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        if ("0".equals(text(r, "ResponseCode"))) {
            return new RailOutcome.Submitted(p.outcome().providerReference(), config.api().pollEvery());
        }
        // Daraja refused the status query itself: that says nothing about the payout
        return new RailOutcome.NoAnswer("Daraja refused the Transaction Status query: " + describe(r));
    }

    private RailOutcome stkQuery(Payment p) {
        String timestamp = TIMESTAMP.format(clock.instant());
        ObjectNode body = json.createObjectNode()
                .put("BusinessShortCode", config.shortCode().code())
                .put("Password", password(timestamp))
                .put("Timestamp", timestamp)
                .put("CheckoutRequestID", p.outcome().providerReference());
        Reply reply = post("/mpesa/stkpushquery/v1/query", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        String errorCode = text(r, "errorCode");
        if (errorCode != null) {
            return STILL_PROCESSING.contains(errorCode)
                    ? new RailOutcome.Submitted(p.outcome().providerReference(), config.api().pollEvery())
                    : new RailOutcome.NoAnswer("Daraja error " + errorCode + ": " + text(r, "errorMessage"));
        }
        return DarajaCallbacks.stkVerdict(text(r, "ResultCode"), text(r, "ResultDesc"), p.outcome().providerReference(), null);
    }

    private RailOutcome stkPush(Payment p) {
        String timestamp = TIMESTAMP.format(clock.instant());
        String phone = msisdn(p.instructions().accountNumber());
        ObjectNode body = json.createObjectNode()
                .put("BusinessShortCode", config.shortCode().code())
                .put("Password", password(timestamp))
                .put("Timestamp", timestamp)
                .put("TransactionType", "CustomerPayBillOnline")
                .put("Amount", p.amounts().amount().amount().setScale(0).toPlainString())
                .put("PartyA", phone)
                .put("PartyB", config.shortCode().code())
                .put("PhoneNumber", phone)
                .put("CallBackURL", config.api().callbackBaseUrl() + "/stk-callback/" + p.reference().value())
                .put("AccountReference", truncate(p.references().merchantReference(), 12))
                .put("TransactionDesc", truncate(p.instructions().remark() == null ? "Payment" : p.instructions().remark(), 13));
        Reply reply = post("/mpesa/stkpush/v1/processrequest", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        if ("0".equals(text(r, "ResponseCode"))) {
            return new RailOutcome.Submitted(text(r, "CheckoutRequestID"), config.api().pollEvery());
        }
        return new RailOutcome.Declined(text(r, "CheckoutRequestID"), describe(r));
    }

    private RailOutcome b2c(Payment p) {
        ObjectNode body = json.createObjectNode()
                .put("OriginatorConversationID", p.reference().value())
                .put("InitiatorName", config.initiator().name())
                .put("SecurityCredential", config.initiator().securityCredential())
                .put("CommandID", "BusinessPayment")
                .put("Amount", p.amounts().amount().amount().setScale(0).toPlainString())
                .put("PartyA", config.shortCode().code())
                .put("PartyB", msisdn(p.instructions().accountNumber()))
                .put("Remarks", truncate(p.instructions().remark() == null ? "Payout" : p.instructions().remark(), 100))
                .put("QueueTimeOutURL", config.api().callbackBaseUrl() + "/b2c-timeout")
                .put("ResultURL", config.api().callbackBaseUrl() + "/b2c-result")
                .put("Occasion", truncate(p.references().merchantReference(), 100));
        Reply reply = post("/mpesa/b2c/v3/paymentrequest", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        if ("0".equals(text(r, "ResponseCode"))) {
            return new RailOutcome.Submitted(text(r, "ConversationID"), config.api().pollEvery());
        }
        return new RailOutcome.Declined(text(r, "ConversationID"), describe(r));
    }

    /**
     * Daraja Reversal of a collection, for a refund ({@code POST /mpesa/reversal/v1/request}, CommandID
     * {@code TransactionReversal}): {@code TransactionID} is the collection's M-Pesa receipt (its provider reference),
     * {@code Amount} the refund's, in whole shillings. Asynchronous: the acknowledgement only says Daraja took it
     * (ResponseCode 0: submitted under the reversal's OriginatorConversationID, the identifier Daraja's Transaction
     * Status query takes for a transaction whose receipt we do not have; its ConversationID when Daraja gave none); the
     * verdict is posted to the ResultURL {@code /reversal-result/<key>} ({@link #reversalKey}), a queued timeout to
     * {@code /b2c-timeout} (no verdict). A refusal of the request itself is a decline; a timeout, 5xx or unreadable
     * answer is no answer.
     */
    public RailOutcome reverse(Refund refund, Payment collection) {
        if (refund.amount().amount().stripTrailingZeros().scale() > 0) {
            return new RailOutcome.Declined(null, "M-Pesa accepts whole shillings only");
        }
        String receipt = collection.outcome().providerReference();
        if (receipt == null) {
            return new RailOutcome.Declined(null, "the collection has no M-Pesa receipt to reverse");
        }
        ObjectNode body = json.createObjectNode()
                .put("Initiator", config.initiator().name())
                .put("SecurityCredential", config.initiator().securityCredential())
                .put("CommandID", "TransactionReversal")
                .put("TransactionID", receipt)
                .put("Amount", refund.amount().amount().setScale(0).toPlainString())
                .put("ReceiverParty", config.shortCode().code())
                .put("RecieverIdentifierType", "11") // Daraja's own spelling; 11: the organisation's short code
                .put("ResultURL", config.api().callbackBaseUrl() + "/reversal-result/" + reversalKey(refund))
                .put("QueueTimeOutURL", config.api().callbackBaseUrl() + "/b2c-timeout")
                .put("Remarks", truncate(refund.reason() == null ? "Refund" : refund.reason(), 100))
                .put("Occasion", truncate(refund.refundReference(), 100));
        Reply reply = post("/mpesa/reversal/v1/request", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        String originator = text(r, "OriginatorConversationID");
        String reference = originator != null && !originator.isBlank() ? originator : text(r, "ConversationID");
        if ("0".equals(text(r, "ResponseCode"))) {
            return new RailOutcome.Submitted(reference, config.api().pollEvery());
        }
        return new RailOutcome.Declined(reference, describe(r));
    }

    /**
     * Daraja's Transaction Status query about a reversal whose result never arrived ({@code POST
     * /mpesa/transactionstatus/v1/query}, CommandID {@code TransactionStatusQuery}), keyed on the reversal's
     * OriginatorConversationID ({@code OriginalConversationID}, Daraja's name for "the Originator Conversation ID of
     * the transaction whose status is being checked"; the refund's provider reference while it is pending). No
     * {@code TransactionID}: the reversal's own receipt is what we do not know, and the collection's receipt names the
     * collection, whose "Completed" would say nothing about the reversal. Asynchronous: the acknowledgement only says
     * Daraja took the query; the answer is posted to the ResultURL {@code /reversal-status-result/<key>}
     * ({@link #reversalKey}), so that it settles the refund (see {@link DarajaCallbacks#reversalStatusResult}). Never
     * a verdict by itself: a refusal of the query, a timeout, 5xx or unreadable answer is no answer.
     */
    public RailOutcome reversalStatus(Refund refund) {
        String originator = refund.outcome().providerReference();
        if (originator == null || originator.isBlank()) {
            return new RailOutcome.NoAnswer("the reversal has no OriginatorConversationID to ask about");
        }
        ObjectNode body = json.createObjectNode()
                .put("Initiator", config.initiator().name())
                .put("SecurityCredential", config.initiator().securityCredential())
                .put("CommandID", "TransactionStatusQuery")
                .put("OriginalConversationID", originator)
                .put("PartyA", config.shortCode().code())
                .put("IdentifierType", "4")
                .put("ResultURL", config.api().callbackBaseUrl() + "/reversal-status-result/" + reversalKey(refund))
                .put("QueueTimeOutURL", config.api().callbackBaseUrl() + "/b2c-timeout")
                .put("Remarks", truncate("Status of reversal " + reversalKey(refund), 100))
                .put("Occasion", truncate(refund.refundReference(), 100));
        Reply reply = post("/mpesa/transactionstatus/v1/query", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        if ("0".equals(text(r, "ResponseCode"))) {
            return new RailOutcome.Submitted(originator, config.api().pollEvery());
        }
        // Daraja refused the status query itself: that says nothing about the reversal
        return new RailOutcome.NoAnswer("Daraja refused the Transaction Status query: " + describe(r));
    }

    /** The ResultURL's last segment naming the refund a reversal result settles: {@code R} + the refund's number. */
    public static String reversalKey(Refund refund) {
        return "R" + refund.id();
    }

    private record Reply(JsonNode body, RailOutcome.NoAnswer noAnswer) {
    }

    private Reply post(String path, JsonNode body) {
        try {
            String bearer = accessToken();
            HttpRequest request = HttpRequest.newBuilder(URI.create(config.api().baseUrl() + path))
                    .timeout(config.api().timeout())
                    .header("authorization", "Bearer " + bearer)
                    .header("content-type", "application/json")
                    .header("accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 401) {
                tokenExpiresAt = Instant.EPOCH;
            }
            if (response.statusCode() >= 500 || response.statusCode() == 401 || response.statusCode() == 429) {
                return new Reply(null, new RailOutcome.NoAnswer("Daraja answered HTTP " + response.statusCode()));
            }
            JsonNode parsed;
            try {
                parsed = json.readTree(response.body());
            } catch (Exception malformed) {
                return new Reply(null, new RailOutcome.NoAnswer("Daraja answered malformed JSON"));
            }
            if (parsed == null || !parsed.isObject()) {
                return new Reply(null, new RailOutcome.NoAnswer("Daraja answered malformed JSON"));
            }
            return new Reply(parsed, null);
        } catch (HttpTimeoutException e) {
            return new Reply(null, new RailOutcome.NoAnswer("Daraja timed out"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(null, new RailOutcome.NoAnswer("interrupted"));
        } catch (Exception e) {
            return new Reply(null, new RailOutcome.NoAnswer("Daraja unreachable: " + e.getClass().getSimpleName()));
        }
    }

    private String accessToken() throws Exception {
        if (token != null && clock.instant().isBefore(tokenExpiresAt)) {
            return token;
        }
        String basic = Base64.getEncoder().encodeToString(
                (config.app().consumerKey() + ":" + config.app().consumerSecret()).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(config.api().baseUrl() + "/oauth/v1/generate?grant_type=client_credentials"))
                .timeout(config.api().timeout())
                .header("authorization", "Basic " + basic)
                .GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("Daraja OAuth answered HTTP " + response.statusCode());
        }
        JsonNode r = json.readTree(response.body());
        String t = text(r, "access_token");
        long expiresIn = r.path("expires_in").asLong(3599);
        token = t;
        tokenExpiresAt = clock.instant().plusSeconds(Math.max(0, expiresIn - 60));
        return t;
    }

    String password(String timestamp) {
        return Base64.getEncoder().encodeToString(
                (config.shortCode().code() + config.shortCode().passkey() + timestamp).getBytes(StandardCharsets.UTF_8));
    }

    /** 2547XXXXXXXX from +254 7XX..., 07XX... or 2547... */
    static String msisdn(String number) {
        String digits = number == null ? "" : number.replaceAll("[^0-9]", "");
        if (digits.startsWith("0")) {
            digits = "254" + digits.substring(1);
        } else if (digits.length() == 9) {
            digits = "254" + digits;
        }
        return digits;
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static String describe(JsonNode r) {
        String d = text(r, "ResponseDescription");
        if (d == null) {
            d = text(r, "errorMessage");
        }
        String code = text(r, "errorCode") != null ? text(r, "errorCode") : text(r, "ResponseCode");
        return "M-Pesa refused the request" + (code == null ? "" : " (" + code + ")") + (d == null ? "" : ": " + d);
    }

    private static String truncate(String s, int max) {
        return s == null ? "" : s.length() <= max ? s : s.substring(0, max);
    }

    static BigDecimal amount(JsonNode v) {
        return v == null || v.isNull() ? null : new BigDecimal(v.asText());
    }
}
