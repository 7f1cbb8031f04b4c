package io.mizani.adapter.provider.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.application.payment.RailOutcome;

/**
 * Reads what Daraja posts back: the STK Push callback ({@code Body.stkCallback}) and the B2C result
 * ({@code Result}). Each gives the provider reference the payment was submitted under (CheckoutRequestID,
 * ConversationID) and the verdict.
 */
public final class DarajaCallbacks {

    public record Settlement(String providerReference, RailOutcome outcome) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private DarajaCallbacks() {
    }

    public static Settlement stkCallback(String body) {
        JsonNode cb = read(body).path("Body").path("stkCallback");
        String checkoutRequestId = DarajaRail.text(cb, "CheckoutRequestID");
        if (checkoutRequestId == null) {
            throw new IllegalArgumentException("not an STK callback");
        }
        String receipt = null;
        for (JsonNode item : cb.path("CallbackMetadata").path("Item")) {
            if ("MpesaReceiptNumber".equals(DarajaRail.text(item, "Name"))) {
                receipt = DarajaRail.text(item, "Value");
            }
        }
        return new Settlement(checkoutRequestId,
                stkVerdict(DarajaRail.text(cb, "ResultCode"), DarajaRail.text(cb, "ResultDesc"), checkoutRequestId, receipt));
    }

    public static Settlement b2cResult(String body) {
        JsonNode r = read(body).path("Result");
        String conversationId = DarajaRail.text(r, "ConversationID");
        if (conversationId == null) {
            throw new IllegalArgumentException("not a B2C result");
        }
        String code = DarajaRail.text(r, "ResultCode");
        if ("0".equals(code)) {
            String receipt = DarajaRail.text(r, "TransactionID");
            for (JsonNode p : r.path("ResultParameters").path("ResultParameter")) {
                if ("TransactionReceipt".equals(DarajaRail.text(p, "Key"))) {
                    receipt = DarajaRail.text(p, "Value");
                }
            }
            return new Settlement(conversationId, new RailOutcome.Succeeded(receipt != null ? receipt : conversationId));
        }
        return new Settlement(conversationId, new RailOutcome.Declined(conversationId,
                "M-Pesa result " + code + ": " + DarajaRail.text(r, "ResultDesc")));
    }

    /**
     * The Reversal result posted to {@code /reversal-result/<key>}: the same {@code Result} envelope as a B2C result
     * (ResultCode 0: reversed, the reversal's TransactionID as provider reference; any other code: refused, e.g. 11
     * "the DebitParty is in an invalid state", R000002 "the OriginalTransactionID is invalid").
     */
    public static Settlement reversalResult(String body) {
        return b2cResult(body);
    }

    /**
     * The Transaction Status result posted to the ResultURL ({@code Result} with {@code ResultParameters}). The
     * query's own ResultCode 0 means M-Pesa found the transaction; its {@code TransactionStatus} parameter then says
     * what became of it: {@code Completed} succeeded (receipt {@code ReceiptNo}); {@code Failed}, {@code Cancelled},
     * {@code Declined}, {@code Expired} or {@code Reversed} failed. Anything else (still processing, the query
     * itself failed) is no verdict: the payment stays pending and is asked about again.
     */
    public static RailOutcome transactionStatusResult(String body) {
        StatusReport report = statusReport(body);
        if (report.noVerdict() != null) {
            return report.noVerdict();
        }
        String status = report.status();
        return switch (status.toLowerCase(java.util.Locale.ROOT)) {
            case "completed" -> new RailOutcome.Succeeded(report.receipt());
            case "failed", "cancelled", "canceled", "declined", "expired", "reversed" ->
                    new RailOutcome.Declined(report.receipt(), "M-Pesa transaction status: " + status);
            default -> new RailOutcome.NoAnswer("M-Pesa transaction status: " + status);
        };
    }

    /**
     * The Transaction Status result about a <em>reversal</em>, posted to {@code /reversal-status-result/<key>}: the
     * same envelope as {@link #transactionStatusResult}, read for the refund. {@code Completed}: the reversal went
     * through, the refund succeeds (the reversal's receipt {@code ReceiptNo} as provider reference); {@code Failed},
     * {@code Cancelled}, {@code Declined} or {@code Expired}: it did not, the refund fails. Anything else is no verdict
     * and the refund stays pending: a non-zero ResultCode (the query failed, or M-Pesa did not find the reversal), no
     * TransactionStatus, a status still in progress, and {@code Reversed} too (the reversal itself undone: for an
     * operator to look at, never guessed either way).
     */
    public static RailOutcome reversalStatusResult(String body) {
        StatusReport report = statusReport(body);
        if (report.noVerdict() != null) {
            return report.noVerdict();
        }
        String status = report.status();
        return switch (status.toLowerCase(java.util.Locale.ROOT)) {
            case "completed" -> new RailOutcome.Succeeded(report.receipt());
            case "failed", "cancelled", "canceled", "declined", "expired" ->
                    new RailOutcome.Declined(report.receipt(), "M-Pesa reversal status: " + status);
            default -> new RailOutcome.NoAnswer("M-Pesa reversal status: " + status);
        };
    }

    /** A Transaction Status result: its TransactionStatus and receipt, or why it gives no verdict. */
    private record StatusReport(String status, String receipt, RailOutcome.NoAnswer noVerdict) {
    }

    private static StatusReport statusReport(String body) {
        JsonNode r = read(body).path("Result");
        String code = DarajaRail.text(r, "ResultCode");
        if (code == null) {
            throw new IllegalArgumentException("not a Transaction Status result");
        }
        if (!"0".equals(code)) {
            return new StatusReport(null, null,
                    new RailOutcome.NoAnswer("M-Pesa status query result " + code + ": " + DarajaRail.text(r, "ResultDesc")));
        }
        String status = null;
        String receipt = DarajaRail.text(r, "TransactionID");
        for (JsonNode p : r.path("ResultParameters").path("ResultParameter")) {
            String key = DarajaRail.text(p, "Key");
            if ("TransactionStatus".equals(key)) {
                status = DarajaRail.text(p, "Value");
            } else if ("ReceiptNo".equals(key) && DarajaRail.text(p, "Value") != null) {
                receipt = DarajaRail.text(p, "Value");
            }
        }
        if (status == null || status.isBlank()) {
            return new StatusReport(null, null, new RailOutcome.NoAnswer("M-Pesa status query gave no TransactionStatus"));
        }
        return new StatusReport(status.trim(), receipt, null);
    }

    /** ResultCode 0 succeeded; any other code is the payer's or M-Pesa's refusal (1032 cancelled, 1037 unreachable, 1 insufficient funds...). */
    static RailOutcome stkVerdict(String resultCode, String resultDesc, String checkoutRequestId, String receipt) {
        if (resultCode == null) {
            return new RailOutcome.NoAnswer("Daraja gave no ResultCode");
        }
        if ("0".equals(resultCode)) {
            return new RailOutcome.Succeeded(receipt != null ? receipt : checkoutRequestId);
        }
        return new RailOutcome.Declined(checkoutRequestId, "M-Pesa result " + resultCode + ": " + resultDesc);
    }

    private static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (Exception e) {
            throw new IllegalArgumentException("malformed JSON", e);
        }
    }
}
