package io.mizani.bootstrap.payout;

import io.mizani.application.payout.PayoutBatchService;
import io.mizani.bootstrap.ops.PollingWorker;
import io.mizani.bootstrap.ops.WorkerHeartbeats;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Turns large approved payout batches into their payments on every replica, on one thread of its own
 * ({@link PayoutBatchService#materialiseNext}: one batch per transaction, claimed with {@code FOR UPDATE SKIP
 * LOCKED}, so two replicas never materialise the same batch). Rounds back to back while batches wait, a pause of
 * {@code mizani.payout-batches.materialiser-poll-ms} after a round that found none.
 */
@ApplicationScoped
public class PayoutMaterialiser {

    private static final Logger LOG = Logger.getLogger(PayoutMaterialiser.class);

    @Inject
    PayoutBatchService batches;
    @Inject
    WorkerHeartbeats heartbeats;

    /** Whether this replica materialises batches (every replica does; tests that drive it switch it off). */
    @ConfigProperty(name = "mizani.payout-batches.materialiser-enabled", defaultValue = "true")
    boolean enabled;

    @ConfigProperty(name = "mizani.payout-batches.materialiser-poll-ms", defaultValue = "200")
    long pollMs;

    private PollingWorker worker;

    void onStart(@Observes StartupEvent event) {
        if (!enabled) {
            return;
        }
        worker = new PollingWorker("payout-materialiser", batches::materialiseNext, heartbeats, LOG, 20);
        worker.start(pollMs);
    }

    void onStop(@Observes ShutdownEvent event) {
        if (worker != null) {
            worker.stop();
        }
    }
}
