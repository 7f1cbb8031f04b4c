package io.mizani.adapter.provider.refund;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mizani.adapter.provider.payment.PaystackApi;
import io.mizani.adapter.provider.payment.PaystackRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.refund.RefundRail;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;

import java.util.Locale;

/**
 * Refunds of card collections taken by Paystack: {@code POST /refund} with {@code transaction} = the collection's
 * Paystack reference and the amount in subunits; Paystack's refund {@code id} is the refund's provider_reference and
 * {@code GET /refund/{id}} its lookup. {@code processed} succeeds, {@code failed} fails; {@code pending},
 * {@code processing} and {@code needs-attention} stay pending. A refund whose submission answer was lost (no id) is
 * not sent again (it could refund twice): it stays pending and is logged by the worker's lookups.
 */
public final class PaystackRefundRail implements RefundRail {

    private final PaystackApi api;
    private final java.time.Duration pollEvery;
    private final ObjectMapper json = new ObjectMapper();

    public PaystackRefundRail(PaystackApi api, java.time.Duration pollEvery) {
        this.api = api;
        this.pollEvery = pollEvery;
    }

    @Override
    public RailOutcome submit(Refund refund, Payment collection) {
        ObjectNode body = json.createObjectNode()
                .put("transaction", PaystackRail.reference(collection))
                .put("amount", refund.amount().amount().movePointRight(2).longValueExact())
                .put("currency", refund.amount().currency());
        if (refund.reason() != null && !refund.reason().isBlank()) {
            body.put("merchant_note", refund.reason());
        }
        PaystackApi.Reply reply = api.post("/refund", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.ok() && reply.data() != null && reply.data().isObject()) {
            return verdict(reply.data(), null);
        }
        if (reply.status() == 400 || reply.status() == 422) {
            String m = reply.message();
            return new RailOutcome.Declined(null, "Paystack refused the refund: " + (m == null ? "HTTP " + reply.status() : m));
        }
        return new RailOutcome.NoAnswer("Paystack refund answered HTTP " + reply.status());
    }

    @Override
    public RailOutcome query(Refund refund, Payment collection) {
        String id = refund.outcome().providerReference();
        if (id == null || id.isBlank()) {
            return new RailOutcome.NoAnswer("Paystack refund of " + refund.refundReference()
                    + " has no Paystack id (its submission answer was lost): not sent again");
        }
        PaystackApi.Reply reply = api.get("/refund/" + java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8));
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (!reply.ok() || reply.data() == null || !reply.data().isObject()) {
            return new RailOutcome.NoAnswer("Paystack refund lookup answered HTTP " + reply.status());
        }
        return verdict(reply.data(), id);
    }

    private RailOutcome verdict(JsonNode data, String knownId) {
        String id = data.hasNonNull("id") ? data.get("id").asText() : knownId;
        String status = data.hasNonNull("status") ? data.get("status").asText().trim().toLowerCase(Locale.ROOT) : "";
        return switch (status) {
            case "processed" -> new RailOutcome.Succeeded(id);
            case "failed" -> new RailOutcome.Declined(id, "Paystack: refund failed");
            case "" -> id == null ? new RailOutcome.NoAnswer("Paystack refund answer without id or status")
                    : new RailOutcome.Submitted(id, pollEvery);
            default -> new RailOutcome.Submitted(id, pollEvery);
        };
    }
}
