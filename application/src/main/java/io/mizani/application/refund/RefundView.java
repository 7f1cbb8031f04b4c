package io.mizani.application.refund;

import io.mizani.application.payment.Json;
import io.mizani.domain.refund.Refund;

import java.math.RoundingMode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The refund record of platform.md section 15, the one place its wire fields are laid out: the REST answers and the
 * {@code refund.*} events both write it.
 */
public final class RefundView {

    public static final String SUCCEEDED = "refund.succeeded";
    public static final String FAILED = "refund.failed";

    private RefundView() {
    }

    /** Field map in contract order (snake_case keys). */
    public static Map<String, Object> asMap(Refund r) {
        var m = new LinkedHashMap<String, Object>();
        m.put("refund_reference", r.references().refundReference());
        m.put("merchant_reference", r.references().merchantReference());
        m.put("amount", r.amount().amount().setScale(2, RoundingMode.HALF_EVEN));
        m.put("currency", r.amount().currency());
        m.put("status", r.status().wire());
        m.put("reason", r.reason());
        m.put("failure_reason", r.outcome().failureReason());
        m.put("provider_reference", r.outcome().providerReference());
        m.put("created_at", time(r.times().createdAt()));
        m.put("updated_at", time(r.times().updatedAt()));
        m.put("completed_at", time(r.times().completedAt()));
        return m;
    }

    /** The event body: {@code {type, timestamp, data: {refund}}}. */
    public static String eventBody(String type, Instant at, Refund r) {
        var body = new LinkedHashMap<String, Object>();
        body.put("type", type);
        body.put("timestamp", time(at));
        body.put("data", Map.of("refund", asMap(r)));
        return Json.write(body);
    }

    static String time(Instant t) {
        return t == null ? null : DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.MILLIS));
    }
}
