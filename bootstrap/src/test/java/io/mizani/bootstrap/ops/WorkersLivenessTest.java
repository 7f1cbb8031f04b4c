package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import org.eclipse.microprofile.health.HealthCheckResponse;
import org.junit.jupiter.api.Test;

/** Liveness turns DOWN only for a silent worker with work due; a database that cannot be read restarts nothing. */
class WorkersLivenessTest {

    private static final Duration STALL = Duration.ofMinutes(2);

    static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void a_worker_that_keeps_finishing_rounds_is_alive_whatever_the_backlog() {
        MutableClock clock = new MutableClock();
        WorkerHeartbeats beats = new WorkerHeartbeats(clock);
        beats.started("payment");
        for (int i = 0; i < 10; i++) {
            clock.now = clock.now.plusSeconds(60);
            beats.beat("payment");
        }
        assertEquals(HealthCheckResponse.Status.UP,
                WorkersLivenessCheck.judge(beats.silentLongerThan(STALL), w -> 1000).getStatus());
    }

    @Test
    void a_silent_worker_with_work_due_fails_liveness_and_without_work_does_not() {
        MutableClock clock = new MutableClock();
        WorkerHeartbeats beats = new WorkerHeartbeats(clock);
        beats.started("payment");
        beats.started("callback");
        clock.now = clock.now.plus(STALL).plusSeconds(1);
        beats.beat("payment");

        Map<String, Duration> silent = beats.silentLongerThan(STALL);
        assertEquals(Map.of("callback", STALL.plusSeconds(1)), silent);
        HealthCheckResponse due = WorkersLivenessCheck.judge(silent, w -> w.equals("callback") ? 3 : 0);
        assertEquals(HealthCheckResponse.Status.DOWN, due.getStatus());
        assertEquals("no round finished for 121 s while 3 item(s) are due", due.getData().get().get("callback"));

        assertEquals(HealthCheckResponse.Status.UP, WorkersLivenessCheck.judge(silent, w -> 0).getStatus(),
                "an idle worker is not a stuck one");
        assertEquals(HealthCheckResponse.Status.UP, WorkersLivenessCheck.judge(silent, w -> -1).getStatus(),
                "backlog unreadable (database down): readiness handles it, liveness does not restart");
    }
}
