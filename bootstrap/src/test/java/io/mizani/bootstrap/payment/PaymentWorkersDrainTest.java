package io.mizani.bootstrap.payment;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A worker thread's drain: rounds back to back while they find anything due, not only while they come back full
 * (sleeping after every partial round capped a busy replica at one batch per round plus the poll pause).
 */
class PaymentWorkersDrainTest {

    @Test
    void rounds_follow_each_other_while_they_find_work_and_stop_at_the_first_empty_one() {
        var claimed = new ArrayDeque<>(List.of(7, 3, 1, 0, 9));
        assertEquals(4, PaymentWorkers.drainRounds(claimed::pop, () -> false), "7, 3, 1 partial rounds, then 0");
        assertEquals(List.of(9), List.copyOf(claimed), "the next drain starts after the poll pause");
    }

    @Test
    void a_busy_replica_pauses_after_fifty_rounds_and_a_stopping_one_at_once() {
        assertEquals(50, PaymentWorkers.drainRounds(() -> 100, () -> false));
        assertEquals(0, PaymentWorkers.drainRounds(() -> 100, () -> true));
    }
}
