package io.mizani.adapter.rest.common;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * platform.md section 11: more than {@code limit} failed authentications from one client address within
 * {@code window} block that address for {@code block}. Counters live in this replica's memory (a client spread over
 * N replicas by a balancer gets up to N times the allowance); they are bounded and forget idle addresses.
 */
public final class AuthFailureThrottle {

    private static final int MAX_TRACKED = 100_000;

    private final int limit;
    private final long windowNanos;
    private final long blockNanos;
    private final LongSupplier nanoClock;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    private static final class Entry {
        final ArrayDeque<Long> failures = new ArrayDeque<>();
        long blockedUntil;
        long lastSeen;
    }

    public AuthFailureThrottle(int limit, Duration window, Duration block, LongSupplier nanoClock) {
        this.limit = limit;
        this.windowNanos = window.toNanos();
        this.blockNanos = block.toNanos();
        this.nanoClock = nanoClock;
    }

    public boolean enabled() {
        return limit > 0;
    }

    /** Seconds the address must still wait (rounded up), or 0 when it is not blocked. */
    public long blockedForSeconds(String address) {
        if (!enabled() || address == null) {
            return 0;
        }
        Entry e = entries.get(address);
        if (e == null) {
            return 0;
        }
        long now = nanoClock.getAsLong();
        synchronized (e) {
            long left = e.blockedUntil - now;
            return left > 0 ? Math.max(1, (left + 999_999_999L) / 1_000_000_000L) : 0;
        }
    }

    /** Records one failed authentication; answers true when this failure blocks the address. */
    public boolean failure(String address) {
        if (!enabled() || address == null) {
            return false;
        }
        long now = nanoClock.getAsLong();
        if (entries.size() > MAX_TRACKED) {
            forgetIdle(now);
        }
        Entry e = entries.computeIfAbsent(address, a -> new Entry());
        synchronized (e) {
            e.lastSeen = now;
            while (!e.failures.isEmpty() && now - e.failures.peekFirst() >= windowNanos) {
                e.failures.pollFirst();
            }
            e.failures.addLast(now);
            if (e.failures.size() > limit) {
                e.blockedUntil = now + blockNanos;
                e.failures.clear();
                return true;
            }
            return false;
        }
    }

    private void forgetIdle(long now) {
        entries.entrySet().removeIf(en -> {
            Entry e = en.getValue();
            synchronized (e) {
                return now - e.lastSeen > windowNanos + blockNanos && e.blockedUntil - now <= 0;
            }
        });
    }
}
