package io.mizani.application.events;

import java.time.Instant;

/**
 * One event as stored: {@code id} is its webhook-id, {@code dataJson} the JSON of its {@code data} (as sent, inside
 * the body {@code {type, timestamp, data}}), {@code rowId} the store's own key.
 */
public record StoredEvent(long rowId, long accountId, String id, String type, Instant createdAt, String dataJson,
                          Integer attemptLimit, DeliveryState delivery) {

    public boolean toEndpoint() {
        return !EventTypes.TO_CALLBACK_URL.contains(type);
    }
}
