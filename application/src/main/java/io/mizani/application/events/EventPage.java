package io.mizani.application.events;

import java.util.List;

/** A page of events, newest first. */
public record EventPage(List<StoredEvent> events, boolean hasMore) {
}
