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
