package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Withdrawal acceptance is bounded per merchant on each instance (docs/architecture.md "Hot accounts"): while the
 * merchant's balance rows are held (a stand-in for a burst that keeps them busy), only
 * {@code mizani.payments.withdrawals-in-flight-per-merchant} withdrawals reach them; the next ones wait in the service,
 * and one that waits longer than {@code mizani.payments.withdrawal-queue-wait} answers 503 unavailable with
 * Retry-After: 1, nothing accepted, reserved or queued (and its Idempotency-Key runs again on retry). Another
 * merchant's withdrawals go through meanwhile; waiters that get a turn in time are accepted.
 */
@QuarkusTest
class WithdrawalGateTest {

    @Inject
    DataSource dataSource;

    @ConfigProperty(name = "mizani.payments.withdrawals-in-flight-per-merchant")
    int permits;

    @ConfigProperty(name = "mizani.payments.withdrawal-queue-wait")
    Duration queueWait;

    @Test
    void withdrawals_beyond_the_gate_wait_or_answer_503_with_nothing_reserved_and_another_merchant_is_unaffected()
            throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "100000.00");
        TestMerchants.fundBalance(other, "KES", "1000.00");
        int extra = 4;
        ExecutorService pool = Executors.newFixedThreadPool(permits + extra + 4);
        try {
            // 1. the merchant's balance rows held: `permits` withdrawals get through the gate and wait on the rows,
            //    the `extra` ones wait in the gate and are refused after the queue wait
            List<String> keys = new ArrayList<>();
            List<Map<String, Object>> bodies = new ArrayList<>();
            List<Future<Response>> burst = new ArrayList<>();
            List<Response> refused = new ArrayList<>();
            List<Response> accepted = new ArrayList<>();
            long t0;
            try (Connection rows = holdBalanceRows(m)) {
                for (int i = 0; i < permits + extra; i++) {
                    String key = "gate-" + UUID.randomUUID();
                    keys.add(key);
                    var body = mpesa("withdrawal", 100, "+254700000123", "http://127.0.0.1:9/none");
                    bodies.add(body); // the same request again on retry
                    burst.add(pool.submit(() -> m.as().header("Idempotency-Key", key).body(body)
                            .post("/api/global/payments")));
                }
                t0 = System.nanoTime();
                // another merchant is not queued behind this one
                Response theirs = pool.submit(() -> other.as()
                        .body(mpesa("withdrawal", 100, "+254700000124", "http://127.0.0.1:9/none"))
                        .post("/api/global/payments")).get(30, TimeUnit.SECONDS);
                assertEquals(200, theirs.statusCode(), theirs.asString());
                assertEquals(1000f - 115f, BalancesApiTest.available(other, "KES"));
                // wait for the refusals while the rows are still held (no permit can come free before)
                long deadline = System.nanoTime() + queueWait.toNanos() + TimeUnit.SECONDS.toNanos(20);
                while (burst.stream().filter(Future::isDone).count() < extra && System.nanoTime() < deadline) {
                    Thread.sleep(50);
                }
                for (var f : burst) {
                    if (f.isDone()) {
                        try {
                            refused.add(f.get());
                        } catch (java.util.concurrent.ExecutionException clientTimeout) {
                            // no answer at all (the request waited on the rows): not a refusal
                        }
                    }
                }
                rows.rollback();
            }
            assertEquals(extra, refused.size(), "requests answered while the balance rows were held");
            assertTrue(System.nanoTime() - t0 >= queueWait.toNanos() - TimeUnit.MILLISECONDS.toNanos(100),
                    "refused only after the queue wait");
            for (Response r : refused) {
                assertEquals(503, r.statusCode(), r.asString());
                assertEquals("1", r.header("Retry-After"));
                assertEquals("unavailable", r.jsonPath().getString("error_code"));
                assertEquals(503, r.jsonPath().getInt("status_code"));
            }
            for (var f : burst) {
                Response r = f.get(60, TimeUnit.SECONDS);
                if (!refused.contains(r)) {
                    accepted.add(r);
                }
            }
            assertEquals(permits, accepted.size());
            accepted.forEach(r -> assertEquals(200, r.statusCode(), r.asString()));
            // nothing accepted, reserved or queued for the refused ones
            assertEquals(permits, count("SELECT count(*) FROM payments WHERE account_id = ?", m));
            assertEquals(permits, count("SELECT count(*) FROM balance_entries WHERE account_id = ? "
                    + "AND type = 'withdrawal_reserve'", m));
            // (accepted withdrawals succeed in the sandbox: their reservation is consumed, available stays reduced)
            assertEquals(100000f - 115f * permits, BalancesApiTest.available(m, "KES"));

            // 2. a refused request's Idempotency-Key is not its final answer: the retry is accepted, not replayed
            int retried = 0;
            for (int i = 0; i < burst.size(); i++) {
                Response first = burst.get(i).get();
                if (first.statusCode() != 503) {
                    continue;
                }
                String key = keys.get(i);
                Response again = m.as().header("Idempotency-Key", key).body(bodies.get(i))
                        .post("/api/global/payments");
                assertEquals(200, again.statusCode(), again.asString());
                assertNull(again.header("Idempotent-Replayed"));
                retried++;
            }
            assertEquals(extra, retried);

            // 3. waiting, not refusing, while a turn comes free within the queue wait
            List<Future<Response>> queued = new ArrayList<>();
            try (Connection rows = holdBalanceRows(m)) {
                for (int i = 0; i < permits + 2; i++) {
                    var body = mpesa("withdrawal", 100, "+254700000123", "http://127.0.0.1:9/none");
                    queued.add(pool.submit(() -> m.as().body(body).post("/api/global/payments")));
                }
                Thread.sleep(300);
                assertTrue(queued.stream().noneMatch(Future::isDone), "all wait: on the rows or in the gate");
                rows.rollback();
            }
            Map<Integer, Long> byStatus = new java.util.HashMap<>();
            for (var f : queued) {
                byStatus.merge(f.get(60, TimeUnit.SECONDS).statusCode(), 1L, Long::sum);
            }
            assertEquals(Map.of(200, (long) permits + 2), byStatus);
            assertEquals(2L * permits + extra + 2, count("SELECT count(*) FROM payments WHERE account_id = ?", m));
        } finally {
            pool.shutdownNow();
        }
    }

    /** Locks every sub-balance row of the merchant's KES balance until the connection rolls back. */
    private Connection holdBalanceRows(Merchant m) throws Exception {
        Connection c = dataSource.getConnection();
        c.setAutoCommit(false);
        try (var ps = c.prepareStatement("SELECT slot FROM payment_balance_slots WHERE account_id = ? "
                + "AND currency = 'KES' FOR UPDATE")) {
            ps.setLong(1, m.accountId());
            try (var rs = ps.executeQuery()) {
                int n = 0;
                while (rs.next()) {
                    n++;
                }
                assertTrue(n > 0, "the balance has rows");
            }
        }
        return c;
    }

    private long count(String sql, Merchant m) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(sql)) {
            ps.setLong(1, m.accountId());
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
