package io.mizani.bootstrap.ops;

import java.net.URI;

import org.jboss.logging.Logger;
import org.jboss.logging.MDC;

import io.mizani.application.payment.CallbackSender;

/**
 * One WARN line per failed callback attempt, with the event's id ({@code event_id} in the MDC and in the text), the
 * endpoint's host (never the path or query, which may carry a merchant's token), and the status or error.
 */
public final class LoggedCallbackSender implements CallbackSender {

    private static final Logger LOG = Logger.getLogger("io.mizani.webhooks");

    private final CallbackSender delegate;

    public LoggedCallbackSender(CallbackSender delegate) {
        this.delegate = delegate;
    }

    @Override
    public Delivery send(String url, String webhookId, long timestampSeconds, String body, String secret) {
        Object previous = MDC.get("event_id");
        MDC.put("event_id", webhookId);
        try {
            Delivery d = delegate.send(url, webhookId, timestampSeconds, body, secret);
            if (!d.delivered()) {
                LOG.warnf("webhook attempt failed: event %s to %s: %s", webhookId, host(url),
                        d.statusCode() != null ? "HTTP " + d.statusCode() : String.valueOf(d.error()));
            }
            return d;
        } finally {
            if (previous == null) {
                MDC.remove("event_id");
            } else {
                MDC.put("event_id", previous);
            }
        }
    }

    static String host(String url) {
        try {
            String h = URI.create(url).getHost();
            return h == null ? "(no host)" : h;
        } catch (RuntimeException e) {
            return "(unparsable url)";
        }
    }
}
