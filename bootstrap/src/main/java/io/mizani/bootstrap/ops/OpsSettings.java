package io.mizani.bootstrap.ops;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Operations settings: metrics refresh and the workers' liveness threshold. */
@ConfigMapping(prefix = "mizani.ops")
public interface OpsSettings {

    /** How often the business gauges are read from the database (a Quarkus scheduler period, e.g. {@code 15s}). */
    @WithDefault("15s")
    String metricsEvery();

    /** A worker silent this long while work is due for it fails liveness. */
    @WithDefault("PT2M")
    Duration workerStall();
}
