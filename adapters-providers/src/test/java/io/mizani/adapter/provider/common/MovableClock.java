package io.mizani.adapter.provider.common;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves: {@link #now} set directly or advanced by {@link #pass}. */
public final class MovableClock extends Clock {

    public volatile Instant now;

    public MovableClock(Instant now) {
        this.now = now;
    }

    public void pass(Duration d) {
        now = now.plus(d);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
