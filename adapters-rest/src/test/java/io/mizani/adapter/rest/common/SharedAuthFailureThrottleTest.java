package io.mizani.adapter.rest.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.mizani.application.tenancy.FailedAuthentications;

/**
 * The throttle's shared layer with a table in memory standing in for PostgreSQL (the real table and its race are
 * tested in bootstrap's SharedAuthThrottleTest): failures on two replicas add up, and a database outage neither
 * blocks anyone new nor lifts a block.
 */
class SharedAuthFailureThrottleTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    /** The rule of {@link FailedAuthentications#add} on one clock, like the SQL upsert, without the concurrency. */
    static final class Table implements FailedAuthentications {
        final AtomicLong clock;
        final Map<String, Integer> counts = new HashMap<>();
        final Map<String, Long> blockedUntil = new HashMap<>();
        boolean down;
        int adds;

        Table(AtomicLong clock) {
            this.clock = clock;
        }

        @Override
        public synchronized long add(String address, int failures, Rule rule) {
            check();
            adds++;
            int n = counts.merge(address, failures, Integer::sum);
            if (n > rule.limit()) {
                counts.remove(address);
                blockedUntil.put(address, clock.get() + rule.block().toNanos());
            }
            return seconds(address);
        }

        @Override
        public synchronized Map<String, Long> blocked() {
            check();
            Map<String, Long> out = new HashMap<>();
            blockedUntil.keySet().forEach(a -> {
                if (seconds(a) > 0) {
                    out.put(a, seconds(a));
                }
            });
            return out;
        }

        @Override
        public int forget(Duration idle) {
            return 0;
        }

        private long seconds(String address) {
            long left = blockedUntil.getOrDefault(address, 0L) - clock.get();
            return left > 0 ? (left + 999_999_999L) / 1_000_000_000L : 0;
        }

        private void check() {
            if (down) {
                throw new IllegalStateException("Connection refused");
            }
        }
    }

    AuthFailureThrottle replica() {
        return new AuthFailureThrottle(20, Duration.ofMinutes(1), Duration.ofMinutes(1), now::get);
    }

    @Test
    void failures_on_two_replicas_add_up_to_one_block_seen_by_both() {
        Table table = new Table(now);
        AuthFailureThrottle a = replica();
        AuthFailureThrottle b = replica();
        for (int i = 0; i < 11; i++) {
            assertFalse(a.failure("198.51.100.7"));
        }
        for (int i = 0; i < 10; i++) {
            assertFalse(b.failure("198.51.100.7"));
        }
        assertEquals(0, a.blockedForSeconds("198.51.100.7"), "neither replica alone is past 20");
        a.sync(table);
        assertEquals(0, a.blockedForSeconds("198.51.100.7"), "11 in the table");
        b.sync(table);
        assertEquals(60, b.blockedForSeconds("198.51.100.7"), "the 21st failure in all blocks, on the replica that sent it");
        a.sync(table);
        assertEquals(60, a.blockedForSeconds("198.51.100.7"), "and on the other one at its next sync");
        assertEquals(0, a.blockedForSeconds("198.51.100.8"));
        assertEquals(0, a.pendingFailures());

        now.addAndGet(Duration.ofSeconds(61).toNanos());
        a.sync(table);
        assertEquals(0, a.blockedForSeconds("198.51.100.7"), "the block ends when the table's does");
    }

    @Test
    void a_database_outage_neither_blocks_anyone_nor_lifts_a_block_and_the_counts_arrive_afterwards() {
        Table table = new Table(now);
        AuthFailureThrottle a = replica();
        AuthFailureThrottle b = replica();
        for (int i = 0; i < 21; i++) {
            b.failure("203.0.113.1");
        }
        b.sync(table);
        a.sync(table);
        assertEquals(60, a.blockedForSeconds("203.0.113.1"));

        table.down = true;
        for (int i = 0; i < 15; i++) {
            a.failure("203.0.113.2");
        }
        now.addAndGet(Duration.ofSeconds(30).toNanos());
        assertThrows(IllegalStateException.class, () -> a.sync(table));
        assertEquals(30, a.blockedForSeconds("203.0.113.1"), "a block read before the outage runs to its end");
        assertEquals(0, a.blockedForSeconds("203.0.113.2"), "the outage blocks nobody");
        assertEquals(0, a.blockedForSeconds("192.0.2.1"));
        assertEquals(15, a.pendingFailures(), "unsent counts are kept");
        for (int i = 0; i < 6; i++) {
            a.failure("203.0.113.2");
        }
        assertTrue(a.blockedForSeconds("203.0.113.2") > 0, "the replica's own count still blocks: the gate stays shut");

        table.down = false;
        a.sync(table);
        assertEquals(0, a.pendingFailures(), "sent once the database is back");
        b.sync(table);
        assertEquals(60, b.blockedForSeconds("203.0.113.2"), "the 21 failures of the outage block on every replica");
    }
}
