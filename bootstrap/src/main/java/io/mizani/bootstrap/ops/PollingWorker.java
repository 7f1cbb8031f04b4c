package io.mizani.bootstrap.ops;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import org.jboss.logging.Logger;

/**
 * A background worker on one thread of its own: rounds back to back while they find work (at most
 * {@code maxRounds} in a row), a pause of {@code pollMs} after a round that found none. A failing round is logged
 * once per outage ({@link OutageLog}) and retried at the next poll; each pass beats the worker's heartbeat.
 */
public final class PollingWorker {

    private final String name;
    private final IntSupplier round;
    private final WorkerHeartbeats heartbeats;
    private final OutageLog outage;
    private final int maxRounds;
    private volatile boolean stopping;
    private ScheduledExecutorService thread;

    /**
     * @param name  the heartbeat's name and the thread's suffix ({@code mizani-<name>-worker})
     * @param round one round of work: how many items it handled (0: nothing to do)
     */
    public PollingWorker(String name, IntSupplier round, WorkerHeartbeats heartbeats, Logger log, int maxRounds) {
        this.name = name;
        this.round = round;
        this.heartbeats = heartbeats;
        this.outage = new OutageLog(name + " worker", log);
        this.maxRounds = maxRounds;
    }

    public void start(long pollMs) {
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mizani-" + name + "-worker");
            t.setDaemon(true);
            return t;
        });
        heartbeats.started(name);
        long every = Math.max(10, pollMs);
        thread.scheduleWithFixedDelay(this::drain, every, every, TimeUnit.MILLISECONDS);
    }

    public void stop() {
        stopping = true;
        if (thread != null) {
            thread.shutdown();
            try {
                thread.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thread.shutdownNow();
        }
    }

    private void drain() {
        try {
            for (int i = 0; i < maxRounds && !stopping; i++) {
                if (round.getAsInt() == 0) {
                    break;
                }
            }
            heartbeats.beat(name);
            outage.succeeded();
        } catch (RuntimeException e) {
            if (!stopping) {
                outage.failed(e);
            }
        }
    }
}
