package io.mizani.application.verification;

import io.mizani.domain.billing.ChargeStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Stored calls of checks (tokens, history, cache). Every method runs inside the caller's transaction. */
public interface LookupStore {

    void insert(LookupRecord lookup);

    /**
     * Writes the outcome of an in-flight call. False when the call was no longer in flight (the sweeper settled it
     * first), in which case nothing is written.
     */
    boolean settle(LookupRecord lookup);

    /** The newest live verified result of this account for this cache key that has not lapsed at {@code now}. */
    Optional<LookupRecord> findReplayable(long accountId, String check, String cacheKey, Instant now);

    /** A token issued to this account; empty for an unknown token, another account's, or a call that issued none. */
    Optional<LookupRecord> findToken(long accountId, String lookupId);

    /** A call of this account, in flight or settled, with or without a token. */
    default Optional<LookupRecord> findCall(long accountId, String lookupId) {
        return findToken(accountId, lookupId);
    }

    /** Settled calls of the account, newest first. */
    List<LookupRecord> history(long accountId, int limit);

    /**
     * Claims (row lock, skipping locked rows) one call that needs the sweeper: in flight since before
     * {@code strandedBefore}, or {@code refund_failed} and due for a retry at {@code now}.
     */
    Optional<LookupRecord> claimForSweep(Instant strandedBefore, Instant now);

    /** Records the settled state the sweeper reached (charge status, status, settled). */
    void updateSettlement(LookupRecord lookup);

    /** Records a failed reversal: charge status refund_failed, next retry not before {@code retryAt}. */
    void recordRefundFailure(LookupRecord lookup, Instant retryAt);

    /**
     * Records a failed reversal the sweeper saw outside the claim's transaction: the settled state of
     * {@code failed} (charge status refund_failed) and the next retry, written only while the call's charge is still
     * {@code claimedAs}. False, writing nothing, when another replica moved the charge in between (it refunded it).
     */
    boolean recordRefundFailureIfStill(ChargeStatus claimedAs, LookupRecord failed, Instant retryAt);
}
