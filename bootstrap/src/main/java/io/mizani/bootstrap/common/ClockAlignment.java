package io.mizani.bootstrap.common;

import java.time.Duration;
import java.time.Instant;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.mizani.application.common.DatabaseTime;
import io.mizani.bootstrap.ops.OutageLog;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.annotation.Priority;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Aligns the service's clock ({@link CommonWiring#STORED}, an {@link AlignedClock}) to the database's: at start,
 * before the workers (observer priority 1), and every {@code mizani.clock.align-every} (10 s) after. One sample is
 * {@code clock_timestamp()} read between two readings of this machine's clock; the offset is the database's time
 * less the middle of the round trip, so it is right to within half the round trip (a sample whose round trip took
 * over {@link #MAX_ROUND_TRIP} is not used). A change under {@link #NOISE} is not applied (the clock does not jitter
 * back and forth by a millisecond every 10 s). An offset over {@code mizani.clock.warn-skew} (1 s) is logged once
 * each time it changes by more than that, and exported as {@code mizani_clock_offset_seconds}.
 * ({@code mizani.clock.*}: MIZANI_CLOCK_WARN_SKEW, MIZANI_CLOCK_ALIGN_EVERY.)
 */
@Singleton
public class ClockAlignment {

    private static final Logger LOG = Logger.getLogger(ClockAlignment.class);
    static final Duration MAX_ROUND_TRIP = Duration.ofMillis(500);
    static final Duration NOISE = Duration.ofMillis(2);

    @Inject
    DatabaseTime database;
    @Inject
    MeterRegistry registry;
    @Inject
    MizaniSettings settings;
    Duration warnSkew = Duration.ofSeconds(1);

    private final OutageLog outage = new OutageLog("clock alignment to the database", LOG);
    private Duration lastWarned = Duration.ZERO;
    /** The clock aligned: the service's (a test gives its own). */
    AlignedClock clock = (AlignedClock) CommonWiring.STORED;

    void atStart(@Observes @Priority(1) StartupEvent start) {
        warnSkew = settings.clock().warnSkew();
        Gauge.builder("mizani_clock_offset_seconds", this, a -> a.clock.offset().toNanos() / 1e9)
                .description("The database's clock minus this replica's machine clock, as applied to the service's clock")
                .register(registry);
        for (int attempt = 0; attempt < 3; attempt++) {
            if (align()) {
                return;
            }
        }
    }

    @Scheduled(every = "${mizani.clock.align-every:10s}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void periodically() {
        align();
    }

    /** One sample; true when it was used. */
    boolean align() {
        try {
            Instant before = clock.machineInstant();
            Instant db = database.now();
            Instant after = clock.machineInstant();
            outage.succeeded();
            Duration roundTrip = Duration.between(before, after);
            if (roundTrip.isNegative() || roundTrip.compareTo(MAX_ROUND_TRIP) > 0) {
                return false;
            }
            Duration offset = Duration.between(before.plus(roundTrip.dividedBy(2)), db);
            if (offset.minus(clock.offset()).abs().compareTo(NOISE) > 0) {
                clock.offset(offset);
            }
            if (offset.abs().compareTo(warnSkew) > 0 && offset.minus(lastWarned).abs().compareTo(warnSkew) > 0) {
                lastWarned = offset;
                LOG.warnf("this machine's clock differs from the database's by %d ms: the service runs on the "
                        + "database's time (docs/operations.md \"Clocks\"); fix the machine's time synchronisation",
                        offset.toMillis());
            }
            return true;
        } catch (RuntimeException e) {
            outage.failed(e);
            return false;
        }
    }
}
