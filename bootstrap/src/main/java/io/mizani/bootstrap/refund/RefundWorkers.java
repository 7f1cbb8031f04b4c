package io.mizani.bootstrap.refund;

import io.mizani.application.refund.ProcessRefunds;
import io.mizani.bootstrap.ops.PollingWorker;
import io.mizani.bootstrap.ops.WorkerHeartbeats;
import io.mizani.bootstrap.payment.PaymentSettings;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;


/**
 * Runs the refund worker on every replica, on its own thread, as the payment worker runs: rounds back to back while
 * they find refunds due (at most 50 in a row), then a sleep of {@code mizani.payments.worker-poll-ms}. Claims use
 * {@code FOR UPDATE SKIP LOCKED} on per-refund leases, so replicas share the work and a restart loses nothing.
 */
@Singleton
public class RefundWorkers {

    private static final Logger LOG = Logger.getLogger(RefundWorkers.class);
    private static final int MAX_ROUNDS = 50;

    @Inject
    ProcessRefunds processRefunds;
    @Inject
    PaymentSettings settings;

    @Inject
    WorkerHeartbeats heartbeats;

    private PollingWorker worker;

    void onStart(@Observes StartupEvent event) {
        if (!settings.workersEnabled()) {
            return;
        }
        // a database outage: one WARN when it starts, one INFO when it ends (PollingWorker's OutageLog)
        worker = new PollingWorker("refund", processRefunds::runOnce, heartbeats, LOG, MAX_ROUNDS);
        worker.start(settings.workerPollMs());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (worker != null) {
            worker.stop();
        }
    }
}
