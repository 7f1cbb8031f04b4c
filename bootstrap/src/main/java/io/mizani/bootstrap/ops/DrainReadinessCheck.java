package io.mizani.bootstrap.ops;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

import io.mizani.adapter.rest.common.Drain;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

/** {@code /q/health/ready} is DOWN from the moment SIGTERM is received (Drain), whatever the shutdown delay. */
@Readiness
@Singleton
public class DrainReadinessCheck implements HealthCheck {

    @Inject
    Drain drain;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("Accepting requests").status(!drain.stopping()).build();
    }
}
