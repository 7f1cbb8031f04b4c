package io.mizani.bootstrap.statement;

import io.mizani.application.statement.BuildStatements;
import io.mizani.bootstrap.ops.PollingWorker;
import io.mizani.bootstrap.ops.WorkerHeartbeats;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;


/**
 * Builds statements on every replica, on one thread of its own: rounds back to back while they find work, a pause of
 * {@code mizani.statements.worker-poll-ms} after a round that found none. One build at a time per replica (a build
 * streams the whole period; two replicas build two statements at once).
 */
@Singleton
public class StatementWorker {

    private static final Logger LOG = Logger.getLogger(StatementWorker.class);

    @Inject
    BuildStatements builder;
    @Inject
    StatementSettings settings;
    @Inject
    WorkerHeartbeats heartbeats;

    private PollingWorker worker;

    void onStart(@Observes StartupEvent event) {
        if (!settings.workerEnabled()) {
            return;
        }
        worker = new PollingWorker("statement", builder::runOnce, heartbeats, LOG, 50);
        worker.start(settings.workerPollMs());
    }

    void onStop(@Observes ShutdownEvent event) {
        if (worker != null) {
            worker.stop();
        }
    }
}
