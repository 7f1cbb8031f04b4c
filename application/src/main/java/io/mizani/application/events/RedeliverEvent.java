package io.mizani.application.events;

/** POST /api/global/events/{id}/redeliver. */
public interface RedeliverEvent {

    /** Queues one more delivery of the event (same webhook-id); answers its delivery, now pending. */
    DeliveryState redeliver(long accountId, String id);
}
