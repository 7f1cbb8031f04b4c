package io.mizani.application.events;

import java.util.List;

/** An event with every delivery attempt, oldest first. */
public record EventDetail(StoredEvent event, List<DeliveryAttempt> attempts) {
}
