package io.mizani.application.payment;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** The durable outbox of merchant callbacks and the record of every delivery attempt. */
public interface CallbackOutbox {

    record NewCallback(long accountId, long paymentId, String webhookId, String eventType, String url, String body,
                       Instant createdAt) {
    }

    /** A claimed callback with the merchant's current signing secret. */
    record DueCallback(long id, long accountId, long paymentId, String webhookId, String eventType, String url,
                       String body, int attempts, String secret) {
    }

    record Attempt(long callbackId, int attemptNo, Instant attemptedAt, Integer statusCode, String error,
                   long durationMs) {
    }

    /** Written in the caller's transaction (the same one that finalises the payment). */
    void enqueue(NewCallback callback);

    /** Claims due callbacks ({@code FOR UPDATE SKIP LOCKED}), pushing their next attempt {@code lease} ahead. */
    List<DueCallback> claimDue(Instant now, Duration lease, int limit);

    void recordAttempt(Attempt attempt);

    void markDelivered(long id, int attempts, Instant at);

    void scheduleRetry(long id, int attempts, Instant nextAttemptAt);

    void markDead(long id, int attempts, Instant at);
}
