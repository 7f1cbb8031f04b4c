package io.mizani.adapter.persistence.events;

import io.mizani.adapter.persistence.common.Param;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.payment.CallbackOutbox;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.SqlStatement;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The callback outbox on the event store: {@code events} (one row per event) and {@code event_attempts}, Jdbi with
 * named parameters. An event's body is stored sealed ({@link SealedText}): an {@code account_kyc.*} event carries the
 * Team's identification numbers, and platform.md section 11 allows no identifier in the clear at rest.
 */
@Singleton
public class JdbcCallbackOutbox implements CallbackOutbox {

    @Inject
    Sql sql;

    @Inject
    SealedText sealed;

    /** A claimed row as the delivery worker needs it (reads {@link #sealed} when it maps, once it is injected). */
    private final RowMapper<DueCallback> dueRow = (rs, ctx) -> due(rs, sealed);

    /**
     * Runs {@code work} on a handle (the caller's transaction's connection when there is one). A failure of the
     * database surfaces as it always has: an IllegalStateException whose cause is the SQLException and whose message is
     * the driver's.
     */
    private <T> T with(HandleCallback<T, RuntimeException> work) {
        return sql.withDatabaseErrors(work);
    }

    @Override
    public void enqueue(NewCallback cb) {
        with(h -> {
            boolean sendable = cb.url() != null && !cb.url().isBlank();
            return h.createUpdate("""
                            INSERT INTO events (account_id, payment_id, webhook_id, event_type, url, body, status,
                                attempts, next_attempt_at, created_at)
                            VALUES (:account, :payment, :webhookId, :type, :url, :body, :status, 0, :nextAttemptAt,
                                :createdAt)""")
                    .bind("account", Param.of(cb.accountId()))
                    .bind("payment", Param.of(cb.paymentId()))
                    .bind("webhookId", Param.of(cb.webhookId()))
                    .bind("type", Param.of(cb.eventType()))
                    .bind("body", Param.of(sealed.seal(cb.body())))
                    .bind("url", Param.of(sendable ? cb.url() : null))
                    .bind("status", Param.of(sendable ? "pending" : "no_endpoint"))
                    .bind("nextAttemptAt", Param.of(sendable ? Timestamp.from(cb.createdAt()) : null))
                    .bind("createdAt", Param.of(Timestamp.from(cb.createdAt())))
                    .execute();
        });
    }

    /**
     * The insert of {@link #enqueue} with the first attempt at {@code :leaseEnd}, answering the row's id and the
     * merchant's current signing secret (the claim joins the same column).
     */
    @Override
    public DueCallback enqueueLeased(NewCallback cb, Instant leaseEnd) {
        if (cb.url() == null || cb.url().isBlank()) {
            throw new IllegalArgumentException("a callback without a URL is never sent, so never held for a worker");
        }
        return with(h -> h.createQuery("""
                        WITH inserted AS (
                            INSERT INTO events (account_id, payment_id, webhook_id, event_type, url, body, status,
                                attempts, next_attempt_at, created_at)
                            VALUES (:account, :payment, :webhookId, :type, :url, :body, 'pending', 0, :leaseEnd,
                                :createdAt)
                            RETURNING id, account_id)
                        SELECT inserted.id, a.webhook_secret
                        FROM inserted LEFT JOIN accounts a ON a.id = inserted.account_id""")
                .bind("account", Param.of(cb.accountId()))
                .bind("payment", Param.of(cb.paymentId()))
                .bind("webhookId", Param.of(cb.webhookId()))
                .bind("type", Param.of(cb.eventType()))
                .bind("body", Param.of(sealed.seal(cb.body())))
                .bind("url", Param.of(cb.url()))
                .bind("leaseEnd", Param.of(Timestamp.from(leaseEnd)))
                .bind("createdAt", Param.of(Timestamp.from(cb.createdAt())))
                .map((rs, ctx) -> new DueCallback(rs.getLong("id"), cb.accountId(), cb.paymentId(),
                        new Message(cb.webhookId(), cb.eventType(), cb.body()),
                        new Delivery(cb.url(), rs.getString("webhook_secret"), 0, null)))
                .one());
    }

    @Override
    public List<DueCallback> claimDue(Instant now, Duration lease, int limit) {
        return with(h -> h.createQuery("""
                        WITH due AS (
                            SELECT id FROM events
                            WHERE status = 'pending' AND next_attempt_at <= :now
                            ORDER BY next_attempt_at LIMIT :limit FOR UPDATE SKIP LOCKED),
                        claimed AS (
                            UPDATE events cb SET next_attempt_at = :leaseUntil
                            FROM due WHERE cb.id = due.id
                            RETURNING cb.id, cb.account_id, cb.payment_id, cb.webhook_id, cb.event_type, cb.url,
                                      cb.body, cb.attempts, cb.attempt_limit)
                        SELECT claimed.*, a.webhook_secret
                        FROM claimed LEFT JOIN accounts a ON a.id = claimed.account_id""")
                .bind("now", Param.of(Timestamp.from(now)))
                .bind("limit", Param.of(limit))
                .bind("leaseUntil", Param.of(Timestamp.from(now.plus(lease))))
                .map(dueRow)
                .list());
    }

    /** A row of events (joined with the account's webhook_secret) as the delivery worker needs it. */
    public static DueCallback due(ResultSet rs, SealedText sealed) throws SQLException {
        long paymentId = rs.getLong("payment_id");
        Long payment = rs.wasNull() ? null : paymentId;
        int limit = rs.getInt("attempt_limit");
        Integer attemptLimit = rs.wasNull() ? null : limit;
        var message = new CallbackOutbox.Message(rs.getString("webhook_id"), rs.getString("event_type"),
                sealed.open(rs.getString("body")));
        var delivery = new CallbackOutbox.Delivery(rs.getString("url"), rs.getString("webhook_secret"),
                rs.getInt("attempts"), attemptLimit);
        return new DueCallback(rs.getLong("id"), rs.getLong("account_id"), payment, message, delivery);
    }

    @Override
    public void recordAttempt(Attempt a) {
        with(h -> bindAttempt(h.createUpdate("""
                INSERT INTO event_attempts (event_id, attempt_no, attempted_at, status_code, error, duration_ms)
                VALUES (:event, :attemptNo, :attemptedAt, :statusCode, :error, :durationMs)"""), a)
                .execute());
    }

    /** The attempt row and the callback's new state in one statement (one round trip per delivery). */
    @Override
    public void recordAndSettle(Attempt a, Next next, Instant at, Instant nextAttemptAt) {
        with(h -> bindRecordAndSettle(h.createUpdate(RECORD_AND_SETTLE), new Settlement(a, next, at, nextAttemptAt))
                .execute());
    }

    /** The same statement for each attempt, as one JDBC batch (pgjdbc pipelines it: one round trip for the round). */
    @Override
    public void recordAndSettleAll(List<Settlement> settlements) {
        if (settlements.isEmpty()) {
            return;
        }
        with(h -> {
            PreparedBatch batch = h.prepareBatch(RECORD_AND_SETTLE);
            for (Settlement s : settlements) {
                bindRecordAndSettle(batch, s).add();
            }
            return batch.execute().length;
        });
    }

    private static final String RECORD_AND_SETTLE = """
            WITH attempt AS (
                INSERT INTO event_attempts (event_id, attempt_no, attempted_at, status_code, error, duration_ms)
                VALUES (:event, :attemptNo, :attemptedAt, :statusCode, :error, :durationMs))
            UPDATE events SET attempts = :attemptNo,
                status = :status,
                next_attempt_at = :nextAttemptAt,
                finished_at = :finishedAt
            WHERE id = :event AND status = 'pending'""";

    /** The six columns of an {@code event_attempts} row, the named parameters both attempt statements share. */
    private static <S extends SqlStatement<S>> S bindAttempt(S statement, Attempt a) {
        return statement
                .bind("event", Param.of(a.callbackId()))
                .bind("attemptNo", Param.of(a.attemptNo()))
                .bind("attemptedAt", Param.of(Timestamp.from(a.attemptedAt())))
                .bind("statusCode", Param.of(a.statusCode()))
                .bind("error", Param.of(a.error() == null ? null : truncate(a.error(), 1000)))
                .bind("durationMs", Param.of(a.durationMs()));
    }

    private static <S extends SqlStatement<S>> S bindRecordAndSettle(S statement, Settlement s) {
        return bindAttempt(statement, s.attempt())
                .bind("status", Param.of(switch (s.next()) {
                    case DELIVERED -> "delivered";
                    case DEAD -> "failed";
                    case RETRY -> "pending";
                }))
                .bind("nextAttemptAt", Param.of(s.next() == Next.RETRY ? Timestamp.from(s.nextAttemptAt()) : null))
                .bind("finishedAt", Param.of(s.next() == Next.RETRY ? null : Timestamp.from(s.at())));
    }

    @Override
    public void markDelivered(long id, int attempts, Instant at) {
        finish(id, "delivered", attempts, at);
    }

    @Override
    public void scheduleRetry(long id, int attempts, Instant nextAttemptAt) {
        with(h -> h.createUpdate("""
                        UPDATE events SET attempts = :attempts, next_attempt_at = :nextAttemptAt
                        WHERE id = :id AND status = 'pending'""")
                .bind("attempts", attempts)
                .bind("nextAttemptAt", Timestamp.from(nextAttemptAt))
                .bind("id", id)
                .execute());
    }

    @Override
    public void markDead(long id, int attempts, Instant at) {
        finish(id, "failed", attempts, at);
    }

    private void finish(long id, String status, int attempts, Instant at) {
        with(h -> h.createUpdate("""
                        UPDATE events SET status = :status, attempts = :attempts, next_attempt_at = NULL,
                            finished_at = :at
                        WHERE id = :id AND status = 'pending'""")
                .bind("status", status)
                .bind("attempts", attempts)
                .bind("at", Timestamp.from(at))
                .bind("id", id)
                .execute());
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
