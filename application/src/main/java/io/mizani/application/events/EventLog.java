package io.mizani.application.events;

import io.mizani.application.payment.Json;
import io.mizani.application.payment.Tokens;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Writes events that go to the merchant's endpoint, in the caller's transaction. The body is built once
 * ({@code {type, timestamp, data}}, like transaction callbacks) so every attempt sends and signs the same bytes;
 * the endpoint is read in the same transaction, and with none set the event is kept as {@code no_endpoint}.
 */
public final class EventLog implements Events {

    private final EventStore store;
    private final WebhookEndpoints endpoints;
    private final Clock clock;

    public EventLog(EventStore store, WebhookEndpoints endpoints, Clock clock) {
        this.store = store;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    @Override
    public String record(long accountId, String type, Map<String, ?> data) {
        if (!EventTypes.known(type) || EventTypes.TO_CALLBACK_URL.contains(type)) {
            throw new IllegalArgumentException("not an endpoint event type: " + type);
        }
        Objects.requireNonNull(data, "data");
        Instant now = clock.instant();
        String id = Tokens.webhookId();
        String url = endpoints.find(accountId).orElse(null);
        store.append(new EventStore.NewEvent(accountId, null, id, type, url, body(type, now, data), now, now, null));
        return id;
    }

    static String body(String type, Instant at, Map<String, ?> data) {
        var body = new LinkedHashMap<String, Object>();
        body.put("type", type);
        body.put("timestamp", DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.MILLIS)));
        body.put("data", data);
        return Json.write(body);
    }
}
