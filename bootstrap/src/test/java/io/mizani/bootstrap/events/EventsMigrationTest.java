package io.mizani.bootstrap.events;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.*;

/**
 * V7 turns the callback outbox into the event store in place: callbacks written before it (delivered, dead, still
 * pending) and their attempts become events with the same webhook ids and attempts. Run in a schema of its own on
 * the test database: the V4 outbox tables as they were, rows in them, then the V7 script as Flyway runs it.
 */
@QuarkusTest
class EventsMigrationTest {

    @Inject
    DataSource dataSource;

    @Test
    void callbacks_written_before_v7_are_events_with_their_attempts_and_dead_becomes_failed() throws Exception {
        String v7;
        try (InputStream in = Thread.currentThread().getContextClassLoader()
                .getResourceAsStream("db/migration/V7__events.sql")) {
            assertNotNull(in, "V7 on the classpath");
            v7 = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS v7_check CASCADE; CREATE SCHEMA v7_check; SET search_path = v7_check, public");
            try {
                migrateAndCheck(st, v7);
            } finally {
                // the connection goes back to the pool: leave it as it was
                st.execute("SET search_path TO DEFAULT; DROP SCHEMA IF EXISTS v7_check CASCADE");
            }
        }
    }

    private static void migrateAndCheck(java.sql.Statement st, String v7) throws Exception {
        {
            // the V4 tables (the payments foreign key left out: no payment rows are needed here)
            st.execute("""
                    CREATE TABLE payment_callbacks (
                        id bigserial PRIMARY KEY, account_id bigint NOT NULL, payment_id bigint NOT NULL,
                        webhook_id text NOT NULL UNIQUE, event_type text NOT NULL, url text NOT NULL, body text NOT NULL,
                        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
                        attempts int NOT NULL DEFAULT 0, next_attempt_at timestamptz, created_at timestamptz NOT NULL,
                        finished_at timestamptz);
                    CREATE INDEX payment_callbacks_due ON payment_callbacks (next_attempt_at) WHERE status = 'pending';
                    CREATE INDEX payment_callbacks_payment ON payment_callbacks (payment_id);
                    CREATE TABLE payment_callback_attempts (
                        id bigserial PRIMARY KEY, callback_id bigint NOT NULL REFERENCES payment_callbacks (id),
                        attempt_no int NOT NULL, attempted_at timestamptz NOT NULL, status_code int, error text,
                        duration_ms bigint NOT NULL);
                    CREATE INDEX payment_callback_attempts_callback ON payment_callback_attempts (callback_id);
                    INSERT INTO payment_callbacks (account_id, payment_id, webhook_id, event_type, url, body, status, attempts,
                        next_attempt_at, created_at, finished_at) VALUES
                      (7, 1, 'msg_delivered', 'transaction.succeeded', 'http://m/cb', '{"type":"transaction.succeeded","timestamp":"t","data":{"transaction":{"reference":"A"}}}', 'delivered', 2, NULL, now(), now()),
                      (7, 2, 'msg_dead', 'transaction.failed', 'http://m/cb', '{"type":"transaction.failed","timestamp":"t","data":{"transaction":{"reference":"B"}}}', 'dead', 12, NULL, now(), now()),
                      (7, 3, 'msg_pending', 'transaction.succeeded', 'http://m/cb', '{"type":"transaction.succeeded","timestamp":"t","data":{}}', 'pending', 1, now(), now(), NULL);
                    INSERT INTO payment_callback_attempts (callback_id, attempt_no, attempted_at, status_code, error, duration_ms)
                    SELECT id, 1, now(), 500, NULL, 12 FROM payment_callbacks WHERE webhook_id = 'msg_delivered';
                    INSERT INTO payment_callback_attempts (callback_id, attempt_no, attempted_at, status_code, error, duration_ms)
                    SELECT id, 2, now(), 200, NULL, 9 FROM payment_callbacks WHERE webhook_id = 'msg_delivered';
                    """);
            st.execute(v7);

            List<String> events = new ArrayList<>();
            try (var rs = st.executeQuery("""
                    SELECT e.webhook_id, e.status, e.attempts, (e.body::jsonb -> 'data' -> 'transaction' ->> 'reference'),
                           (SELECT string_agg(a.status_code::text, ',' ORDER BY a.attempt_no) FROM event_attempts a
                            WHERE a.event_id = e.id)
                    FROM events e ORDER BY e.id""")) {
                while (rs.next()) {
                    events.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getInt(3) + " " + rs.getString(4)
                            + " " + rs.getString(5));
                }
            }
            assertEquals(List.of("msg_delivered delivered 2 A 500,200", "msg_dead failed 12 B null",
                    "msg_pending pending 1 null null"), events);
            // an endpoint event with no endpoint is now allowed; a row with an unknown status is not
            st.execute("""
                    INSERT INTO events (account_id, webhook_id, event_type, url, body, status, created_at)
                    VALUES (7, 'msg_kyc', 'account_kyc.approved', NULL, '{"data":{}}', 'no_endpoint', now())""");
            assertThrows(java.sql.SQLException.class, () -> st.execute("""
                    INSERT INTO events (account_id, webhook_id, event_type, url, body, status, created_at)
                    VALUES (7, 'msg_bad', 'webhook.test', 'http://m', '{}', 'dead', now())"""));
            // purging an event takes its attempts
            assertEquals(1, st.executeUpdate("DELETE FROM events WHERE webhook_id = 'msg_delivered'"));
            try (var rs = st.executeQuery("SELECT count(*) FROM event_attempts")) {
                rs.next();
                assertEquals(0, rs.getInt(1));
            }
        }
    }
}
