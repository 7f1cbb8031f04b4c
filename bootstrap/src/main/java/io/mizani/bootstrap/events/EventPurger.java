package io.mizani.bootstrap.events;

import io.mizani.application.events.PurgeEvents;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Deletes events past their retention ({@code mizani.events.retention}) every {@code mizani.events.purge-every}
 * on every replica (batches claimed with FOR UPDATE SKIP LOCKED, so replicas never collide).
 */
@Singleton
public class EventPurger {

    private static final Logger LOG = Logger.getLogger(EventPurger.class);

    @Inject
    PurgeEvents purgeEvents;
    @Inject
    EventSettings settings;

    private ScheduledExecutorService thread;
    private final io.mizani.bootstrap.ops.OutageLog outage = new io.mizani.bootstrap.ops.OutageLog("event purge", LOG);

    void onStart(@Observes StartupEvent event) {
        if (!settings.purgeEnabled()) {
            return;
        }
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "mizani-event-purge");
            t.setDaemon(true);
            return t;
        });
        long period = Math.max(1000, settings.purgeEvery().toMillis());
        thread.scheduleWithFixedDelay(this::purge, period, period, TimeUnit.MILLISECONDS);
    }

    void purge() {
        try {
            int n = purgeEvents.runOnce();
            if (n > 0) {
                LOG.infof("purged %d events older than %s", n, purgeEvents.retention());
            }
            outage.succeeded();
        } catch (RuntimeException e) {
            outage.failed(e); // a database outage: one WARN when it starts, one INFO when it ends
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        if (thread != null) {
            thread.shutdownNow();
        }
    }
}
