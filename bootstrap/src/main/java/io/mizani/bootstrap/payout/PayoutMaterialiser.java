package io.mizani.bootstrap.payout;

import io.mizani.application.payout.PayoutBatchService;
import io.mizani.bootstrap.ops.PollingWorker;
import io.mizani.bootstrap.ops.WorkerHeartbeats;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Turns large approved payout batches into their payments on every replica, on one thread of its own
 * ({@link PayoutBatchService#materialiseNext}: one batch per transaction, claimed with {@code FOR UPDATE SKIP
 * LOCKED}, so two replicas never materialise the same batch). Rounds back to back while batches wait, a pause of
 * {@code mizani.payout-batches.materialiser-poll-ms} (200 ms) after a round that found none.
 */
@Singleton
public class PayoutMaterialiser {

    private static final Logger LOG = Logger.getLogger(PayoutMaterialiser.class);

    @Inject
    PayoutBatchService batches;
    @Inject
    WorkerHeartbeats heartbeats;

    @Inject
    PayoutBatchSettings settings;

    private PollingWorker worker;

    void onStart(@Observes StartupEvent event) {
        if (!settings.materialiserEnabled()) {
            return;
        }
        worker = new PollingWorker("payout-materialiser", batches::materialiseNext, heartbeats, LOG, 20);
        worker.start(settings.materialiserPollMs());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (worker != null) {
            worker.stop();
        }
    }
}
