package io.mizani.application.idempotency;

import java.time.Instant;

/** Stored idempotency keys, unique per (account, key). Every method runs inside the caller's transaction. */
public interface IdempotencyStore {

    /**
     * Inserts the key as in flight, or reads the row that already holds it. An in-flight row started before
     * {@code leaseExpiredBefore} (its request died) is taken over. Never blocks on another request's row.
     */
    Claim claim(long accountId, String key, String fingerprint, Instant now, Instant leaseExpiredBefore);

    void complete(long accountId, String key, int status, String body);

    void release(long accountId, String key);

    int purgeCreatedBefore(Instant cutoff);

    sealed interface Claim {
        record Acquired() implements Claim {
        }

        record Completed(String fingerprint, int status, String body) implements Claim {
        }

        record InFlight(String fingerprint) implements Claim {
        }
    }
}
