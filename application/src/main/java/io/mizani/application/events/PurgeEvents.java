package io.mizani.application.events;

import io.mizani.application.common.UnitOfWork;

import java.time.Clock;
import java.time.Duration;

/**
 * Deletes events (with their attempts) older than the retention, which is never under the contract's 30 days.
 * Events still pending are kept whatever their age. Batches of {@code batch} rows, one short transaction each.
 */
public final class PurgeEvents {

    public static final Duration MINIMUM_RETENTION = Duration.ofDays(30);

    private final EventStore store;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final Duration retention;
    private final int batch;

    public PurgeEvents(EventStore store, UnitOfWork unitOfWork, Clock clock, Duration retention, int batch) {
        this.store = store;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.retention = retention.compareTo(MINIMUM_RETENTION) < 0 ? MINIMUM_RETENTION : retention;
        this.batch = batch;
    }

    public Duration retention() {
        return retention;
    }

    /** Returns how many events were deleted. */
    public int runOnce() {
        var before = clock.instant().minus(retention);
        int total = 0;
        int n;
        do {
            n = unitOfWork.inTransaction(() -> store.purge(before, batch));
            total += n;
        } while (n >= batch);
        return total;
    }
}
