package io.mizani.bootstrap.statement;

import io.mizani.application.statement.BuildStatements;
import io.mizani.bootstrap.ops.OutageLog;
import io.mizani.bootstrap.ops.WorkerHeartbeats;
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
 * Builds statements on every replica, on one thread of its own: rounds back to back while they find work, a pause of
 * {@code mizani.statements.worker-poll-ms} after a round that found none. One build at a time per replica (a build
 * streams the whole period; two replicas build two statements at once).
 */
@ApplicationScoped
public class StatementWorker {

    private static final Logger LOG = Logger.getLogger(StatementWorker.class);

    @Inject
    BuildStatements builder;
    @Inject
    StatementSettings settings;
    @Inject
    WorkerHeartbeats heartbeats;

    private volatile boolean stopping;
    private ScheduledExecutorService thread;
    private final OutageLog outage = new OutageLog("statement worker", LOG);

    void onStart(@Observes StartupEvent event) {
        if (!settings.workerEnabled()) {
            return;
        }
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mizani-statement-worker");
            t.setDaemon(true);
            return t;
        });
        heartbeats.started("statement");
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
            for (int i = 0; i < 50 && !stopping; i++) {
                if (builder.runOnce() == 0) {
                    break;
                }
            }
            heartbeats.beat("statement");
            outage.succeeded();
        } catch (RuntimeException e) {
            if (!stopping) {
                outage.failed(e);
            }
        }
    }
}
