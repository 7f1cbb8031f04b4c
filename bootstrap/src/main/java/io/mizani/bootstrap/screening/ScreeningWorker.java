package io.mizani.bootstrap.screening;

import io.mizani.application.screening.ScreeningService;
import io.mizani.bootstrap.common.MizaniSettings;
import io.mizani.bootstrap.ops.PollingWorker;
import io.mizani.bootstrap.ops.WorkerHeartbeats;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Runs the screening look-back on every replica (platform.md section 20): a loaded list version's pending look-back
 * is taken a chunk of beneficiaries at a time, each chunk one transaction holding the version's row (SKIP LOCKED), so
 * replicas share the work and a killed one loses nothing but its uncommitted chunk.
 */
@Singleton
public class ScreeningWorker {

    private static final Logger LOG = Logger.getLogger(ScreeningWorker.class);

    @Inject
    ScreeningService screening;
    @Inject
    MizaniSettings settings;
    @Inject
    WorkerHeartbeats heartbeats;

    private PollingWorker worker;

    void onStart(@Observes StartupEvent event) {
        worker = new PollingWorker("screening", screening::lookbackOnce, heartbeats, LOG, 1000);
        worker.start(settings.screeningLookbackPollMs());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (worker != null) {
            worker.stop();
        }
    }
}
