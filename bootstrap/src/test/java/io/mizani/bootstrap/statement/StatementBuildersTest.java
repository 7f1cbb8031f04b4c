package io.mizani.bootstrap.statement;

import io.mizani.bootstrap.support.DrivenWorkers;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.statement.StatementBuilder;
import io.mizani.application.statement.StatementStore;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Builders against the real PostgreSQL, several at once as on several replicas. This profile switches the replica's
 * own statement worker off, so the test is every builder there is: racing builders build a statement once, a claim
 * whose builder died is taken over when its lease runs out (and the dead claim can no longer complete it), and a
 * builder still working past its lease keeps the statement (its row lock), so no second builder starts.
 */
@QuarkusTest
@TestProfile(DrivenWorkers.class)
class StatementBuildersTest {

    @Inject
    StatementBuilder builder;
    @Inject
    StatementStore store;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    DataSource dataSource;

    /** A merchant with some entries today and a statement of today, processing. */
    private String newStatement(Merchant m) {
        for (int i = 0; i < 20; i++) {
            StatementsApiTest.adjust(m, "KES", new BigDecimal(100 + i), "r-" + i, "seed").then().statusCode(200);
        }
        return m.as().body(Map.of("currency", "KES", "from", StatementsApiTest.LocalDateToday(),
                        "to", StatementsApiTest.LocalDateToday()))
                .post("/api/global/statements").then().statusCode(202).extract().path("statement.id");
    }

    /** Builds everything due (other tests' statements too), as idle replicas would. */
    private void drain() {
        for (int i = 0; i < 100 && builder.runOnce() > 0; i++) {
            // next
        }
    }

    @Test
    void racing_builders_build_a_statement_once() throws Exception {
        drain();
        Merchant m = TestMerchants.onboard();
        String id = newStatement(m);
        int builders = 6;
        ExecutorService pool = Executors.newFixedThreadPool(builders);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Integer>> rounds = new ArrayList<>();
            for (int i = 0; i < builders; i++) {
                rounds.add(pool.submit(() -> {
                    go.await();
                    return builder.runOnce();
                }));
            }
            go.countDown();
            int claimed = 0;
            for (Future<Integer> f : rounds) {
                claimed += f.get(60, TimeUnit.SECONDS);
            }
            assertEquals(1, claimed, "one builder claimed it, the others found nothing");
        } finally {
            pool.shutdownNow();
        }
        assertEquals("completed", column(id, "status"));
        assertEquals("1", column(id, "attempts"), "claimed once");
        assertEquals("1", count("SELECT count(*) FROM events WHERE account_id = ? AND event_type = 'statement.completed'",
                m.accountId()), "one statement.completed event");
        assertEquals("1", count("SELECT count(*) FROM statement_chunks WHERE statement_id = ?::uuid", id));
        StatementsApiTest.awaitCompleted(m, id);
    }

    @Test
    void a_claim_whose_builder_died_is_taken_over_when_its_lease_runs_out() throws Exception {
        drain();
        Merchant m = TestMerchants.onboard();
        String id = newStatement(m);
        // a builder claims it with a 1-second lease and dies before building
        List<StatementStore.Claim> dead = unitOfWork.inNewTransaction(() -> store.claim(Duration.ofSeconds(1), 10));
        StatementStore.Claim deadClaim = dead.stream().filter(c -> c.id().toString().equals(id)).findFirst().orElseThrow();
        assertEquals(0, builder.runOnce(), "within the lease nobody else takes it");
        assertEquals("processing", column(id, "status"));
        Thread.sleep(1_200);
        assertEquals(1, builder.runOnce(), "after the lease another builder takes it over");
        assertEquals("completed", column(id, "status"));
        assertEquals("2", column(id, "attempts"));
        // the dead builder, back to life, can neither start nor complete it
        assertFalse(unitOfWork.inNewTransaction(() -> store.beginBuild(deadClaim)));
        assertThrows(IllegalStateException.class, () -> unitOfWork.inNewTransaction(() -> store.complete(deadClaim,
                io.mizani.domain.statement.StatementTotals.opening(io.mizani.domain.common.Money.zero("KES")),
                "0".repeat(64), 0, Duration.ofHours(24))));
        StatementsApiTest.awaitCompleted(m, id);
    }

    @Test
    void a_builder_working_past_its_lease_keeps_the_statement() throws Exception {
        drain();
        Merchant m = TestMerchants.onboard();
        String id = newStatement(m);
        StatementStore.Claim slow = unitOfWork.inNewTransaction(() -> store.claim(Duration.ofMillis(300), 10)).stream()
                .filter(c -> c.id().toString().equals(id)).findFirst().orElseThrow();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            // the slow builder: its build transaction holds the row while it works
            Future<Boolean> building = pool.submit(() -> unitOfWork.inNewTransaction(() -> {
                boolean mine = store.beginBuild(slow);
                started.countDown();
                try {
                    finish.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return mine;
            }));
            assertTrue(started.await(10, TimeUnit.SECONDS));
            Thread.sleep(600); // its lease has run out meanwhile
            assertEquals(0, builder.runOnce(), "a second builder does not start while the first still works");
            assertEquals("1", column(id, "attempts"));
            finish.countDown();
            assertTrue(building.get(30, TimeUnit.SECONDS));
        } finally {
            finish.countDown();
            pool.shutdownNow();
        }
        // the slow one ended without completing (as if it had crashed): the next builder takes it over
        assertEquals(1, builder.runOnce());
        assertEquals("completed", column(id, "status"));
        assertEquals("2", column(id, "attempts"));
    }

    private String column(String id, String column) throws Exception {
        return count("SELECT " + column + "::text FROM statements WHERE id = ?::uuid", id);
    }

    private String count(String sql, Object arg) throws Exception {
        try (Connection c = dataSource.getConnection(); var ps = c.prepareStatement(sql)) {
            ps.setObject(1, arg);
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return rs.getString(1);
            }
        }
    }
}
