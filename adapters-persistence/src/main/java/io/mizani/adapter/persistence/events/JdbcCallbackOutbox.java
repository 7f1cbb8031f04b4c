package io.mizani.adapter.persistence.events;

import io.mizani.adapter.persistence.common.Jdbc;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.payment.CallbackOutbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The callback outbox on the event store: {@code events} (one row per event) and {@code event_attempts}. An event's
 * body is stored sealed ({@link SealedText}): an {@code account_kyc.*} event carries the Team's identification
 * numbers, and platform.md section 11 allows no identifier in the clear at rest.
 */
@ApplicationScoped
public class JdbcCallbackOutbox implements CallbackOutbox {

    @Inject
    DataSource dataSource;

    @Inject
    SealedText sealed;

    @Override
    public void enqueue(NewCallback cb) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    INSERT INTO events (account_id, payment_id, webhook_id, event_type, url, body, status,
                        attempts, next_attempt_at, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)""")) {
                ps.setLong(1, cb.accountId());
                ps.setLong(2, cb.paymentId());
                ps.setString(3, cb.webhookId());
                ps.setString(4, cb.eventType());
                ps.setString(6, sealed.seal(cb.body()));
                boolean sendable = cb.url() != null && !cb.url().isBlank();
                ps.setString(5, sendable ? cb.url() : null);
                ps.setString(7, sendable ? "pending" : "no_endpoint");
                ps.setTimestamp(8, sendable ? Timestamp.from(cb.createdAt()) : null);
                ps.setTimestamp(9, Timestamp.from(cb.createdAt()));
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public List<DueCallback> claimDue(Instant now, Duration lease, int limit) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    WITH due AS (
                        SELECT id FROM events
                        WHERE status = 'pending' AND next_attempt_at <= ?
                        ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED),
                    claimed AS (
                        UPDATE events cb SET next_attempt_at = ?
                        FROM due WHERE cb.id = due.id
                        RETURNING cb.id, cb.account_id, cb.payment_id, cb.webhook_id, cb.event_type, cb.url, cb.body,
                                  cb.attempts, cb.attempt_limit)
                    SELECT claimed.*, a.webhook_secret FROM claimed LEFT JOIN accounts a ON a.id = claimed.account_id""")) {
                ps.setTimestamp(1, Timestamp.from(now));
                ps.setInt(2, limit);
                ps.setTimestamp(3, Timestamp.from(now.plus(lease)));
                try (var rs = ps.executeQuery()) {
                    var out = new ArrayList<DueCallback>();
                    while (rs.next()) {
                        out.add(due(rs, sealed));
                    }
                    return out;
                }
            }
        });
    }

    /** A row of events (joined with the account's webhook_secret) as the delivery worker needs it. */
    public static DueCallback due(java.sql.ResultSet rs, SealedText sealed) throws java.sql.SQLException {
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
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    INSERT INTO event_attempts (event_id, attempt_no, attempted_at, status_code, error, duration_ms)
                    VALUES (?, ?, ?, ?, ?, ?)""")) {
                bindAttempt(ps, a);
                return ps.executeUpdate();
            }
        });
    }

    /** The attempt row and the callback's new state in one statement (one round trip per delivery). */
    @Override
    public void recordAndSettle(Attempt a, Next next, Instant at, Instant nextAttemptAt) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(RECORD_AND_SETTLE)) {
                bindRecordAndSettle(ps, new Settlement(a, next, at, nextAttemptAt));
                return ps.executeUpdate();
            }
        });
    }

    /** The same statement for each attempt, as one JDBC batch (pgjdbc pipelines it: one round trip for the round). */
    @Override
    public void recordAndSettleAll(List<Settlement> settlements) {
        if (settlements.isEmpty()) {
            return;
        }
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(RECORD_AND_SETTLE)) {
                for (Settlement s : settlements) {
                    bindRecordAndSettle(ps, s);
                    ps.addBatch();
                }
                return ps.executeBatch().length;
            }
        });
    }

    private static final String RECORD_AND_SETTLE = """
            WITH attempt AS (
                INSERT INTO event_attempts (event_id, attempt_no, attempted_at, status_code, error, duration_ms)
                VALUES (?, ?, ?, ?, ?, ?))
            UPDATE events SET attempts = ?,
                status = ?,
                next_attempt_at = ?,
                finished_at = ?
            WHERE id = ? AND status = 'pending'""";

    /** The six columns of an {@code event_attempts} row, parameters 1 to 6 of both attempt statements. */
    private static void bindAttempt(java.sql.PreparedStatement ps, Attempt a) throws java.sql.SQLException {
        ps.setLong(1, a.callbackId());
        ps.setInt(2, a.attemptNo());
        ps.setTimestamp(3, Timestamp.from(a.attemptedAt()));
        ps.setObject(4, a.statusCode());
        ps.setString(5, a.error() == null ? null : truncate(a.error(), 1000));
        ps.setLong(6, a.durationMs());
    }

    private static void bindRecordAndSettle(java.sql.PreparedStatement ps, Settlement s) throws java.sql.SQLException {
        Attempt a = s.attempt();
        bindAttempt(ps, a);
        ps.setInt(7, a.attemptNo());
        ps.setString(8, switch (s.next()) {
            case DELIVERED -> "delivered";
            case DEAD -> "failed";
            case RETRY -> "pending";
        });
        ps.setTimestamp(9, s.next() == Next.RETRY ? Timestamp.from(s.nextAttemptAt()) : null);
        ps.setTimestamp(10, s.next() == Next.RETRY ? null : Timestamp.from(s.at()));
        ps.setLong(11, a.callbackId());
    }

    @Override
    public void markDelivered(long id, int attempts, Instant at) {
        finish(id, "delivered", attempts, at);
    }

    @Override
    public void scheduleRetry(long id, int attempts, Instant nextAttemptAt) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(
                    "UPDATE events SET attempts = ?, next_attempt_at = ? WHERE id = ? AND status = 'pending'")) {
                ps.setInt(1, attempts);
                ps.setTimestamp(2, Timestamp.from(nextAttemptAt));
                ps.setLong(3, id);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public void markDead(long id, int attempts, Instant at) {
        finish(id, "failed", attempts, at);
    }

    private void finish(long id, String status, int attempts, Instant at) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    UPDATE events SET status = ?, attempts = ?, next_attempt_at = NULL, finished_at = ?
                    WHERE id = ? AND status = 'pending'""")) {
                ps.setString(1, status);
                ps.setInt(2, attempts);
                ps.setTimestamp(3, Timestamp.from(at));
                ps.setLong(4, id);
                return ps.executeUpdate();
            }
        });
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
