package io.mizani.adapter.rest.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.adapter.rest.common.ErrorBodies;
import io.mizani.application.payment.LookUpOnNotice;
import io.mizani.application.refund.LookUpRefundsOnNotice;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Paystack's webhook ({@code POST /api/providers/paystack/notify}; PUT is taken the same way). No credentials: the
 * {@code x-paystack-signature} header, the HMAC-SHA512 of the raw body keyed with the secret key, is checked on the
 * exact bytes received, in constant time ({@link Signatures}); absent or wrong answers 401 and nothing is read. A
 * signed event ({@code charge.success}, {@code transfer.success}, {@code transfer.failed}...) names its payment by
 * {@code data.reference}; the payment is then looked up at Paystack at once (verify) and that lookup settles it, as
 * every notification does (platform.md section 14). A refund event ({@code refund.processed}, {@code refund.failed},
 * {@code refund.pending}...) names the refunded collection by {@code data.transaction_reference}: that collection's
 * pending refunds are looked up at Paystack at once ({@code GET /refund/{id}}), and those lookups settle them
 * (platform.md section 15).
 */
@PermitAll
@Path("/api/providers/paystack/notify")
@Consumes(MediaType.WILDCARD)
@Produces(MediaType.APPLICATION_JSON)
public class PaystackNotifyResource {

    static final String PATH = "/api/providers/paystack/notify";
    static final Set<String> PROVIDERS = Set.of("card_ng", "card_ke", "nip_ng");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Port: whether a body carries Paystack's signature (false for every body when Paystack is not configured). */
    @FunctionalInterface
    public interface Signatures {
        boolean valid(byte[] body, String signature);
    }

    @Inject
    Signatures signatures;
    @Inject
    LookUpOnNotice lookUp;
    @Inject
    LookUpRefundsOnNotice refundLookUp;

    @POST
    public Response post(byte[] body, @HeaderParam("x-paystack-signature") String signature) {
        return notice(body, signature);
    }

    @PUT
    public Response put(byte[] body, @HeaderParam("x-paystack-signature") String signature) {
        return notice(body, signature);
    }

    private Response notice(byte[] body, String signature) {
        if (body == null || signature == null || !signatures.valid(body, signature)) {
            return ErrorBodies.response(PATH, 401, "unauthenticated", "missing or invalid x-paystack-signature");
        }
        JsonNode n;
        try {
            n = body.length == 0 ? null : JSON.readTree(body);
        } catch (Exception malformed) {
            n = null;
        }
        if (n == null || !n.isObject()) {
            return ErrorBodies.response(PATH, 400, "invalid_argument", "the notification must be a JSON object");
        }
        JsonNode data = n.path("data");
        List<String> references = new ArrayList<>();
        for (String field : new String[]{"reference", "transaction_reference"}) {
            JsonNode v = data.get(field);
            if (v != null && v.isValueNode() && !v.isNull() && !v.asText().isBlank()) {
                references.add(v.asText());
                // the payment's Paystack reference is the service's own in lower case
                references.add(v.asText().toUpperCase(Locale.ROOT));
            }
        }
        JsonNode event = n.get("event");
        if (event != null && event.isTextual() && event.asText().startsWith("refund.")) {
            refundLookUp.lookUpNow(PROVIDERS, references);
        } else {
            lookUp.lookUpNow(PROVIDERS, references);
        }
        return Response.ok(Map.of("received", true)).build();
    }
}
