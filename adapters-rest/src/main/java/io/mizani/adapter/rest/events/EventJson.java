package io.mizani.adapter.rest.events;

import com.fasterxml.jackson.annotation.JsonRawValue;
import io.mizani.application.events.DeliveryAttempt;
import io.mizani.application.events.DeliveryState;
import io.mizani.application.events.EventDetail;
import io.mizani.application.events.EventPage;
import io.mizani.application.events.StoredEvent;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** JSON of the events surface (platform.md section 10). {@code data} is written as stored: the JSON that was sent. */
final class EventJson {

    private EventJson() {
    }

    record DeliveryBody(String url, String status, int attempts, Instant lastAttemptAt, Instant nextAttemptAt,
                        Integer lastResponseStatus) {
        static DeliveryBody of(DeliveryState d) {
            return new DeliveryBody(d.url(), d.status().wire(), d.attempts(), d.lastAttemptAt(), d.nextAttemptAt(),
                    d.lastResponseStatus());
        }
    }

    record EventBody(String id, String type, Instant createdAt, @JsonRawValue String data, DeliveryBody delivery) {
        static EventBody of(StoredEvent e) {
            return new EventBody(e.id(), e.type(), e.createdAt(), e.dataJson(), DeliveryBody.of(e.delivery()));
        }
    }

    record AttemptBody(Instant attemptedAt, Integer responseStatus, String error, long durationMs) {
        static AttemptBody of(DeliveryAttempt a) {
            return new AttemptBody(a.attemptedAt(), a.responseStatus(), a.error(), a.durationMs());
        }
    }

    record EventDetailBody(String id, String type, Instant createdAt, @JsonRawValue String data,
                           DeliveryBody delivery, List<AttemptBody> attempts) {
        static EventDetailBody of(EventDetail d) {
            StoredEvent e = d.event();
            return new EventDetailBody(e.id(), e.type(), e.createdAt(), e.dataJson(), DeliveryBody.of(e.delivery()),
                    d.attempts().stream().map(AttemptBody::of).toList());
        }
    }

    record EventsPage(List<EventBody> events, boolean hasMore) {
        static EventsPage of(EventPage p) {
            return new EventsPage(p.events().stream().map(EventBody::of).toList(), p.hasMore());
        }
    }

    /** Answer of redeliver and of the test send. */
    record DeliveryOfEvent(String eventId, DeliveryBody delivery) {
    }

    record EndpointBody(
            @Schema(required = true) String url) {
    }
}
