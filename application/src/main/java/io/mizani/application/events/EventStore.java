package io.mizani.application.events;

import io.mizani.application.payment.CallbackOutbox;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The event store: the same rows the callback outbox ({@link CallbackOutbox}) writes and its worker delivers.
 * Reads are always scoped to one merchant (another merchant's event is simply not found).
 */
public interface EventStore {

    /**
     * A new event. {@code url} null: kept with status no_endpoint, never sent. {@code nextAttemptAt} is when the
     * worker may first take it (a caller that sends it itself leases it ahead); {@code attemptLimit} null lets the
     * retry schedule decide.
     */
    record NewEvent(long accountId, Long paymentId, String id, String type, String url, String body,
                    Instant createdAt, Instant nextAttemptAt, Integer attemptLimit) {
    }

    /** Written in the caller's transaction. */
    void append(NewEvent event);

    /** Newest first ({@code created_at}, then insertion), strictly after {@code after} when given. */
    List<StoredEvent> list(long accountId, String type, StoredEvent after, int limit);

    Optional<StoredEvent> find(long accountId, String id);

    /** The events of one of the merchant's payments (its row id), oldest first; another merchant's: none. */
    List<StoredEvent> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId);

    /** The event with its row locked ({@code FOR UPDATE}) for the rest of the transaction. */
    Optional<StoredEvent> lock(long accountId, String id);

    /** Oldest first. */
    List<DeliveryAttempt> attempts(long rowId);

    /** Makes the event pending again with its next attempt at {@code nextAttemptAt}. */
    void requeue(long rowId, String url, Instant nextAttemptAt, Integer attemptLimit);

    /** The event as the delivery worker needs it (with the merchant's current signing secret). */
    Optional<CallbackOutbox.DueCallback> due(long rowId);

    /** Points the merchant's pending endpoint events at a new endpoint; returns how many. */
    int redirectPending(long accountId, String url);

    /** Deletes up to {@code limit} events created before {@code before} that are no longer pending, with their attempts. */
    int purge(Instant before, int limit);
}
