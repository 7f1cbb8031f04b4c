package io.mizani.bootstrap.common;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The service's one clock: this machine's UTC clock moved by the offset to the database's clock that
 * {@link ClockAlignment} measures (docs/operations.md "Clocks"), ticking in microseconds, PostgreSQL's resolution
 * (every time the service shows is the time it stored: issue 26). Two replicas whose machine clocks disagree by
 * minutes therefore compute leases, due times, deadlines, daily limits and statement periods on the same time, the
 * database's, to within a few milliseconds. Until the first alignment (or while the database cannot be reached
 * before it) the offset is zero, the machine's own time.
 */
public final class AlignedClock extends Clock {

    private final Clock machine;
    private volatile long offsetNanos;

    public AlignedClock(Clock machine) {
        this.machine = machine;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        if (ZoneOffset.UTC.equals(zone)) {
            return this;
        }
        throw new UnsupportedOperationException("the service's clock is UTC");
    }

    @Override
    public Instant instant() {
        Instant m = machine.instant();
        long offset = offsetNanos;
        Instant t = offset == 0 ? m : m.plusNanos(offset);
        return t.minusNanos(t.getNano() % 1_000); // microseconds, as stored
    }

    @Override
    public long millis() {
        return instant().toEpochMilli();
    }

    /** The offset now applied (database minus machine). */
    public Duration offset() {
        return Duration.ofNanos(offsetNanos);
    }

    /** The machine's own time, unaligned (to measure the offset with). */
    Instant machineInstant() {
        return machine.instant();
    }

    void offset(Duration offset) {
        this.offsetNanos = offset.toNanos();
    }
}
