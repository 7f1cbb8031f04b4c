package io.mizani.application.events;

import java.time.Instant;

/**
 * Where an event goes and how its delivery stands ({@link DeliveryStatus}). {@code nextAttemptAt} only while pending.
 */
public record DeliveryState(String url, DeliveryStatus status, int attempts, Instant lastAttemptAt,
                            Instant nextAttemptAt, Integer lastResponseStatus) {

    /** The statuses' wire names (the OpenAPI document's enum of {@code delivery.status} lists them). */
    public static final String PENDING = DeliveryStatus.PENDING.wire();
    public static final String DELIVERED = DeliveryStatus.DELIVERED.wire();
    public static final String FAILED = DeliveryStatus.FAILED.wire();
    public static final String NO_ENDPOINT = DeliveryStatus.NO_ENDPOINT.wire();
}
