package io.mizani.bootstrap.refund;

import io.mizani.application.refund.ProcessRefunds;
import io.mizani.bootstrap.ops.OutageLog;
import io.mizani.bootstrap.payment.PaymentSettings;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs the refund worker on every replica, on its own thread, as the payment worker runs: rounds back to back while
 * they find refunds due (at most 50 in a row), then a sleep of {@code mizani.payments.worker-poll-ms}. Claims use
 * {@code FOR UPDATE SKIP LOCKED} on per-refund leases, so replicas share the work and a restart loses nothing.
 */
@ApplicationScoped
public class RefundWorkers {

    private static final Logger LOG = Logger.getLogger(RefundWorkers.class);
    private static final int MAX_ROUNDS = 50;

    @Inject
    ProcessRefunds processRefunds;
    @Inject
    PaymentSettings settings;

    private volatile boolean stopping;
    private ScheduledExecutorService thread;
    private final OutageLog outage = new OutageLog("refund worker", LOG);

    void onStart(@Observes StartupEvent event) {
        if (!settings.workersEnabled()) {
            return;
        }
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mizani-refund-worker");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(10, settings.workerPollMs());
        thread.scheduleWithFixedDelay(this::drain, every, every, TimeUnit.MILLISECONDS);
    }

    void onStop(@Observes ShutdownEvent event) {
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
            for (int i = 0; i < MAX_ROUNDS && !stopping; i++) {
                if (processRefunds.runOnce() == 0) {
                    break;
                }
            }
            outage.succeeded();
        } catch (RuntimeException e) {
            if (!stopping) {
                outage.failed(e); // a database outage: one WARN when it starts, one INFO when it ends
            }
        }
    }
}
