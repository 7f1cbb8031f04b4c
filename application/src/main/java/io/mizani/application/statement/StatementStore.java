package io.mizani.application.statement;

import io.mizani.domain.statement.StatementId;
import io.mizani.domain.statement.StatementTotals;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The statements and their build jobs (one row is both). Every method runs in the caller's transaction; every time
 * compared (leases, expiries) is PostgreSQL's {@code now()}, never a JVM clock, so replicas agree.
 */
public interface StatementStore {

    /** A build job taken by one builder until {@code lease} runs out; {@code token} fences a builder whose lease was taken over. */
    record Claim(StatementId id, long accountId, Statement.Request request, UUID token, int attempts) {
    }

    /** A new statement, {@code processing}, due for a builder at once. */
    Statement insert(long accountId, Statement.Request request);

    /** The merchant's statement; another merchant's is simply not found. */
    Optional<Statement> find(long accountId, StatementId id);

    /**
     * Takes up to {@code limit} processing statements whose lease is free or expired ({@code FOR UPDATE SKIP LOCKED},
     * so concurrent claimers on any replica never take the same one), each with a new token, one more attempt, and a
     * lease until {@code now() + lease}. Commit before building.
     */
    List<Claim> claim(Duration lease, int limit);

    /**
     * Starts the build transaction: must be its first statement. Takes a REPEATABLE READ snapshot (the opening balance
     * and the entries are then read as of one moment) and locks the statement's row for the rest of the transaction,
     * so no other builder can claim it while this one works, even past its lease. False when the claim's token is no
     * longer the row's (its lease ran out and another builder took it): build nothing then.
     */
    boolean beginBuild(Claim claim);

    /**
     * Completes the claimed statement with its totals and file, at the end of its build (PostgreSQL's
     * {@code clock_timestamp()}, not the transaction's start); the link expires {@code linkLife} after it, whole seconds.
     */
    Statement complete(Claim claim, StatementTotals totals, String sha256, long size, Duration linkLife);

    /** A build that failed: tried again after {@code delay} (a new claim). */
    void retryLater(Claim claim, Duration delay, String error);

    /** A build that failed for the last time: the statement is {@code failed}. */
    void fail(Claim claim, String error);

    /** A completed statement whose file is still kept, if the link's {@code expiresAt} is still ahead of now(). */
    Optional<Statement> downloadable(StatementId id, Instant linkExpiresAt);

    /** Up to {@code limit} completed statements whose link expired more than {@code grace} ago and whose file is kept: marked purged. */
    List<StatementId> purgeExpired(Duration grace, int limit);
}
