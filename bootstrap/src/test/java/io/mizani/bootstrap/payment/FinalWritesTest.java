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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
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

    /**
     * Succeeds this test's payments (each with a reference of its own; any other payment gets no answer): the quick ones
     * one at a time, each once the one before is held in its own write ({@code quickTurn}, given back by
     * {@link HeldWrites}; two quick answers in at once would be written together, and one writer would stay free), the
     * piled ones once every writer is at work on a quick one's write.
     */
    record Succeeding(Set<String> quick, Set<String> piled, CountDownLatch writersBusy, Semaphore quickTurn)
            implements PaymentRail {
        @Override
        public RailOutcome initiate(Payment p) {
            String ref = p.reference().value();
            CALLED.set(piled.contains(ref) ? "piled" : quick.contains(ref) ? "quick" : null);
            if (quick.contains(ref)) {
                try {
                    quickTurn.tryAcquire(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (piled.contains(ref)) {
                try {
                    writersBusy.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return quick.contains(ref) || piled.contains(ref) ? new RailOutcome.Succeeded("ok-" + ref)
                    : new RailOutcome.NoAnswer("not a payment of this test");
        }

        @Override
        public RailOutcome query(Payment p) {
            return initiate(p);
        }
    }

    /** Which of this test's payments a settle thread's call was about ("quick", "piled"), if any. */
    static final ThreadLocal<String> CALLED = new ThreadLocal<>();

    /** The service's unit of work, holding the first writes started on settle threads before they begin. */
    static final class HeldWrites implements UnitOfWork {
        final CountDownLatch allHeld = new CountDownLatch(ProcessPayments.FINAL_WRITERS);
        /** The next quick answer's turn: taken by its call, given back once its write is held. */
        final Semaphore quickTurn = new Semaphore(1);
        private final UnitOfWork delegate;
        private final Semaphore letGo = new Semaphore(0);
        private final AtomicInteger toHold = new AtomicInteger(ProcessPayments.FINAL_WRITERS);

        HeldWrites(UnitOfWork delegate) {
            this.delegate = delegate;
        }

        void letOneGo() {
            letGo.release();
        }

        @Override
        public <T> T inTransaction(Supplier<T> work) {
            if (Thread.currentThread().getName().startsWith("settle") && toHold.getAndDecrement() > 0) {
                allHeld.countDown();
                quickTurn.release();
                letGo.acquireUninterruptibly();
            }
            return delegate.inTransaction(work);
        }

        @Override
        public <T> T inNewTransaction(Supplier<T> work) {
            return delegate.inNewTransaction(work);
        }

        @Override
        public void afterCommit(Runnable work) {
            delegate.afterCommit(work);
        }
    }

    /**
     * One round over this test's payments: the quick ones' answers take every writer, whose writes are held while the
     * piled ones' answers come in; then one writer is let go (its own write, then everything piled up), and once the
     * piled ones are written, the others. Returns what the round threw, if anything.
     */
    RuntimeException round(Map<String, String> quick, Map<String, String> piled) throws Exception {
        HeldWrites writes = new HeldWrites(unitOfWork);
        AtomicInteger n = new AtomicInteger();
        ExecutorService settle = Executors.newFixedThreadPool(quick.size() + piled.size(),
                r -> new Thread(r, "settle-test-" + n.incrementAndGet()));
        // a task of this test's payments done: its call answered and its answer offered (written, or left to a writer)
        Semaphore quickDone = new Semaphore(0);
        Semaphore piledDone = new Semaphore(0);
        ExecutorService roundThread = Executors.newSingleThreadExecutor();
        try {
            ProcessPayments w = new ProcessPayments(store, p -> new Succeeding(Set.copyOf(quick.values()),
                    Set.copyOf(piled.values()), writes.allHeld, writes.quickTurn), finaliser, writes, clock,
                    Duration.ofSeconds(30),
                    // a round that claims every due payment: the database is shared with earlier tests, and payments
                    // they left due (other merchants') share a round of 500 with these fairly, turn by turn: with
                    // enough of them, the piled-up payments (this merchant's 5th to 7th) were not in it
                    PaymentLeaseTest.POLL, 100_000, Duration.ofMinutes(15), PaymentObserver.NONE,
                    r -> settle.execute(() -> {
                        CALLED.remove();
                        try {
                            r.run();
                        } finally {
                            String called = CALLED.get();
                            (("piled".equals(called)) ? piledDone : "quick".equals(called) ? quickDone
                                    : new Semaphore(0)).release();
                        }
                    }));
            Future<Integer> round = roundThread.submit(w::runOnce);
            assertTrue(writes.allHeld.await(20, TimeUnit.SECONDS), "every writer at work");
            assertTrue(piledDone.tryAcquire(piled.size(), 20, TimeUnit.SECONDS), () -> "the piled-up answers offered; "
                    + "due payments of other merchants: " + dueElsewhere(quick));
            writes.letOneGo();
            assertTrue(quickDone.tryAcquire(1, 20, TimeUnit.SECONDS), "the writer let go is done");
            for (int i = 1; i < ProcessPayments.FINAL_WRITERS; i++) {
                writes.letOneGo(); // the other writers: their own answers only, nothing waits any more
            }
            try {
                round.get(30, TimeUnit.SECONDS);
                return null;
            } catch (ExecutionException e) {
                return (RuntimeException) e.getCause();
            }
        } finally {
            for (int i = 0; i < ProcessPayments.FINAL_WRITERS; i++) {
                writes.letOneGo();
            }
            settle.shutdownNow();
            roundThread.shutdownNow();
        }
    }

    @Test
    void the_succeeded_collections_whose_answers_pile_up_are_written_in_one_transaction() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> quick = PaymentLeaseTest.accept(m, ProcessPayments.FINAL_WRITERS, "+254700000123");
        Map<String, String> piled = PaymentLeaseTest.accept(m, 3, "+254700000123");
        assertNull(round(quick, piled));

        for (String ref : piled.keySet()) {
            assertEquals("succeeded", PaymentLeaseTest.transaction(m, ref).getString("transaction.status"));
        }
        try (Connection c = dataSource.getConnection()) {
            List<Long> ids = PaymentLooksTest.ids(dataSource, piled.values());
            assertEquals(1, count(c, "SELECT count(DISTINCT xmin::text) FROM payments WHERE id = ANY(?)", ids),
                    "the three piled-up final states in one transaction");
            assertEquals(1, count(c, "SELECT count(DISTINCT xmin::text) FROM balance_entries WHERE payment_id = ANY(?)",
                    ids), "and their credits with them");
            List<Long> all = new ArrayList<>(ids);
            all.addAll(PaymentLooksTest.ids(dataSource, quick.values()));
            assertEquals(1 + quick.size(), count(c, "SELECT count(DISTINCT xmin::text) FROM payments WHERE id = ANY(?)",
                    all), "each quick answer written at once, on its own");
            assertEquals(all.size(), count(c, "SELECT count(*) FROM balance_entries WHERE payment_id = ANY(?)", all),
                    "each credited once");
            assertEquals(all.size(), count(c, "SELECT count(*) FROM events WHERE payment_id = ANY(?)", all),
                    "each called back once");
        }
        other.as().body(Map.of("merchant_reference", piled.keySet().iterator().next()))
                .post("/api/global/transaction-status").then().statusCode(404);
    }

    @Test
    void a_final_write_that_fails_costs_the_others_of_its_transaction_nothing() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> quick = PaymentLeaseTest.accept(m, ProcessPayments.FINAL_WRITERS, "+254700000123");
        Map<String, String> piled = PaymentLeaseTest.accept(m, 3, "+254700000123");
        List<Long> ids = PaymentLooksTest.ids(dataSource, piled.values());
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
        RuntimeException failure;
        try {
            failure = round(quick, piled);
        } finally {
            try (Connection c = dataSource.getConnection(); var s = c.createStatement()) {
                s.execute("DROP TRIGGER final_writes_test_refuse ON events");
                s.execute("DROP FUNCTION final_writes_test_refuse()");
            }
        }
        assertNotNull(failure, "the round reports the write it could not make");
        assertTrue(String.valueOf(failure.getMessage()).contains("refused by the test")
                || String.valueOf(failure.getCause()).contains("refused by the test"), String.valueOf(failure));
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

    /** How many payments of other merchants than {@code quick}'s are due and unleased (a failure's context). */
    String dueElsewhere(Map<String, String> quick) {
        try (Connection c = dataSource.getConnection(); var ps = c.prepareStatement("""
                SELECT count(*), count(DISTINCT account_id) FROM payments
                WHERE status IN ('queued', 'pending') AND next_check_at <= now()
                  AND (claimed_until IS NULL OR claimed_until <= now())
                  AND account_id <> (SELECT account_id FROM payments WHERE reference = ?)""")) {
            ps.setString(1, quick.values().iterator().next());
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) + " of " + rs.getLong(2) + " merchants";
            }
        } catch (SQLException e) {
            return "unknown (" + e.getMessage() + ")";
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
