package io.mizani.application.events;

import java.time.Instant;

/** One delivery attempt: {@code responseStatus} null when no answer came; {@code error} null or a short text. */
public record DeliveryAttempt(Instant attemptedAt, Integer responseStatus, String error, long durationMs) {
}
