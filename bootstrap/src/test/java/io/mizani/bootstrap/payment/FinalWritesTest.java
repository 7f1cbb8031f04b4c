package io.mizani.bootstrap.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentFinaliser;
import io.mizani.application.payment.PaymentObserver;
import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.ProcessPayments;
import io.mizani.application.payment.RailOutcome;
import io.mizani.bootstrap.support.DrivenWorkers;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.payment.Payment;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The payment worker's final writes against the real PostgreSQL: the succeeded collections a round finishes together
 * are written in one transaction (one commit: their rows carry the same transaction id), and when that transaction
 * fails because one of them cannot be written, the others are written each on its own and the one that could not stays
 * as it was, leased, its failure reported. Same profile as {@link PaymentLeaseTest}: the replica's own workers are off.
 */
@QuarkusTest
@TestProfile(DrivenWorkers.class)
class FinalWritesTest {

    @Inject
    PaymentStore store;
    @Inject
    PaymentFinaliser finaliser;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    Clock clock;
    @Inject
    DataSource dataSource;

    /** Succeeds this test's payments at once (each with a reference of its own); any other payment gets no answer. */
    record Succeeding(Set<String> mine) implements PaymentRail {
        @Override
        public RailOutcome initiate(Payment p) {
            return mine.contains(p.reference().value()) ? new RailOutcome.Succeeded("ok-" + p.reference().value())
                    : new RailOutcome.NoAnswer("not a payment of this test");
        }

        @Override
        public RailOutcome query(Payment p) {
            return initiate(p);
        }
    }

    /** A worker whose rail calls run on the round's own thread: every answer is in before the first final write. */
    ProcessPayments worker(Set<String> mine) {
        return new ProcessPayments(store, p -> new Succeeding(mine), finaliser, unitOfWork, clock, Duration.ofSeconds(30),
                PaymentLeaseTest.POLL, 500, Duration.ofMinutes(15), PaymentObserver.NONE, Runnable::run);
    }

    @Test
    void the_succeeded_collections_a_round_finishes_together_are_written_in_one_transaction() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> refs = PaymentLeaseTest.accept(m, 3, "+254700000123");
        worker(Set.copyOf(refs.values())).runOnce();

        for (String ref : refs.keySet()) {
            assertEquals("succeeded", PaymentLeaseTest.transaction(m, ref).getString("transaction.status"));
        }
        try (Connection c = dataSource.getConnection()) {
            List<Long> ids = PaymentLooksTest.ids(dataSource, refs.values());
            assertEquals(1, count(c, "SELECT count(DISTINCT xmin::text) FROM payments WHERE id = ANY(?)", ids),
                    "the three final states in one transaction");
            assertEquals(1, count(c, "SELECT count(DISTINCT xmin::text) FROM balance_entries WHERE payment_id = ANY(?)",
                    ids), "and their credits with them");
            assertEquals(3, count(c, "SELECT count(*) FROM balance_entries WHERE payment_id = ANY(?)", ids),
                    "each credited once");
            assertEquals(3, count(c, "SELECT count(*) FROM events WHERE payment_id = ANY(?)", ids),
                    "each called back once");
        }
        other.as().body(Map.of("merchant_reference", refs.keySet().iterator().next()))
                .post("/api/global/transaction-status").then().statusCode(404);
    }

    @Test
    void a_final_write_that_fails_costs_the_others_of_its_transaction_nothing() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> refs = PaymentLeaseTest.accept(m, 3, "+254700000123");
        List<Long> ids = PaymentLooksTest.ids(dataSource, refs.values());
        long refused = ids.get(1);
        // the database refuses the callback of one payment: its whole final write fails
        try (Connection c = dataSource.getConnection(); var s = c.createStatement()) {
            s.execute("""
                    CREATE FUNCTION final_writes_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN IF NEW.payment_id = %d THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$
                    """.formatted(refused));
            s.execute("CREATE TRIGGER final_writes_test_refuse BEFORE INSERT ON events FOR EACH ROW "
                    + "EXECUTE FUNCTION final_writes_test_refuse()");
        }
        try {
            RuntimeException failure = assertThrows(RuntimeException.class, () -> worker(Set.copyOf(refs.values())).runOnce(),
                    "the round reports the write it could not make");
            assertTrue(String.valueOf(failure.getMessage()).contains("refused by the test")
                    || String.valueOf(failure.getCause()).contains("refused by the test"), String.valueOf(failure));
        } finally {
            try (Connection c = dataSource.getConnection(); var s = c.createStatement()) {
                s.execute("DROP TRIGGER final_writes_test_refuse ON events");
                s.execute("DROP FUNCTION final_writes_test_refuse()");
            }
        }
        try (Connection c = dataSource.getConnection()) {
            for (long id : ids) {
                boolean written = id != refused;
                assertEquals(written ? "succeeded" : "queued", text(c, "SELECT status FROM payments WHERE id = ?", id));
                assertEquals(written ? 1 : 0, count(c, "SELECT count(*) FROM balance_entries WHERE payment_id = ANY(?)",
                        List.of(id)), "credited: " + written);
                assertEquals(written ? 1 : 0, count(c, "SELECT count(*) FROM events WHERE payment_id = ANY(?)",
                        List.of(id)), "called back: " + written);
            }
            assertNotNull(text(c, "SELECT claimed_by FROM payments WHERE id = ?", refused),
                    "the payment not written keeps its lease: asked about again only once the lease is over");
        }
    }

    static long count(Connection c, String sql, List<Long> ids) throws SQLException {
        try (var ps = c.prepareStatement(sql)) {
            ps.setArray(1, c.createArrayOf("bigint", ids.toArray()));
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static String text(Connection c, String sql, long id) throws SQLException {
        try (var ps = c.prepareStatement(sql)) {
            ps.setLong(1, id);
            try (var rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
