package io.mizani.bootstrap.ops;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

/**
 * When each background worker last finished a round. A worker whose thread died (an Error ends a scheduled task
 * silently) or hangs (a provider call that never returns) stops beating; {@link WorkersLivenessCheck} then
 * restarts the pod if work is waiting for it.
 */
@Singleton
public class WorkerHeartbeats {

    private final Map<String, Instant> last = new ConcurrentHashMap<>();
    private final Clock clock;

    public WorkerHeartbeats() {
        this(io.mizani.bootstrap.common.CommonWiring.STORED);
    }

    WorkerHeartbeats(Clock clock) {
        this.clock = clock;
    }

    /** Called by a worker after a round that reached the database and completed. */
    public void beat(String worker) {
        last.put(worker, clock.instant());
    }

    /** Registers a worker at start, so one that never completes a round is noticed too. */
    public void started(String worker) {
        last.putIfAbsent(worker, clock.instant());
    }

    /** Workers silent for longer than {@code stall}, with how long. */
    public Map<String, Duration> silentLongerThan(Duration stall) {
        Instant now = clock.instant();
        Map<String, Duration> out = new java.util.TreeMap<>();
        last.forEach((worker, at) -> {
            Duration silent = Duration.between(at, now);
            if (silent.compareTo(stall) > 0) {
                out.put(worker, silent);
            }
        });
        return out;
    }
}
