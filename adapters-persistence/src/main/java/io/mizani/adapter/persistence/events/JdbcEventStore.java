package io.mizani.adapter.persistence.events;

import io.mizani.adapter.persistence.common.Jdbc;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.events.DeliveryAttempt;
import io.mizani.application.events.DeliveryState;
import io.mizani.application.events.DeliveryStatus;
import io.mizani.application.events.EventStore;
import io.mizani.application.events.StoredEvent;
import io.mizani.application.events.WebhookEndpoints;
import io.mizani.application.payment.CallbackOutbox;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The event store on {@code events} / {@code event_attempts} (the rows the callback outbox writes and its worker
 * delivers) and the merchant's endpoint in {@code webhook_endpoints}. Connections taken inside a JTA transaction
 * are enlisted in it by Agroal, so an event written here commits or rolls back with the caller's change.
 */
@ApplicationScoped
public class JdbcEventStore implements EventStore, WebhookEndpoints {

    /** An event with its last attempt (time and answer) for the delivery block. */
    private static final String SELECT = """
            SELECT e.id, e.account_id, e.webhook_id, e.event_type, e.created_at, e.body,
                   e.url, e.status, e.attempts, e.attempt_limit, e.next_attempt_at,
                   la.attempted_at AS last_attempt_at, la.status_code AS last_response_status
            FROM events e
            LEFT JOIN LATERAL (SELECT a.attempted_at, a.status_code FROM event_attempts a WHERE a.event_id = e.id
                               ORDER BY a.attempt_no DESC, a.id DESC LIMIT 1) la ON true
            """;

    /** Reads a stored body to take its {@code data} out, numbers kept exactly as written (250.00 stays 250.00). */
    private static final ObjectMapper JSON = new ObjectMapper().setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    @Inject
    DataSource dataSource;

    /** Bodies are stored sealed (see {@link JdbcCallbackOutbox}). */
    @Inject
    SealedText sealed;

    private <T> T with(Jdbc.SqlWork<T> work) {
        return Jdbc.with(dataSource, work);
    }

    @Override
    public void append(NewEvent e) {
        with(c -> {
            try (var ps = c.prepareStatement("""
                    INSERT INTO events (account_id, payment_id, webhook_id, event_type, url, body, status, attempts,
                        next_attempt_at, attempt_limit, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)""")) {
                boolean sendable = e.url() != null && !e.url().isBlank();
                ps.setLong(1, e.accountId());
                ps.setObject(2, e.paymentId());
                ps.setString(3, e.id());
                ps.setString(4, e.type());
                ps.setString(5, sendable ? e.url() : null);
                ps.setString(6, sealed.seal(e.body()));
                ps.setString(7, (sendable ? DeliveryStatus.PENDING : DeliveryStatus.NO_ENDPOINT).wire());
                ps.setTimestamp(8, sendable ? Timestamp.from(e.nextAttemptAt()) : null);
                ps.setObject(9, e.attemptLimit());
                ps.setTimestamp(10, Timestamp.from(e.createdAt()));
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public List<StoredEvent> list(long accountId, String type, StoredEvent after, int limit) {
        StringBuilder sql = new StringBuilder(SELECT).append(" WHERE e.account_id = ?");
        if (type != null) {
            sql.append(" AND e.event_type = ?");
        }
        if (after != null) {
            sql.append(" AND (e.created_at, e.id) < (?, ?)");
        }
        sql.append(" ORDER BY e.created_at DESC, e.id DESC LIMIT ?");
        return with(c -> {
            try (var ps = c.prepareStatement(sql.toString())) {
                int i = 1;
                ps.setLong(i++, accountId);
                if (type != null) {
                    ps.setString(i++, type);
                }
                if (after != null) {
                    ps.setTimestamp(i++, Timestamp.from(after.createdAt()));
                    ps.setLong(i++, after.rowId());
                }
                ps.setInt(i, limit);
                try (var rs = ps.executeQuery()) {
                    var out = new ArrayList<StoredEvent>();
                    while (rs.next()) {
                        out.add(event(rs));
                    }
                    return out;
                }
            }
        });
    }

    @Override
    public Optional<StoredEvent> find(long accountId, String id) {
        return one(SELECT + " WHERE e.account_id = ? AND e.webhook_id = ?", accountId, id);
    }

    @Override
    public Optional<StoredEvent> lock(long accountId, String id) {
        return one(SELECT + " WHERE e.account_id = ? AND e.webhook_id = ? FOR UPDATE OF e", accountId, id);
    }

    private Optional<StoredEvent> one(String sql, long accountId, String id) {
        return with(c -> {
            try (var ps = c.prepareStatement(sql)) {
                ps.setLong(1, accountId);
                ps.setString(2, id);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(event(rs)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public List<DeliveryAttempt> attempts(long rowId) {
        return with(c -> {
            try (var ps = c.prepareStatement("""
                    SELECT attempted_at, status_code, error, duration_ms FROM event_attempts WHERE event_id = ?
                    ORDER BY attempt_no, id""")) {
                ps.setLong(1, rowId);
                try (var rs = ps.executeQuery()) {
                    var out = new ArrayList<DeliveryAttempt>();
                    while (rs.next()) {
                        out.add(new DeliveryAttempt(rs.getTimestamp("attempted_at").toInstant(),
                                integer(rs, "status_code"), rs.getString("error"), rs.getLong("duration_ms")));
                    }
                    return out;
                }
            }
        });
    }

    @Override
    public void requeue(long rowId, String url, Instant nextAttemptAt, Integer attemptLimit) {
        with(c -> {
            try (var ps = c.prepareStatement("""
                    UPDATE events SET status = 'pending', url = ?, next_attempt_at = ?, attempt_limit = ?,
                        finished_at = NULL
                    WHERE id = ?""")) {
                ps.setString(1, url);
                ps.setTimestamp(2, Timestamp.from(nextAttemptAt));
                ps.setObject(3, attemptLimit);
                ps.setLong(4, rowId);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public Optional<CallbackOutbox.DueCallback> due(long rowId) {
        return with(c -> {
            try (var ps = c.prepareStatement("""
                    SELECT e.id, e.account_id, e.payment_id, e.webhook_id, e.event_type, e.url, e.body, e.attempts,
                           e.attempt_limit, a.webhook_secret
                    FROM events e LEFT JOIN accounts a ON a.id = e.account_id
                    WHERE e.id = ? AND e.status = 'pending'""")) {
                ps.setLong(1, rowId);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(JdbcCallbackOutbox.due(rs, sealed)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public int redirectPending(long accountId, String url) {
        return with(c -> {
            try (var ps = c.prepareStatement("""
                    UPDATE events SET url = ? WHERE account_id = ? AND status = 'pending' AND payment_id IS NULL
                        AND event_type NOT LIKE 'transaction.%'""")) {
                ps.setString(1, url);
                ps.setLong(2, accountId);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public int purge(Instant before, int limit) {
        return with(c -> {
            try (var ps = c.prepareStatement("""
                    DELETE FROM events WHERE id IN (
                        SELECT id FROM events WHERE created_at < ? AND status <> 'pending'
                        ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)""")) {
                ps.setTimestamp(1, Timestamp.from(before));
                ps.setInt(2, limit);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public Optional<String> find(long accountId) {
        return with(c -> {
            try (var ps = c.prepareStatement("SELECT url FROM webhook_endpoints WHERE account_id = ?")) {
                ps.setLong(1, accountId);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public void save(long accountId, String url, Instant at) {
        with(c -> {
            try (var ps = c.prepareStatement("""
                    INSERT INTO webhook_endpoints (account_id, url, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (account_id) DO UPDATE SET url = EXCLUDED.url, updated_at = EXCLUDED.updated_at""")) {
                ps.setLong(1, accountId);
                ps.setString(2, url);
                ps.setTimestamp(3, Timestamp.from(at));
                return ps.executeUpdate();
            }
        });
    }

    /** The {@code data} member of a stored (sealed) body, as JSON text. */
    private String data(String storedBody) {
        try {
            JsonNode data = JSON.readTree(sealed.open(storedBody)).get("data");
            return data == null ? "null" : JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an event body is not JSON", e);
        }
    }

    private StoredEvent event(ResultSet rs) throws SQLException {
        DeliveryStatus status = DeliveryStatus.fromWire(rs.getString("status"));
        DeliveryState delivery = new DeliveryState(rs.getString("url"), status, rs.getInt("attempts"),
                instant(rs.getTimestamp("last_attempt_at")),
                status == DeliveryStatus.PENDING ? instant(rs.getTimestamp("next_attempt_at")) : null,
                integer(rs, "last_response_status"));
        return new StoredEvent(rs.getLong("id"), rs.getLong("account_id"), rs.getString("webhook_id"),
                rs.getString("event_type"), rs.getTimestamp("created_at").toInstant(), data(rs.getString("body")),
                integer(rs, "attempt_limit"), delivery);
    }

    private static Integer integer(ResultSet rs, String column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? null : v;
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
