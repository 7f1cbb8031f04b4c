package io.mizani.bootstrap.payment;

import io.mizani.application.payment.DeliverCallbacks;
import io.mizani.application.payment.ProcessPayments;
import io.mizani.bootstrap.ops.WorkerHeartbeats;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import io.mizani.bootstrap.ops.OutageLog;
import org.jboss.logging.Logger;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Runs the payment worker and the callback worker on every replica, each on its own thread: rounds follow each
 * other back to back while they find anything due (at most 50 in a row), and only a round that found nothing lets
 * the thread sleep {@code mizani.payments.worker-poll-ms} (100 ms). Sleeping after every round that was not a full
 * batch capped a busy replica at one batch per round plus 100 ms: a payment is claimed twice (to send it, then to
 * ask about it), so processing fell behind acceptance (docs/performance.md). Claims use {@code FOR UPDATE SKIP LOCKED}, so replicas share the work without double processing.
 * (The Quarkus scheduler checks its triggers once a second, too coarse for a 2-second settle delay.)
 */
@Singleton
public class PaymentWorkers {

    private static final Logger LOG = Logger.getLogger(PaymentWorkers.class);
    private static final int MAX_ROUNDS = 50;

    @Inject
    ProcessPayments processPayments;
    @Inject
    DeliverCallbacks deliverCallbacks;
    @Inject
    PaymentSettings settings;
    @Inject
    WorkerHeartbeats heartbeats;

    private volatile boolean stopping;
    private ScheduledExecutorService threads;
    private final java.util.Map<String, OutageLog> outages = new java.util.concurrent.ConcurrentHashMap<>();

    void onStart(@Observes StartupEvent event) {
        threads = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "mizani-payment-worker");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(10, settings.workerPollMs());
        if (settings.workersEnabled()) {
            heartbeats.started("payment");
            threads.scheduleWithFixedDelay(() -> drain("payment", processPayments::runOnce), every, every,
                    TimeUnit.MILLISECONDS);
            if (settings.callbacksEnabled()) {
                heartbeats.started("callback");
                threads.scheduleWithFixedDelay(() -> drain("callback", deliverCallbacks::runOnce), every, every,
                        TimeUnit.MILLISECONDS);
            }
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
        if (threads != null) {
            threads.shutdown();
            try {
                threads.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            threads.shutdownNow();
            if (settings.workersEnabled()) {
                givenBack();
            }
        }
    }

    /** What this replica's payment worker still held in memory, given back for any replica to take at once. */
    private void givenBack() {
        try {
            int given = processPayments.giveBackWaiting();
            if (given > 0) {
                LOG.infof("payment worker stopping: %d payments given back", given);
            }
        } catch (RuntimeException e) {
            // the database is gone too: their leases end on their own, and the payments are then only queried
            LOG.warnf("payment worker stopping: payments not given back (%s); their leases end on their own",
                    e.getMessage());
        }
    }

    private void drain(String what, IntSupplier round) {
        OutageLog outage = outages.computeIfAbsent(what, w -> new OutageLog(w + " worker", LOG));
        try {
            drainRounds(round, () -> stopping);
            heartbeats.beat(what);
            outage.succeeded();
        } catch (RuntimeException e) {
            if (!stopping) {
                outage.failed(e); // a database outage: one WARN when it starts, one INFO when it ends
            }
        }
    }

    /**
     * Runs rounds back to back while they find work, at most {@code MAX_ROUNDS}, until one finds nothing or the
     * replica stops; returns how many ran.
     */
    static int drainRounds(IntSupplier round, java.util.function.BooleanSupplier stopping) {
        int ran = 0;
        while (ran < MAX_ROUNDS && !stopping.getAsBoolean()) {
            ran++;
            if (round.getAsInt() == 0) {
                break;
            }
        }
        return ran;
    }
}
