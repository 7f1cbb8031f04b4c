package io.mizani.bootstrap.payment;

import io.mizani.application.payment.PaymentHandOff;
import io.mizani.application.payment.ProcessPayments;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * New payments handed straight to the accepting replica's payment worker (PaymentHandOff), and their callbacks to its
 * callback worker (CallbackHandOff), with this replica's workers running as a deployed replica's do: a payment
 * accepted here is inserted already leased to this replica's worker and sent without a claim, its callback written
 * held for this replica's callback worker and sent without a claim; a burst larger than the hand-offs hold is sent
 * too, each payment once, credited once and called back once, signed with the merchant's secret.
 */
@QuarkusTest
class PaymentHandOffTest {

    static CallbackReceiver receiver;

    @Inject
    ProcessPayments worker;
    @Inject
    DataSource dataSource;

    @BeforeAll
    static void startReceiver() {
        receiver = new CallbackReceiver();
    }

    @AfterAll
    static void stopReceiver() {
        receiver.close();
    }

    /** A trigger recording each update of the account's rows of {@code table} in test_{table}_updates. */
    void countUpdates(String table, String idColumn, long accountId) throws Exception {
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS test_%s_updates (%s bigint NOT NULL)".formatted(table, idColumn));
            st.execute("""
                    CREATE OR REPLACE FUNCTION test_count_%1$s_update() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN INSERT INTO test_%1$s_updates VALUES (NEW.id); RETURN NEW; END $$""".formatted(table));
            st.execute("""
                    CREATE TRIGGER test_%1$s_updates_%2$d AFTER UPDATE ON %1$s FOR EACH ROW
                    WHEN (NEW.account_id = %2$d) EXECUTE FUNCTION test_count_%1$s_update()"""
                    .formatted(table, accountId));
        }
    }

    @Test
    void payments_accepted_here_and_their_callbacks_are_sent_by_this_replicas_workers_without_a_claim_each_once_even_past_capacity()
            throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assertNotSame(PaymentHandOff.OFF, worker.handOff(), "this replica's workers run: the hand-off is on");

        // every update of m's callbacks counted: a claimed callback is updated twice (claim, attempt), a handed one
        // once; and of m's payments: one handed over and kept for its next look twice (the look, the final write), one
        // claimed to be sent or claimed to be asked about once more for each
        countUpdates("events", "event_id", m.accountId());
        countUpdates("payments", "payment_id", m.accountId());
        // 160 collections from 8 connections at once: more than the hand-off holds while the worker is busy
        var pool = Executors.newFixedThreadPool(8);
        List<Callable<String>> accepts = new ArrayList<>();
        for (int i = 0; i < 160; i++) {
            accepts.add(() -> {
                var body = mpesa("payment", 100, "+254700000123", receiver.url("/handoff"));
                String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
                m.as().body(body).post("/api/global/payments").then().statusCode(200);
                return ref;
            });
        }
        List<String> refs = new ArrayList<>();
        for (Future<String> f : pool.invokeAll(accepts)) {
            refs.add(f.get());
        }
        pool.shutdown();
        for (String ref : refs) {
            assertEquals("succeeded", PaymentsApiTest.awaitStatus(m, ref, Set.of("succeeded", "failed"),
                    Duration.ofSeconds(60)), ref);
        }
        receiver.await(r -> r.path().equals("/handoff"), refs.size(), Duration.ofSeconds(30));

        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("""
                SELECT count(*) FILTER (WHERE p.submitted_at = p.created_at) AS handed,
                       count(*) FILTER (WHERE p.submitted_at > p.created_at) AS claimed,
                       count(*) FILTER (WHERE (SELECT count(*) FROM balance_entries e WHERE e.payment_id = p.id) = 1
                                          AND (SELECT count(*) FROM events e WHERE e.payment_id = p.id) = 1) AS once,
                       count(*) FILTER (WHERE p.claimed_by IS NOT NULL OR p.next_check_at IS NOT NULL) AS held
                FROM payments p WHERE p.account_id = ?""")) {
            ps.setLong(1, m.accountId());
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                long handed = rs.getLong("handed");
                long claimed = rs.getLong("claimed");
                // a payment is handed over only while the worker has fewer than 100 waiting; how many is the timing's
                assertTrue(handed > 0, "handed over: " + handed + ", claimed: " + claimed);
                assertEquals(160, handed + claimed, "every payment sent once: handed over or claimed");
                assertEquals(160, rs.getLong("once"), "each credited once and called back once");
                assertEquals(0, rs.getLong("held"), "no lease or next check left on a final payment");
            }
        }
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("DROP TRIGGER test_events_updates_" + m.accountId() + " ON events");
            try (var rs = st.executeQuery("""
                    SELECT count(*) FILTER (WHERE n = 1) AS handed, count(*) FILTER (WHERE n = 2) AS claimed,
                           count(*) FILTER (WHERE n > 2) AS more
                    FROM (SELECT e.id, count(u.event_id) AS n FROM events e
                          LEFT JOIN test_events_updates u ON u.event_id = e.id
                          WHERE e.account_id = %d GROUP BY e.id) per_event""".formatted(m.accountId()))) {
                assertTrue(rs.next());
                long handed = rs.getLong("handed");
                long claimed = rs.getLong("claimed");
                assertTrue(handed > 0, "callbacks handed over: " + handed + ", claimed: " + claimed);
                assertEquals(160, handed + claimed, "each callback claimed at most once, attempted once");
                assertEquals(0, rs.getLong("more"));
            }
        }
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("DROP TRIGGER test_payments_updates_" + m.accountId() + " ON payments");
            try (var rs = st.executeQuery("""
                    SELECT count(*) FILTER (WHERE n = 2) AS no_claim, count(*) FILTER (WHERE n IN (3, 4)) AS claimed,
                           count(*) FILTER (WHERE n < 2 OR n > 4) AS other
                    FROM (SELECT p.id, count(u.payment_id) AS n FROM payments p
                          LEFT JOIN test_payments_updates u ON u.payment_id = p.id
                          WHERE p.account_id = %d GROUP BY p.id) per_payment""".formatted(m.accountId()))) {
                assertTrue(rs.next());
                long noClaim = rs.getLong("no_claim");
                // the sandbox answers 300 ms after a payment is sent: its next look is within a quarter of the lease
                assertTrue(noClaim > 0, "sent and asked about with no claim: " + noClaim + ", claimed at least once: "
                        + rs.getLong("claimed"));
                assertEquals(0, rs.getLong("other"), "a payment updated more than a claim to send it and one to ask");
            }
        }
        // each callback delivered once, to the merchant's endpoint, signed with the merchant's secret
        List<CallbackReceiver.Received> got = receiver.to("/handoff");
        assertEquals(160, got.size());
        assertEquals(160, got.stream().map(r -> r.header("webhook-id")).distinct().count());
        got.forEach(r -> r.verify(m.webhookSecret()));
        // another merchant does not find them
        other.as().body(Map.of("merchant_reference", refs.get(0))).post("/api/global/transaction-status")
                .then().statusCode(404);
    }
}
