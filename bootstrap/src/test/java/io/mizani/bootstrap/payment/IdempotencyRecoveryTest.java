package io.mizani.bootstrap.payment;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.idempotency.IdempotencyStore;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * An Idempotency-Key commits with the payment (chaos run 4, docs/operations.md): a process that dies after the
 * payment's commit and before storing the answer leaves the key in flight; once its lease has expired, the retry
 * answers the original acceptance (same status, same body), not 400 "reference has already been used", and nothing
 * is done twice. The crash is simulated deterministically: a request runs to the end, then its key is put back into
 * the state a kill -9 after the commit leaves (in flight, no stored answer, lease expired).
 */
@QuarkusTest
class IdempotencyRecoveryTest {

    @Inject
    DataSource ds;
    @Inject
    IdempotencyStore keys;
    @Inject
    UnitOfWork uow;

    /** The key as a kill -9 between the business commit and the stored answer leaves it, its lease expired. */
    private void crashBeforeTheAnswerWasStored(Merchant m, String key) throws Exception {
        crashBeforeTheAnswerWasStored(m, key, "1 hour");
    }

    private void crashBeforeTheAnswerWasStored(Merchant m, String key, String leaseAge) throws Exception {
        try (var c = ds.getConnection(); var ps = c.prepareStatement("UPDATE idempotency_keys SET state = 'in_flight', "
                + "response_status = NULL, response_body = NULL, locked_at = locked_at - interval '" + leaseAge + "' "
                + "WHERE account_id = ? AND idempotency_key = ?")) {
            ps.setLong(1, m.accountId());
            ps.setString(2, key);
            assertEquals(1, ps.executeUpdate());
        }
    }

    private long payments(Merchant m) throws Exception {
        try (var c = ds.getConnection();
             var ps = c.prepareStatement("SELECT count(*) FROM payments WHERE account_id = ?")) {
            ps.setLong(1, m.accountId());
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static Response post(Merchant m, String key, Map<String, Object> body) {
        return m.as().header("Idempotency-Key", key).body(body).post("/api/global/payments");
    }

    @Test
    void a_retry_after_a_crash_past_the_commit_answers_the_original_acceptance_and_reserves_once() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "1000");
        TestMerchants.fundBalance(other, "KES", "1000");
        var body = mpesa("withdrawal", 100, "+254700000101", "http://127.0.0.1:9/none");
        String key = "crash-" + UUID.randomUUID();

        Response first = post(m, key, body);
        first.then().statusCode(200);
        crashBeforeTheAnswerWasStored(m, key, "0 seconds");

        // inside the lease: the payment committed with its key, so the retry answers it at once (no 409 for 130 s)
        Response early = post(m, key, body);
        assertEquals(200, early.statusCode(), early.asString());
        assertEquals(first.jsonPath().getMap(""), early.jsonPath().getMap(""));
        assertEquals(1, payments(m));
        // the lease has expired: the takeover answers the payment and stores the answer
        crashBeforeTheAnswerWasStored(m, key);
        Response retry = post(m, key, body);
        assertEquals(200, retry.statusCode(), retry.asString());
        assertEquals(first.jsonPath().getMap(""), retry.jsonPath().getMap(""));
        assertEquals(1, payments(m));
        assertEquals(885f, BalancesApiTest.available(m, "KES")); // 100 + 15 fee reserved once
        assertEquals(115f, BalancesApiTest.reserved(m, "KES"));

        // the recovered answer is now the key's stored answer
        Response replay = post(m, key, body);
        replay.then().statusCode(200).header("Idempotent-Replayed", "true");
        assertEquals(first.jsonPath().getMap(""), replay.jsonPath().getMap(""));

        // the other merchant's same key and body is its own payment (its reference is free in its account)
        Response theirs = post(other, key, body);
        theirs.then().statusCode(200);
        assertFalse(first.jsonPath().getString("checkout_request_id")
                .equals(theirs.jsonPath().getString("checkout_request_id")));
        assertEquals(1, payments(other));
        assertEquals(1, payments(m));
        assertEquals(885f, BalancesApiTest.available(other, "KES"));
    }

    @Test
    void a_retry_after_a_crash_before_the_commit_runs_the_request_once() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        var body = mpesa("withdrawal", 100, "+254700000101", "http://127.0.0.1:9/none");
        String key = "crash-" + UUID.randomUUID();
        // the first attempt's change rolled back (no balance); put its key back in flight as if it had died there
        post(m, key, body).then().statusCode(400);
        crashBeforeTheAnswerWasStored(m, key);
        TestMerchants.fundBalance(m, "KES", "1000");

        Response retry = post(m, key, body);
        assertEquals(200, retry.statusCode(), retry.asString());
        assertEquals(1, payments(m));
        assertEquals(885f, BalancesApiTest.available(m, "KES"));
        Response replay = post(m, key, body);
        replay.then().statusCode(200).header("Idempotent-Replayed", "true");
        assertEquals(retry.jsonPath().getMap(""), replay.jsonPath().getMap(""));
    }

    @Test
    void racing_retries_of_a_crashed_key_and_of_a_new_key_make_one_payment_each() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "1000");
        var crashedBody = mpesa("withdrawal", 100, "+254700000101", "http://127.0.0.1:9/none");
        String crashed = "crash-" + UUID.randomUUID();
        Response first = post(m, crashed, crashedBody);
        first.then().statusCode(200);
        crashBeforeTheAnswerWasStored(m, crashed);
        var freshBody = mpesa("withdrawal", 100, "+254700000101", "http://127.0.0.1:9/none");
        String fresh = "fresh-" + UUID.randomUUID();

        List<Response> takeovers = race(m, crashed, crashedBody, 8);
        List<Response> news = race(m, fresh, freshBody, 8);

        for (Response r : takeovers) {
            assertTrue(Set.of(200, 409).contains(r.statusCode()), r.asString());
            if (r.statusCode() == 200) {
                assertEquals(first.jsonPath().getMap(""), r.jsonPath().getMap(""));
            }
        }
        assertTrue(takeovers.stream().anyMatch(r -> r.statusCode() == 200));
        Set<String> accepted = new java.util.HashSet<>();
        for (Response r : news) {
            assertTrue(Set.of(200, 409).contains(r.statusCode()), r.asString());
            if (r.statusCode() == 200) {
                accepted.add(r.jsonPath().getString("checkout_request_id"));
            }
        }
        assertEquals(1, accepted.size());
        assertEquals(2, payments(m));
        assertEquals(770f, BalancesApiTest.available(m, "KES"));
        assertEquals(230f, BalancesApiTest.reserved(m, "KES"));
    }

    private static List<Response> race(Merchant m, String key, Map<String, Object> body, int n) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Response>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit((Callable<Response>) () -> {
                    go.await();
                    return post(m, key, body);
                }));
            }
            go.countDown();
            List<Response> out = new ArrayList<>();
            for (var f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_request_that_outlived_its_lease_cannot_record_its_change_once_the_key_was_taken_over() {
        long account = TestMerchants.onboard().accountId();
        String key = "lease-" + UUID.randomUUID();
        Instant t0 = Instant.now();
        var slow = (IdempotencyStore.Claim.Acquired) uow.inNewTransaction(
                () -> keys.claim(account, key, "fp", t0, t0.minusSeconds(60)));
        // two minutes later the slow request's lease has expired: another request takes the key over
        Instant t1 = t0.plusSeconds(120);
        var taker = (IdempotencyStore.Claim.Acquired) uow.inNewTransaction(
                () -> keys.claim(account, key, "fp", t1, t1.minusSeconds(60)));
        assertFalse(slow.leaseToken().equals(taker.leaseToken()));
        // the slow one's business transaction is refused its recovery point (so it rolls back); the taker's is not
        assertFalse(uow.inNewTransaction(() -> keys.recordRecoveryPoint(account, key, slow.leaseToken(), "payment", "1")));
        assertTrue(uow.inNewTransaction(() -> keys.recordRecoveryPoint(account, key, taker.leaseToken(), "payment", "2")));
        // a third request after the taker committed gets the taker's recovery point at once, without the lease
        // (no token: it answers from the recovery point and stores nothing)
        Instant t2 = t1.plusSeconds(1);
        var third = (IdempotencyStore.Claim.Acquired) uow.inNewTransaction(
                () -> keys.claim(account, key, "fp", t2, t2.minusSeconds(60)));
        assertEquals("payment", third.recoveryKind());
        assertEquals("2", third.recoveryRef());
        assertEquals(null, third.leaseToken());
        // releasing a key whose change committed keeps it (a retry must still answer that change)
        uow.inNewTransaction(() -> {
            keys.release(account, key, taker.leaseToken());
            return null;
        });
        var fourth = (IdempotencyStore.Claim.Acquired) uow.inNewTransaction(
                () -> keys.claim(account, key, "fp", t2, t2.minusSeconds(60)));
        assertEquals("2", fourth.recoveryRef());
        // another body with the same key is still 422 material, recovery point or not
        var other = uow.inNewTransaction(() -> keys.claim(account, key, "other", t2, t2.minusSeconds(60)));
        assertTrue(other instanceof IdempotencyStore.Claim.InFlight, other.toString());
    }
}
