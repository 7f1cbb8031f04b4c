package io.mizani.bootstrap.ops;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;

import jakarta.inject.Singleton;
import jakarta.inject.Inject;

/**
 * {@code /q/health/live} is DOWN when a payment or callback worker has not finished a round for
 * {@code mizani.ops.worker-stall} (default 2 minutes) while work is due for it: the pod is restarted and another
 * replica (or the new pod) picks the work up. A database outage is not a reason to restart (readiness covers it):
 * when the backlog cannot be read, the check stays UP.
 */
@Liveness
@Singleton
public class WorkersLivenessCheck implements HealthCheck {

    @Inject
    WorkerHeartbeats heartbeats;
    @Inject
    WorkBacklog backlog;
    @Inject
    OpsSettings settings;

    @Override
    public HealthCheckResponse call() {
        return judge(heartbeats.silentLongerThan(settings.workerStall()), worker -> {
            try {
                return backlog.due(worker).count();
            } catch (SQLException | RuntimeException e) {
                return -1L;
            }
        });
    }

    static HealthCheckResponse judge(Map<String, Duration> silent, java.util.function.ToLongFunction<String> due) {
        HealthCheckResponseBuilder b = HealthCheckResponse.named("background workers").up();
        for (var e : silent.entrySet()) {
            long waiting = due.applyAsLong(e.getKey());
            if (waiting > 0) {
                b.down().withData(e.getKey(), "no round finished for " + e.getValue().toSeconds() + " s while "
                        + waiting + " item(s) are due");
            }
        }
        return b.build();
    }
}
