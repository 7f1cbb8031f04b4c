package io.mizani.bootstrap.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * One clock across replicas (issue 35): replicas whose machine clocks run 5 minutes fast and 5 minutes slow, aligned
 * to the same database, give the same time to within the sample's error; the database's clock is never taken from a
 * sample whose round trip was too long; a millisecond of noise does not move the clock.
 */
class ClockAlignmentTest {

    static final Instant DB_NOW = Instant.parse("2026-11-25T12:00:00.000000Z");

    /** A machine clock at a settable time that moves on by {@code step} at each reading (a round trip). */
    static final class Machine extends Clock {
        final AtomicReference<Instant> now;
        final Duration step;

        Machine(Instant start, Duration step) {
            this.now = new AtomicReference<>(start);
            this.step = step;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.getAndUpdate(t -> t.plus(step));
        }
    }

    static ClockAlignment alignment(AlignedClock clock, Instant database) {
        ClockAlignment a = new ClockAlignment();
        a.clock = clock;
        a.database = () -> database;
        a.warnSkew = Duration.ofSeconds(1);
        return a;
    }

    @Test
    void replicas_five_minutes_fast_and_five_minutes_slow_run_on_the_database_s_time() {
        // each reading of a machine clock takes 2 ms: the database is read in the middle of the round trip
        AlignedClock fast = new AlignedClock(new Machine(DB_NOW.plus(Duration.ofMinutes(5)).minusMillis(2), Duration.ofMillis(2)));
        AlignedClock slow = new AlignedClock(new Machine(DB_NOW.minus(Duration.ofMinutes(5)).minusMillis(2), Duration.ofMillis(2)));
        // before alignment each runs on its own machine's time: 10 minutes apart
        assertTrue(Duration.between(slow.instant(), fast.instant()).compareTo(Duration.ofMinutes(9)) > 0);
        assertTrue(alignment(fast, DB_NOW).align());
        assertTrue(alignment(slow, DB_NOW).align());
        assertTrue(fast.offset().plusMinutes(5).abs().compareTo(Duration.ofMillis(5)) < 0, "offset " + fast.offset());
        assertTrue(slow.offset().minusMinutes(5).abs().compareTo(Duration.ofMillis(5)) < 0, "offset " + slow.offset());
        Duration apart = Duration.between(slow.instant(), fast.instant()).abs();
        assertTrue(apart.compareTo(Duration.ofMillis(5)) < 0, "the two replicas agree to within 5 ms, not " + apart);
        // and the time shown is in microseconds, as stored
        assertEquals(0, fast.instant().getNano() % 1_000);
    }

    @Test
    void a_slow_round_trip_is_not_used_and_noise_does_not_move_the_clock() {
        AlignedClock clock = new AlignedClock(new Machine(DB_NOW, Duration.ofMillis(600)));
        assertFalse(alignment(clock, DB_NOW.plusSeconds(30)).align(), "a 1.2 s round trip says little about the offset");
        assertEquals(Duration.ZERO, clock.offset());

        AlignedClock steady = new AlignedClock(new Machine(DB_NOW, Duration.ZERO));
        assertTrue(alignment(steady, DB_NOW.plusMillis(1)).align());
        assertEquals(Duration.ZERO, steady.offset(), "a 1 ms difference is noise");
        assertTrue(alignment(steady, DB_NOW.plusMillis(40)).align());
        assertEquals(Duration.ofMillis(40), steady.offset());
    }

    @Test
    void a_database_that_cannot_be_reached_leaves_the_offset_as_it_was() {
        AlignedClock clock = new AlignedClock(new Machine(DB_NOW, Duration.ZERO));
        assertTrue(alignment(clock, DB_NOW.plusSeconds(7)).align());
        ClockAlignment down = alignment(clock, DB_NOW);
        down.database = () -> {
            throw new IllegalStateException("connection refused");
        };
        assertFalse(down.align());
        assertEquals(Duration.ofSeconds(7), clock.offset());
    }
}
