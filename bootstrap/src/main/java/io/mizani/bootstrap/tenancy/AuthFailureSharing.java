package io.mizani.bootstrap.tenancy;

import java.time.Duration;

import org.jboss.logging.Logger;

import io.mizani.adapter.rest.common.AuthFailureThrottle;
import io.mizani.adapter.rest.common.EdgeGuard;
import io.mizani.application.tenancy.FailedAuthentications;
import io.mizani.bootstrap.ops.OutageLog;
import io.quarkus.scheduler.Scheduled;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

/**
 * Shares the failed-authentication counts of this replica's edge with every other replica through PostgreSQL
 * ({@link AuthFailureThrottle#sync}), every {@code mizani.edge.auth-sync-every} (1 s), on the scheduler's thread: the
 * event loop never waits for the database. A database outage is logged once (OutageLog) and changes no block.
 */
@Singleton
public class AuthFailureSharing {

    private static final Logger LOG = Logger.getLogger(AuthFailureSharing.class);
    /** Rows idle this long (no failure, no block running) are deleted. */
    static final Duration FORGET_AFTER = Duration.ofHours(1);

    @Inject
    EdgeGuard edge;
    @Inject
    FailedAuthentications table;

    private final OutageLog outage = new OutageLog("failed-authentication sharing", LOG);
    private long rounds;

    @Scheduled(every = "${mizani.edge.auth-sync-every:1s}", delayed = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sync() {
        AuthFailureThrottle throttle = edge.authFailures();
        if (throttle == null || !throttle.enabled()) {
            return;
        }
        try {
            throttle.sync(table);
            if (++rounds % 600 == 0) {
                table.forget(FORGET_AFTER);
            }
            outage.succeeded();
        } catch (RuntimeException e) {
            outage.failed(e);
        }
    }
}
