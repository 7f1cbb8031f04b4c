package io.mizani.adapter.persistence.events;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.events.DeliveryAttempt;
import io.mizani.application.events.DeliveryState;
import io.mizani.application.events.DeliveryStatus;
import io.mizani.application.events.EventStore;
import io.mizani.application.events.StoredEvent;
import io.mizani.application.events.WebhookEndpoints;
import io.mizani.application.payment.CallbackOutbox;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The event store on {@code events} / {@code event_attempts} (the rows the callback outbox writes and its worker
 * delivers) and the merchant's endpoint in {@code webhook_endpoints}, Jdbi with named parameters. A handle taken
 * inside a JTA transaction uses the connection Agroal enlisted in it, so an event written here commits or rolls back
 * with the caller's change.
 */
@Singleton
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
    /** Reads numbers as written: 250.00 stays 250.00 (exact decimals need both settings). */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    /** A delivery attempt as the event's delivery block lists it. */
    private static final RowMapper<DeliveryAttempt> ATTEMPT = (rs, ctx) -> new DeliveryAttempt(
            rs.getTimestamp("attempted_at").toInstant(), integer(rs, "status_code"), rs.getString("error"),
            rs.getLong("duration_ms"));

    /** An endpoint's URL. */
    private static final RowMapper<String> URL = (rs, ctx) -> rs.getString("url");

    @Inject
    Sql sql;

    /** Bodies are stored sealed (see {@link JdbcCallbackOutbox}). */
    @Inject
    SealedText sealed;

    /** The mappers that open a sealed body (they read {@link #sealed} when they map, once it is injected). */
    private final RowMapper<StoredEvent> eventRow = (rs, ctx) -> event(rs);
    private final RowMapper<CallbackOutbox.DueCallback> dueRow = (rs, ctx) -> JdbcCallbackOutbox.due(rs, sealed);

    /**
     * Runs {@code work} on a handle (the caller's transaction's connection when there is one). A failure of the
     * database surfaces as it always has: an IllegalStateException whose cause is the SQLException and whose message is
     * the driver's.
     */
    private <T> T with(HandleCallback<T, RuntimeException> work) {
        return sql.withDatabaseErrors(work);
    }

    @Override
    public void append(NewEvent e) {
        boolean sendable = e.url() != null && !e.url().isBlank();
        with(h -> h.createUpdate("""
                        INSERT INTO events (account_id, payment_id, webhook_id, event_type, url, body, status, attempts,
                            next_attempt_at, attempt_limit, created_at)
                        VALUES (:account, :payment, :webhookId, :type, :url, :body, :status, 0, :nextAttemptAt,
                            :attemptLimit, :createdAt)""")
                .bind("account", e.accountId())
                .bind("payment", e.paymentId())
                .bind("webhookId", e.id())
                .bind("type", e.type())
                .bind("url", sendable ? e.url() : null)
                .bind("body", sealed.seal(e.body()))
                .bind("status", (sendable ? DeliveryStatus.PENDING : DeliveryStatus.NO_ENDPOINT).wire())
                .bind("nextAttemptAt", sendable ? Timestamp.from(e.nextAttemptAt()) : null)
                .bind("attemptLimit", e.attemptLimit())
                .bind("createdAt", Timestamp.from(e.createdAt()))
                .execute());
    }

    @Override
    public List<StoredEvent> list(long accountId, String type, StoredEvent after, int limit) {
        StringBuilder query = new StringBuilder(SELECT).append(" WHERE e.account_id = :account");
        if (type != null) {
            query.append(" AND e.event_type = :type");
        }
        if (after != null) {
            query.append(" AND (e.created_at, e.id) < (:afterAt, :afterId)");
        }
        query.append(" ORDER BY e.created_at DESC, e.id DESC LIMIT :limit");
        return with(h -> {
            Query q = h.createQuery(query.toString()).bind("account", accountId).bind("limit", limit);
            if (type != null) {
                q.bind("type", type);
            }
            if (after != null) {
                q.bind("afterAt", Timestamp.from(after.createdAt())).bind("afterId", after.rowId());
            }
            return q.map(eventRow).list();
        });
    }

    @Override
    public List<StoredEvent> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId) {
        return with(h -> h.createQuery(SELECT + " WHERE e.account_id = :account AND e.payment_id = :payment"
                        + " ORDER BY e.created_at, e.id")
                .bind("account", accountId.value()).bind("payment", paymentId.value()).map(eventRow).list());
    }

    @Override
    public Optional<StoredEvent> find(long accountId, String id) {
        return one(SELECT + " WHERE e.account_id = :account AND e.webhook_id = :webhookId", accountId, id);
    }

    @Override
    public Optional<StoredEvent> lock(long accountId, String id) {
        return one(SELECT + " WHERE e.account_id = :account AND e.webhook_id = :webhookId FOR UPDATE OF e",
                accountId, id);
    }

    private Optional<StoredEvent> one(String query, long accountId, String id) {
        return with(h -> h.createQuery(query).bind("account", accountId).bind("webhookId", id)
                .map(eventRow).findFirst());
    }

    @Override
    public List<DeliveryAttempt> attempts(long rowId) {
        return with(h -> h.createQuery("""
                        SELECT attempted_at, status_code, error, duration_ms FROM event_attempts WHERE event_id = :event
                        ORDER BY attempt_no, id""")
                .bind("event", rowId).map(ATTEMPT).list());
    }

    @Override
    public void requeue(long rowId, String url, Instant nextAttemptAt, Integer attemptLimit) {
        with(h -> h.createUpdate("""
                        UPDATE events SET status = 'pending', url = :url, next_attempt_at = :nextAttemptAt,
                            attempt_limit = :attemptLimit, finished_at = NULL
                        WHERE id = :id""")
                .bind("url", url)
                .bind("nextAttemptAt", Timestamp.from(nextAttemptAt))
                .bind("attemptLimit", attemptLimit)
                .bind("id", rowId)
                .execute());
    }

    @Override
    public Optional<CallbackOutbox.DueCallback> due(long rowId) {
        return with(h -> h.createQuery("""
                        SELECT e.id, e.account_id, e.payment_id, e.webhook_id, e.event_type, e.url, e.body, e.attempts,
                               e.attempt_limit, a.webhook_secret
                        FROM events e LEFT JOIN accounts a ON a.id = e.account_id
                        WHERE e.id = :id AND e.status = 'pending'""")
                .bind("id", rowId).map(dueRow).findFirst());
    }

    @Override
    public int redirectPending(long accountId, String url) {
        return with(h -> h.createUpdate("""
                        UPDATE events SET url = :url WHERE account_id = :account AND status = 'pending'
                            AND payment_id IS NULL AND event_type NOT LIKE 'transaction.%'""")
                .bind("url", url).bind("account", accountId).execute());
    }

    @Override
    public int purge(Instant before, int limit) {
        return with(h -> h.createUpdate("""
                        DELETE FROM events WHERE id IN (
                            SELECT id FROM events WHERE created_at < :before AND status <> 'pending'
                            ORDER BY created_at LIMIT :limit FOR UPDATE SKIP LOCKED)""")
                .bind("before", Timestamp.from(before)).bind("limit", limit).execute());
    }

    @Override
    public Optional<String> find(long accountId) {
        return with(h -> h.createQuery("SELECT url FROM webhook_endpoints WHERE account_id = :account")
                .bind("account", accountId).map(URL).findFirst());
    }

    @Override
    public void save(long accountId, String url, Instant at) {
        with(h -> h.createUpdate("""
                        INSERT INTO webhook_endpoints (account_id, url, updated_at) VALUES (:account, :url, :at)
                        ON CONFLICT (account_id) DO UPDATE SET url = EXCLUDED.url, updated_at = EXCLUDED.updated_at""")
                .bind("account", accountId).bind("url", url).bind("at", Timestamp.from(at)).execute());
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
