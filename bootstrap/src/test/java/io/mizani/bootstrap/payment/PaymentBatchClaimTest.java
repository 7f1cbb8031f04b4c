package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.DrivenWorkers;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentFinaliser;
import io.mizani.application.payment.PaymentObserver;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.ProcessPayments;
import io.mizani.bootstrap.payment.PaymentLeaseTest.CountingRail;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Batch claims ({@code FOR UPDATE SKIP LOCKED}, round-robin by merchant) against the real PostgreSQL: two workers
 * claiming at the same moment get disjoint batches, both full, and another merchant's payments are in them ahead of
 * one merchant's burst; two workers each processing their batches in parallel send every payment exactly once.
 * Same profile as {@link PaymentLeaseTest}: the replica's own workers are off.
 */
@QuarkusTest
@TestProfile(DrivenWorkers.class)
class PaymentBatchClaimTest {

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

    @Test
    void two_workers_claiming_batches_at_once_get_disjoint_payments() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Set<String> mine = new HashSet<>(PaymentLeaseTest.accept(m, 30, "+254700000123").values());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<List<PaymentStore.Claim>>> claims = new ArrayList<>();
        for (String worker : List.of("batch-a", "batch-b")) {
            claims.add(pool.submit(() -> {
                go.await();
                return unitOfWork.inTransaction(() -> store.claimDue(clock.instant(), Duration.ofSeconds(30), worker, 500));
            }));
        }
        go.countDown();
        List<PaymentStore.Claim> a = claims.get(0).get(30, TimeUnit.SECONDS);
        List<PaymentStore.Claim> b = claims.get(1).get(30, TimeUnit.SECONDS);
        pool.shutdown();
        try {
            Set<Long> seen = new HashSet<>();
            int ofMine = 0;
            for (var c : a) {
                assertTrue(seen.add(c.payment().id()));
            }
            for (var c : b) {
                assertTrue(seen.add(c.payment().id()), "payment " + c.payment().reference().value() + " claimed by both workers");
            }
            for (var c : a) {
                ofMine += mine.contains(c.payment().reference().value()) ? 1 : 0;
            }
            for (var c : b) {
                ofMine += mine.contains(c.payment().reference().value()) ? 1 : 0;
            }
            assertEquals(30, ofMine, "every due payment claimed by exactly one of the two");
            for (var c : a) {
                if (mine.contains(c.payment().reference().value())) {
                    assertFalse(c.submitted(), "a first claim: nothing sent yet");
                }
            }
        } finally {
            // hand everything back as it was (never sent): the test below and the lease tests send them
            for (var c : a) {
                unitOfWork.run(() -> store.giveBack(c.payment().id(), "batch-a", !c.submitted()));
            }
            for (var c : b) {
                unitOfWork.run(() -> store.giveBack(c.payment().id(), "batch-b", !c.submitted()));
            }
        }
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(
                "SELECT count(*) FROM payments WHERE account_id = ? AND (claimed_by IS NOT NULL OR submitted_at IS NOT NULL)")) {
            ps.setLong(1, m.accountId());
            try (var rs = ps.executeQuery()) {
                rs.next();
                assertEquals(0, rs.getInt(1), "given back untouched: no lease, not marked submitted");
            }
        }
    }

    /**
     * A claim moves a payment's due time to its lease's end, so the claim's index scans never step over leased rows
     * (with 10,000-30,000 of one merchant's items leased, a round cost 51-436 ms stepping over them: issue 30); a lease
     * given back without a new time makes the payment due again at once, and a time written since the claim is kept.
     */
    @Test
    void a_leased_payment_is_not_due_and_is_due_again_at_once_when_given_back() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Set<String> mine = new HashSet<>(PaymentLeaseTest.accept(m, 3, "+254700000123").values());
        List<PaymentStore.Claim> first = unitOfWork.inTransaction(
                () -> store.claimDue(clock.instant(), Duration.ofSeconds(30), "lease-a", 500));
        List<PaymentStore.Claim> later = List.of();
        try {
            List<Long> ids = first.stream().filter(c -> mine.contains(c.payment().reference().value()))
                    .map(c -> c.payment().id()).toList();
            assertEquals(3, ids.size());
            try (var c = dataSource.getConnection(); var ps = c.prepareStatement("""
                    SELECT count(*) FILTER (WHERE next_check_at = claimed_until AND next_check_at > now()),
                           count(*) FILTER (WHERE next_check_at <= now())
                    FROM payments WHERE account_id = ?""")) {
                ps.setLong(1, m.accountId());
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    assertEquals(3, rs.getInt(1), "leased: due at the lease's end");
                    assertEquals(0, rs.getInt(2), "leased: not due now");
                }
            }
            java.time.Instant inAMinute = clock.instant().plusSeconds(60);
            unitOfWork.run(() -> store.rescheduleAndRelease(ids.get(0), inAMinute, "lease-a"));
            unitOfWork.run(() -> store.giveBack(ids.get(1), "lease-a", true));
            unitOfWork.run(() -> store.release(ids.get(2), "lease-a"));
            // a moment later: given back, a row is due at the database's now(), which the service's clock (aligned to
            // the database's, docs/operations.md "Clocks") matches to within a few milliseconds, not exactly
            later = unitOfWork.inTransaction(() -> store.claimDue(clock.instant().plusSeconds(1), Duration.ofSeconds(30),
                    "lease-b", 500));
            Set<Long> again = new HashSet<>();
            later.forEach(c -> again.add(c.payment().id()));
            assertTrue(again.containsAll(ids.subList(1, 3)), "given back or released: due again at once");
            assertFalse(again.contains(ids.get(0)), "rescheduled: due at its new time, not before");
        } finally {
            for (var c : first) {
                unitOfWork.run(() -> store.giveBack(c.payment().id(), "lease-a", !c.submitted()));
            }
            for (var c : later) {
                unitOfWork.run(() -> store.giveBack(c.payment().id(), "lease-b", !c.submitted()));
            }
        }
    }

    @Test
    void a_round_takes_each_merchants_oldest_payments_in_turn_not_one_merchants_burst() throws Exception {
        Merchant busy = TestMerchants.onboard();
        Merchant single = TestMerchants.onboard();
        assign(busy, "mpesa_ke");
        assign(single, "mpesa_ke");
        Set<String> burst = new HashSet<>(PaymentLeaseTest.accept(busy, 60, "+254700000123").values());
        Set<String> singles = new HashSet<>(PaymentLeaseTest.accept(single, 3, "+254700000123").values());
        // two replicas claim rounds of 20 at the same moment, after 60 payments of one merchant became due
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<List<PaymentStore.Claim>>> rounds = new ArrayList<>();
        for (String worker : List.of("fair-a", "fair-b")) {
            rounds.add(pool.submit(() -> {
                go.await();
                return unitOfWork.inTransaction(() -> store.claimDue(clock.instant(), Duration.ofSeconds(30), worker, 20));
            }));
        }
        go.countDown();
        List<PaymentStore.Claim> a = rounds.get(0).get(30, TimeUnit.SECONDS);
        List<PaymentStore.Claim> b = rounds.get(1).get(30, TimeUnit.SECONDS);
        pool.shutdown();
        try {
            Set<String> claimed = new HashSet<>();
            for (var c : a) {
                assertTrue(claimed.add(c.payment().reference().value()));
            }
            for (var c : b) {
                assertTrue(claimed.add(c.payment().reference().value()), c.payment().reference().value() + " claimed twice");
            }
            assertEquals(20, a.size(), "a full round for each replica");
            assertEquals(20, b.size(), "a full round for each replica");
            assertTrue(claimed.containsAll(singles), "the other merchant's 3 payments are in the first rounds, not "
                    + "behind the 60 of the burst: " + claimed.stream().filter(singles::contains).count() + " of 3");
            assertTrue(claimed.stream().anyMatch(burst::contains), "the burst takes its turns too");
        } finally {
            for (var c : a) {
                unitOfWork.run(() -> store.giveBack(c.payment().id(), "fair-a", !c.submitted()));
            }
            for (var c : b) {
                unitOfWork.run(() -> store.giveBack(c.payment().id(), "fair-b", !c.submitted()));
            }
        }
    }

    @Test
    void two_workers_processing_batches_in_parallel_send_each_payment_once() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> refs = PaymentLeaseTest.accept(m, 60, "+254700000123");
        CountingRail rail = new CountingRail(25);
        rail.mine.addAll(refs.values());
        ExecutorService settleA = Executors.newFixedThreadPool(4);
        ExecutorService settleB = Executors.newFixedThreadPool(4);
        // batches of 16 with 4 rail calls at a time per worker: several rounds, both workers busy at once
        List<ProcessPayments> workers = List.of(worker(rail, settleA), worker(rail, settleB));
        ExecutorService loops = Executors.newFixedThreadPool(2);
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        // once every payment was sent, a second more of rounds by both workers (a hundred or so): a payment given back
        // due, or claimed again, would be sent (or looked up) a second time in them; then stop instead of idling to 5 s
        AtomicLong allSentAt = new AtomicLong();
        List<Future<Integer>> claimed = new ArrayList<>();
        for (ProcessPayments w : workers) {
            claimed.add(loops.submit(() -> {
                int n = 0;
                while (System.nanoTime() < until) {
                    n += w.runOnce();
                    PaymentsApiTest.sleep(10);
                    if (rail.calls.size() == refs.size()) {
                        allSentAt.compareAndSet(0, System.nanoTime());
                        if (System.nanoTime() - allSentAt.get() > Duration.ofSeconds(1).toNanos()) {
                            break;
                        }
                    }
                }
                return n;
            }));
        }
        loops.shutdown();
        assertTrue(loops.awaitTermination(60, TimeUnit.SECONDS));
        settleA.shutdown();
        settleB.shutdown();
        assertTrue(claimed.get(0).get() > 0 && claimed.get(1).get() > 0, "both workers took a share");
        assertEquals(refs.size(), rail.calls.size(), "every payment was sent");
        rail.calls.forEach((reference, calls) -> assertEquals(List.of("initiate"), calls, reference + " called " + calls));
        for (String ref : refs.keySet()) {
            JsonPath t = PaymentLeaseTest.transaction(m, ref);
            assertEquals("pending", t.getString("transaction.status"));
            assertEquals("stub-" + refs.get(ref), t.getString("transaction.provider_reference"));
        }
        other.as().body(Map.of("merchant_reference", refs.keySet().iterator().next()))
                .post("/api/global/transaction-status").then().statusCode(404);
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(
                "SELECT count(*) FROM payments WHERE account_id = ? AND (claimed_by IS NOT NULL OR submitted_at IS NULL)")) {
            ps.setLong(1, m.accountId());
            try (var rs = ps.executeQuery()) {
                rs.next();
                assertEquals(0, rs.getInt(1), "every lease given back, every payment marked submitted");
            }
        }
    }

    ProcessPayments worker(CountingRail rail, ExecutorService settle) {
        return new ProcessPayments(store, p -> rail, finaliser, unitOfWork, clock, Duration.ofSeconds(10),
                PaymentLeaseTest.POLL, 16, Duration.ofMinutes(15), PaymentObserver.NONE, settle);
    }
}
