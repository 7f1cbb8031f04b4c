package io.mizani.application.events;

import java.time.Instant;

/**
 * Where an event goes and how its delivery stands. {@code status}: {@code pending} (an attempt is due or running),
 * {@code delivered} (the last attempt got a 2xx), {@code failed} (attempts exhausted, or 410 Gone),
 * {@code no_endpoint} (kept, never sent: no endpoint was set). {@code nextAttemptAt} only while pending.
 */
public record DeliveryState(String url, String status, int attempts, Instant lastAttemptAt, Instant nextAttemptAt,
                            Integer lastResponseStatus) {

    public static final String PENDING = "pending";
    public static final String DELIVERED = "delivered";
    public static final String FAILED = "failed";
    public static final String NO_ENDPOINT = "no_endpoint";
}
