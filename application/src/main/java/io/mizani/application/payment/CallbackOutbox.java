package io.mizani.application.payment;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The durable outbox of merchant callbacks and the record of every delivery attempt. Its rows are the event store
 * ({@code io.mizani.application.events}): a callback is the event {@code transaction.succeeded|failed}, its
 * {@code webhookId} the event id. {@code url} null records the event without sending it (status no_endpoint).
 */
public interface CallbackOutbox {

    record NewCallback(long accountId, long paymentId, String webhookId, String eventType, String url, String body,
                       Instant createdAt) {
    }

    /**
     * A claimed callback: which event ({@link Message}) and how far its delivery has got ({@link Delivery}), with
     * the merchant's current signing secret. {@code paymentId} is null for an event that is not about a payment.
     */
    record DueCallback(long id, long accountId, Long paymentId, Message message, Delivery delivery) {
    }

    /** The event as sent: its id (the {@code webhook-id}), its type and the signed body. */
    record Message(String webhookId, String eventType, String body) {
    }

    /**
     * Where it goes and with which secret, how many attempts were made, and {@code attemptLimit}: the attempt
     * number after which it gives up (a redelivery allows one more attempt), null when only the retry schedule
     * decides.
     */
    record Delivery(String url, String secret, int attempts, Integer attemptLimit) {
    }

    record Attempt(long callbackId, int attemptNo, Instant attemptedAt, Integer statusCode, String error,
                   long durationMs) {
    }

    /** Written in the caller's transaction (the same one that finalises the payment). */
    void enqueue(NewCallback callback);

    /**
     * {@link #enqueue} with its first attempt held until {@code leaseEnd}, as a claim would leave it (a callback
     * handed straight to this replica's worker, {@link CallbackHandOff}); answers it as a claim answers it, with the
     * merchant's current signing secret. Only for a callback with a URL.
     */
    DueCallback enqueueLeased(NewCallback callback, Instant leaseEnd);

    /** Claims due callbacks ({@code FOR UPDATE SKIP LOCKED}), pushing their next attempt {@code lease} ahead. */
    List<DueCallback> claimDue(Instant now, Duration lease, int limit);

    void recordAttempt(Attempt attempt);

    void markDelivered(long id, int attempts, Instant at);

    void scheduleRetry(long id, int attempts, Instant nextAttemptAt);

    /** Attempts exhausted (or 410 Gone): the event's delivery status becomes {@code failed}. */
    void markDead(long id, int attempts, Instant at);

    /** What an attempt leaves the callback as. */
    enum Next { DELIVERED, RETRY, DEAD }

    /**
     * Records the attempt and settles the callback ({@link #markDelivered}, {@link #scheduleRetry} at
     * {@code nextAttemptAt}, or {@link #markDead} at {@code at}); a store may do both in one statement.
     */
    default void recordAndSettle(Attempt attempt, Next next, Instant at, Instant nextAttemptAt) {
        recordAttempt(attempt);
        switch (next) {
            case DELIVERED -> markDelivered(attempt.callbackId(), attempt.attemptNo(), at);
            case DEAD -> markDead(attempt.callbackId(), attempt.attemptNo(), at);
            case RETRY -> scheduleRetry(attempt.callbackId(), attempt.attemptNo(), nextAttemptAt);
        }
    }

    /** An attempt made and what it leaves the callback as ({@link #recordAndSettle}'s arguments). */
    record Settlement(Attempt attempt, Next next, Instant at, Instant nextAttemptAt) {
    }

    /**
     * {@link #recordAndSettle} for each of a worker round's attempts, inside the caller's transaction (a store may
     * send them in one round trip).
     */
    default void recordAndSettleAll(List<Settlement> settlements) {
        for (Settlement s : settlements) {
            recordAndSettle(s.attempt(), s.next(), s.at(), s.nextAttemptAt());
        }
    }
}
