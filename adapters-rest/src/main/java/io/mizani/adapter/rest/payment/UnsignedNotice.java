package io.mizani.adapter.rest.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.adapter.rest.common.ErrorBodies;
import io.mizani.application.payment.LookUpOnNotice;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A provider notification that nobody signed (MTN MoMo's, Airtel Money's): only a hint. The payments it names are
 * looked up at the provider at once and that lookup settles them, never the notification. Any JSON object is
 * answered 200 {@code {"received": true}}, whether or not it named a payment; anything else 400.
 */
final class UnsignedNotice {

    private static final ObjectMapper JSON = new ObjectMapper();

    private UnsignedNotice() {
    }

    /** {@code references}: the references the notification's object names (ours or the provider's). */
    static Response hint(String path, String body, Set<String> providers, LookUpOnNotice lookUp,
                         Function<JsonNode, List<String>> references) {
        JsonNode n;
        try {
            n = body == null || body.isBlank() ? null : JSON.readTree(body);
        } catch (Exception malformed) {
            n = null;
        }
        if (n == null || !n.isObject()) {
            return ErrorBodies.response(path, 400, "invalid_argument", "the notification must be a JSON object");
        }
        lookUp.lookUpNow(providers, references.apply(n));
        return Response.ok(Map.of("received", true)).build();
    }
}
