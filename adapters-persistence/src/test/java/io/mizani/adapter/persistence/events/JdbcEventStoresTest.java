package io.mizani.adapter.persistence.events;

import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.TestPii;
import io.mizani.application.events.DeliveryAttempt;
import io.mizani.application.events.DeliveryStatus;
import io.mizani.application.events.EventStore;
import io.mizani.application.events.StoredEvent;
import io.mizani.application.payment.CallbackOutbox;
import io.mizani.application.payment.CallbackOutbox.Attempt;
import io.mizani.application.payment.CallbackOutbox.DueCallback;
import io.mizani.application.payment.CallbackOutbox.Next;
import io.mizani.application.payment.CallbackOutbox.Settlement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The event store's and the callback outbox's SQL against a real PostgreSQL 17 with every migration (no JTA: each
 * statement autocommits): what they write is what they read, the claim skips rows another transaction holds, a
 * round's settlements go as one batch, and a database failure surfaces as it always has (an IllegalStateException
 * caused by the SQLException).
 */
class JdbcEventStoresTest {

    static PGSimpleDataSource dataSource;
    static JdbcEventStore events;
    static JdbcCallbackOutbox outbox;
    static final AtomicLong accounts = new AtomicLong(100);

    @BeforeAll
    static void start() throws Exception {
        dataSource = TestDatabase.migrated("event_stores").dataSource();
        try (Connection c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("INSERT INTO organizations (id, name) VALUES (1, 'Org')");
        }
        SealedText sealed = new SealedText(TestPii.INSTANCE);
        Sql sql = new Sql(dataSource);
        events = new JdbcEventStore();
        events.sql = sql;
        events.sealed = sealed;
        outbox = new JdbcCallbackOutbox();
        outbox.sql = sql;
        outbox.sealed = sealed;
    }

    /** A new Team (its webhook secret "whsec-<id>") with no events yet. */
    static long team() throws SQLException {
        long id = accounts.incrementAndGet();
        try (Connection c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("INSERT INTO accounts (id, organization_id, uuid, name, currency, webhook_secret) VALUES ("
                    + id + ", 1, 'team-" + id + "', 'Team', 'KES', 'whsec-" + id + "')");
        }
        return id;
    }

    static final Instant T0 = Instant.parse("2026-11-20T10:00:00.123456Z");

    static EventStore.NewEvent event(long account, String url, Instant at) {
        return new EventStore.NewEvent(account, null, "evt_" + UUID.randomUUID(), "balance.adjusted", url,
                "{\"type\":\"balance.adjusted\",\"data\":{\"amount\":\"250.00\",\"n\":3}}", at, at, null);
    }

    @Test
    void an_event_is_listed_found_and_detailed_as_written() throws SQLException {
        long account = team();
        var first = event(account, "https://example.com/hook", T0);
        var second = event(account, null, T0.plusSeconds(1));
        events.append(first);
        events.append(second);

        List<StoredEvent> listed = events.list(account, null, null, 10);
        assertEquals(List.of(second.id(), first.id()), listed.stream().map(StoredEvent::id).toList());
        StoredEvent sent = listed.get(1);
        assertEquals("{\"amount\":\"250.00\",\"n\":3}", sent.dataJson(), "the data as written");
        assertEquals(T0, sent.createdAt());
        assertEquals(DeliveryStatus.PENDING, sent.delivery().status());
        assertEquals("https://example.com/hook", sent.delivery().url());
        assertEquals(T0, sent.delivery().nextAttemptAt());
        assertNull(sent.attemptLimit());
        assertEquals(DeliveryStatus.NO_ENDPOINT, listed.get(0).delivery().status());
        assertNull(listed.get(0).delivery().url());
        assertNull(listed.get(0).delivery().nextAttemptAt());

        assertEquals(List.of(first.id()), events.list(account, null, listed.get(0), 10).stream()
                .map(StoredEvent::id).toList(), "after a cursor");
        assertEquals(List.of(), events.list(account, "payment.succeeded", null, 10), "by type");
        assertEquals(1, events.list(account, "balance.adjusted", null, 1).size(), "the limit");
        assertEquals(first.id(), events.find(account, first.id()).orElseThrow().id());
        assertEquals(first.id(), events.lock(account, first.id()).orElseThrow().id());
        assertTrue(events.find(account + 1000, first.id()).isEmpty(), "another Team's event is not found");

        outbox.recordAttempt(new Attempt(sent.rowId(), 1, T0.plusSeconds(5), 500, "x".repeat(1500), 12));
        List<DeliveryAttempt> attempts = events.attempts(sent.rowId());
        assertEquals(1, attempts.size());
        assertEquals(500, attempts.get(0).responseStatus());
        assertEquals(1000, attempts.get(0).error().length(), "the error is cut at 1000 characters");
        assertEquals(12, attempts.get(0).durationMs());
        assertEquals(500, events.find(account, first.id()).orElseThrow().delivery().lastResponseStatus());

        DueCallback due = events.due(sent.rowId()).orElseThrow();
        assertEquals("whsec-" + account, due.delivery().secret(), "the Team's secret, joined");
        assertNull(due.paymentId());
        assertTrue(events.due(listed.get(0).rowId()).isEmpty(), "only a pending event is due");
    }

    /** Amounts sent as JSON numbers keep their two decimals when the event is listed again (250.00, not 250.0). */
    @Test
    void numbers_in_an_events_data_keep_their_decimals() throws SQLException {
        long account = team();
        var e = new EventStore.NewEvent(account, null, "evt_" + UUID.randomUUID(), "balance.adjusted", null,
                "{\"type\":\"balance.adjusted\",\"data\":{\"amount\":250.00,\"fee\":-25.50,\"n\":3}}", T0, T0, null);
        events.append(e);
        StoredEvent listed = events.list(account, null, null, 10).get(0);
        assertEquals("{\"amount\":250.00,\"fee\":-25.50,\"n\":3}", listed.dataJson());
    }

    @Test
    void a_duplicate_event_id_is_a_database_error_caused_by_the_sql_exception() throws SQLException {
        long account = team();
        var e = event(account, "https://example.com/hook", T0);
        events.append(e);
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> events.append(e));
        assertTrue(failure.getMessage().startsWith("database error: "), failure.getMessage());
        SQLException cause = assertInstanceOf(SQLException.class, failure.getCause());
        assertEquals("23505", cause.getSQLState());
        assertFalse(failure.getMessage().contains("https://example.com/hook"), "no bound value in the message");
    }

    @Test
    void the_endpoint_is_saved_replaced_and_pending_events_follow_it() throws SQLException {
        long account = team();
        assertTrue(events.find(account).isEmpty());
        events.save(account, "https://a.example.com", T0);
        events.save(account, "https://b.example.com", T0.plusSeconds(1));
        assertEquals("https://b.example.com", events.find(account).orElseThrow());

        var pending = event(account, "https://a.example.com", T0);
        events.append(pending);
        assertEquals(1, events.redirectPending(account, "https://b.example.com"));
        assertEquals("https://b.example.com", events.find(account, pending.id()).orElseThrow().delivery().url());

        var quiet = event(account, null, T0);
        events.append(quiet);
        long row = events.find(account, quiet.id()).orElseThrow().rowId();
        events.requeue(row, "https://b.example.com", T0.plusSeconds(9), 3);
        StoredEvent requeued = events.find(account, quiet.id()).orElseThrow();
        assertEquals(DeliveryStatus.PENDING, requeued.delivery().status());
        assertEquals(T0.plusSeconds(9), requeued.delivery().nextAttemptAt());
        assertEquals(3, requeued.attemptLimit());
    }

    @Test
    void the_claim_leases_due_callbacks_and_skips_rows_another_transaction_holds() throws Exception {
        long account = team();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        var a = event(account, "https://example.com/a", now.minusSeconds(30));
        var b = event(account, "https://example.com/b", now.minusSeconds(20));
        events.append(a);
        events.append(b);
        long rowA = events.find(account, a.id()).orElseThrow().rowId();
        long rowB = events.find(account, b.id()).orElseThrow().rowId();

        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            try (var st = other.createStatement()) {
                st.execute("SELECT id FROM events WHERE id = " + rowA + " FOR UPDATE");
            }
            List<DueCallback> claimed = mine(outbox.claimDue(now, Duration.ofMinutes(1), 100), rowA, rowB);
            assertEquals(List.of(rowB), claimed.stream().map(DueCallback::id).toList(), "a locked row is skipped");
            DueCallback cb = claimed.get(0);
            assertEquals("https://example.com/b", cb.delivery().url());
            assertEquals("whsec-" + account, cb.delivery().secret());
            assertEquals("{\"type\":\"balance.adjusted\",\"data\":{\"amount\":\"250.00\",\"n\":3}}", cb.message().body());
            other.rollback();
        }
        assertEquals(List.of(rowA), mine(outbox.claimDue(now, Duration.ofMinutes(1), 100), rowA, rowB)
                .stream().map(DueCallback::id).toList(), "the other is leased for a minute");
        assertEquals(List.of(), mine(outbox.claimDue(now, Duration.ofMinutes(1), 100), rowA, rowB));
        assertEquals(2, mine(outbox.claimDue(now.plusSeconds(61), Duration.ofMinutes(1), 100), rowA, rowB).size(),
                "both due again once the lease is over");
    }

    private static List<DueCallback> mine(List<DueCallback> claimed, long... rows) {
        List<Long> wanted = java.util.Arrays.stream(rows).boxed().toList();
        return claimed.stream().filter(c -> wanted.contains(c.id())).sorted(Comparator.comparing(DueCallback::id))
                .toList();
    }

    @Test
    void a_round_settles_each_callback_with_its_attempt_in_one_batch() throws SQLException {
        long account = team();
        Instant at = T0.plusSeconds(60);
        var delivered = event(account, "https://example.com/1", T0);
        var dead = event(account, "https://example.com/2", T0);
        var retry = event(account, "https://example.com/3", T0);
        var single = event(account, "https://example.com/4", T0);
        for (var e : List.of(delivered, dead, retry, single)) {
            events.append(e);
        }
        long r1 = events.find(account, delivered.id()).orElseThrow().rowId();
        long r2 = events.find(account, dead.id()).orElseThrow().rowId();
        long r3 = events.find(account, retry.id()).orElseThrow().rowId();
        long r4 = events.find(account, single.id()).orElseThrow().rowId();

        outbox.recordAndSettleAll(List.of(
                new Settlement(new Attempt(r1, 1, at, 200, null, 5), Next.DELIVERED, at, null),
                new Settlement(new Attempt(r2, 3, at, null, "connection refused", 7), Next.DEAD, at, null),
                new Settlement(new Attempt(r3, 2, at, 503, null, 9), Next.RETRY, at, at.plusSeconds(30))));
        outbox.recordAndSettleAll(List.of());
        outbox.recordAndSettle(new Attempt(r4, 1, at, 200, null, 4), Next.DELIVERED, at, null);

        StoredEvent e1 = events.find(account, delivered.id()).orElseThrow();
        assertEquals(DeliveryStatus.DELIVERED, e1.delivery().status());
        assertEquals(1, e1.delivery().attempts());
        assertEquals(at, e1.delivery().lastAttemptAt());
        assertNull(e1.delivery().nextAttemptAt());
        StoredEvent e2 = events.find(account, dead.id()).orElseThrow();
        assertEquals(DeliveryStatus.FAILED, e2.delivery().status());
        assertEquals(3, e2.delivery().attempts());
        assertNull(e2.delivery().lastResponseStatus());
        assertEquals("connection refused", events.attempts(r2).get(0).error());
        StoredEvent e3 = events.find(account, retry.id()).orElseThrow();
        assertEquals(DeliveryStatus.PENDING, e3.delivery().status());
        assertEquals(2, e3.delivery().attempts());
        assertEquals(at.plusSeconds(30), e3.delivery().nextAttemptAt());
        assertEquals(503, e3.delivery().lastResponseStatus());
        assertEquals(DeliveryStatus.DELIVERED, events.find(account, single.id()).orElseThrow().delivery().status());

        // a settled callback is not settled again (only a pending one moves), but its attempt is recorded
        outbox.recordAndSettleAll(List.of(new Settlement(new Attempt(r1, 2, at, 500, null, 5), Next.DEAD, at, null)));
        assertEquals(DeliveryStatus.DELIVERED, events.find(account, delivered.id()).orElseThrow().delivery().status());
        assertEquals(2, events.attempts(r1).size());

        outbox.scheduleRetry(r3, 3, at.plusSeconds(90));
        assertEquals(at.plusSeconds(90), events.find(account, retry.id()).orElseThrow().delivery().nextAttemptAt());
        outbox.markDead(r3, 4, at);
        assertEquals(DeliveryStatus.FAILED, events.find(account, retry.id()).orElseThrow().delivery().status());
        outbox.markDelivered(r3, 5, at);
        assertEquals(4, events.find(account, retry.id()).orElseThrow().delivery().attempts(), "final stays final");
    }

    @Test
    void purge_deletes_old_finished_events_with_their_attempts_and_keeps_pending_ones() throws SQLException {
        long account = team();
        Instant old = Instant.parse("2020-01-01T00:00:00Z");
        var finished = event(account, "https://example.com/f", old);
        var pending = event(account, "https://example.com/p", old);
        var quiet = event(account, null, old);
        for (var e : List.of(finished, pending, quiet)) {
            events.append(e);
        }
        long rf = events.find(account, finished.id()).orElseThrow().rowId();
        outbox.recordAndSettle(new Attempt(rf, 1, old, 200, null, 3), Next.DELIVERED, old, null);
        assertEquals(2, events.purge(old.plusSeconds(1), 100));
        assertTrue(events.find(account, finished.id()).isEmpty());
        assertTrue(events.find(account, quiet.id()).isEmpty());
        assertTrue(events.find(account, pending.id()).isPresent());
        assertEquals(List.of(), events.attempts(rf));
    }

    @Test
    void a_callback_is_enqueued_pending_or_without_an_endpoint() throws SQLException {
        long account = team();
        long payment;
        try (Connection c = dataSource.getConnection(); var st = c.createStatement()) {
            var rs = st.executeQuery("INSERT INTO payments (account_id, reference, merchant_reference, request_type, "
                    + "rail, provider, network_id, channel_id, amount, currency, country, amount_usd, fee, "
                    + "account_number, callback_url, status, created_at, updated_at) VALUES (" + account + ", 'ref-" + account
                    + "', 'm-1', 'payment', 'momo', 'mpesa_ke', 'net_ke_mpesa', 'ch_ke_mpesa_deposit', 100, 'KES', "
                    + "'KE', 0.78, 0, 'sealed', 'https://example.com/cb', 'queued', now(), now()) RETURNING id");
            rs.next();
            payment = rs.getLong(1);
        }
        String sent = "wh_" + UUID.randomUUID();
        String kept = "wh_" + UUID.randomUUID();
        outbox.enqueue(new CallbackOutbox.NewCallback(account, payment, sent, "payment.succeeded",
                "https://example.com/cb", "{\"data\":{\"status\":\"succeeded\"}}", T0));
        outbox.enqueue(new CallbackOutbox.NewCallback(account, payment, kept, "payment.succeeded", " ",
                "{\"data\":{}}", T0));
        StoredEvent pending = events.find(account, sent).orElseThrow();
        assertEquals(DeliveryStatus.PENDING, pending.delivery().status());
        assertEquals(T0, pending.delivery().nextAttemptAt());
        assertEquals("{\"status\":\"succeeded\"}", pending.dataJson());
        DueCallback due = events.due(pending.rowId()).orElseThrow();
        assertEquals(payment, due.paymentId());
        assertEquals("{\"data\":{\"status\":\"succeeded\"}}", due.message().body(), "the body opened");
        try (Connection c = dataSource.getConnection(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT body FROM events WHERE id = " + pending.rowId())) {
            rs.next();
            assertFalse(rs.getString(1).contains("succeeded"), "the body is stored sealed");
        }
        StoredEvent quiet = events.find(account, kept).orElseThrow();
        assertEquals(DeliveryStatus.NO_ENDPOINT, quiet.delivery().status());
        assertNull(quiet.delivery().url());

        // no payment to hang it on: the foreign key refuses it, a database error caused by the SQLException
        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> outbox.enqueue(
                new CallbackOutbox.NewCallback(account, 999_999_999L, "wh_" + UUID.randomUUID(), "payment.succeeded",
                        "https://example.com", "{}", T0)));
        assertTrue(failure.getMessage().startsWith("database error: "), failure.getMessage());
        assertEquals("23503", assertInstanceOf(SQLException.class, failure.getCause()).getSQLState());
    }
}
