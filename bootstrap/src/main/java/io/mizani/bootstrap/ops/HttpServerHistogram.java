package io.mizani.bootstrap.ops;

import java.util.Arrays;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * Histogram buckets for the HTTP server timer, so that {@code http_server_requests_seconds_bucket} is exported and a
 * p95 can be computed across replicas ({@code histogram_quantile(0.95, sum by (le, uri) (rate(..._bucket[5m])))}).
 * Quarkus has no setting for it; a {@link MeterFilter} bean is how its Micrometer extension takes one. Fixed
 * boundaries (12 of them, 5 ms to 30 s) rather than Micrometer's percentile histogram (about 70 per series), because
 * the series are per method, uri and status already.
 */
@Singleton
public class HttpServerHistogram {

    static final String METER = "http.server.requests";

    static final double[] BOUNDARIES_SECONDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};

    @Produces
    @Singleton
    MeterFilter httpServerBuckets() {
        double[] nanos = Arrays.stream(BOUNDARIES_SECONDS).map(s -> s * 1e9).toArray(); // timers count nanoseconds
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (!METER.equals(id.getName())) {
                    return config;
                }
                return DistributionStatisticConfig.builder().serviceLevelObjectives(nanos).build().merge(config);
            }
        };
    }
}
