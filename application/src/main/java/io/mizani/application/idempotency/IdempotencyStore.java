package io.mizani.application.idempotency;

import java.time.Instant;

/** Stored idempotency keys, unique per (account, key). Every method runs inside the caller's transaction. */
public interface IdempotencyStore {

    /**
     * Inserts the key as in flight under a new lease token, or reads the row that already holds it. An in-flight
     * row started before {@code leaseExpiredBefore} (its request died) is taken over under a new lease token, with
     * the recovery point its request committed, if any. Never blocks on another request's row.
     */
    Claim claim(long accountId, String key, String fingerprint, Instant now, Instant leaseExpiredBefore);

    /**
     * Records that the request holding the key under {@code leaseToken} created resource {@code ref} of
     * {@code kind}; runs in the business change's own transaction. False when the key is no longer held under that
     * token (taken over, or completed): the caller must then roll its change back.
     */
    boolean recordRecoveryPoint(long accountId, String key, String leaseToken, String kind, String ref);

    /** Stores the answer, if the key is still held under {@code leaseToken}. */
    void complete(long accountId, String key, String leaseToken, int status, String body);

    /** Forgets an in-flight key held under {@code leaseToken} that has no recovery point. */
    void release(long accountId, String key, String leaseToken);

    int purgeCreatedBefore(Instant cutoff);

    sealed interface Claim {
        /**
         * The key is this request's; {@code recoveryKind}/{@code recoveryRef} are set when an earlier request with the
         * key committed its change. {@code leaseToken} is null when the key is still held by that earlier request
         * (lease not expired): this request answers from the recovery point and stores nothing.
         */
        record Acquired(String leaseToken, String recoveryKind, String recoveryRef) implements Claim {
        }

        record Completed(String fingerprint, int status, String body) implements Claim {
        }

        record InFlight(String fingerprint) implements Claim {
        }
    }
}
