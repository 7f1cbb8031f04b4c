package io.mizani.bootstrap.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.common.UnitOfWork;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;

/**
 * Two transactions that lock the same two rows in opposite orders: PostgreSQL aborts one as the deadlock victim
 * (40P01). The unit of work runs the victim again, so both complete, and each one's writes are applied exactly once
 * (the aborted run's were rolled back). The CI run of 2026-11-25 failed on such a victim: a payment's finalisation.
 */
@QuarkusTest
class DeadlockRetryTest {

    @Inject
    Sql sql;
    @Inject
    UnitOfWork unitOfWork;

    /** Two threads of its own: the common pool has one on a 2-core machine, and the two must run at once. */
    private final ExecutorService threads = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @BeforeEach
    void table() {
        sql.use(h -> h.execute("create table if not exists deadlock_probe (id int primary key, n int not null)"));
        sql.use(h -> h.execute("truncate deadlock_probe"));
        sql.use(h -> h.execute("insert into deadlock_probe (id, n) values (1, 0), (2, 0)"));
    }

    @Test
    void the_victim_of_a_deadlock_is_run_again_and_both_transactions_apply_once() throws Exception {
        CyclicBarrier bothHoldTheirFirstRow = new CyclicBarrier(2);
        AtomicInteger runs = new AtomicInteger();
        var one = CompletableFuture.runAsync(() -> lockInOrder(1, 2, bothHoldTheirFirstRow, runs, new AtomicInteger()), threads);
        var two = CompletableFuture.runAsync(() -> lockInOrder(2, 1, bothHoldTheirFirstRow, runs, new AtomicInteger()), threads);
        one.get(30, TimeUnit.SECONDS);
        two.get(30, TimeUnit.SECONDS);
        assertEquals(3, runs.get(), "two transactions and one run again after the deadlock");
        assertEquals(List.of(2, 2), sql.with(h -> h.createQuery("select n from deadlock_probe order by id")
                .mapTo(Integer.class).list()));
    }

    @Test
    void a_transaction_joined_by_an_inner_unit_of_work_is_retried_as_a_whole_by_the_outer_one() throws Exception {
        CyclicBarrier bothHoldTheirFirstRow = new CyclicBarrier(2);
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger outerRuns = new AtomicInteger();
        AtomicInteger oneRuns = new AtomicInteger();
        AtomicInteger twoRuns = new AtomicInteger();
        var one = CompletableFuture.runAsync(() -> unitOfWork.run(() -> {
            outerRuns.incrementAndGet();
            lockInOrder(1, 2, bothHoldTheirFirstRow, runs, oneRuns);
        }), threads);
        var two = CompletableFuture.runAsync(() -> unitOfWork.run(() -> {
            outerRuns.incrementAndGet();
            lockInOrder(2, 1, bothHoldTheirFirstRow, runs, twoRuns);
        }), threads);
        one.get(30, TimeUnit.SECONDS);
        two.get(30, TimeUnit.SECONDS);
        assertEquals(3, outerRuns.get(), "the outer transaction is what runs again");
        assertEquals(3, runs.get());
        assertEquals(List.of(2, 2), sql.with(h -> h.createQuery("select n from deadlock_probe order by id")
                .mapTo(Integer.class).list()));
    }

    /** Adds one to {@code first}, waits (first run only) until the other holds its first row, adds one to {@code second}. */
    private void lockInOrder(int first, int second, CyclicBarrier barrier, AtomicInteger runs, AtomicInteger mine) {
        unitOfWork.run(() -> {
            runs.incrementAndGet();
            sql.use(h -> h.createUpdate("update deadlock_probe set n = n + 1 where id = :id").bind("id", first).execute());
            if (mine.getAndIncrement() == 0) {
                try {
                    barrier.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            sql.use(h -> h.createUpdate("update deadlock_probe set n = n + 1 where id = :id").bind("id", second).execute());
        });
    }
}
