package io.mizani.adapter.rest.common;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A fixed-window request budget per merchant account ({@code limit} requests per {@code window}); 0 turns it off.
 * In this replica's memory, like {@link AuthFailureThrottle}.
 */
public final class MerchantRateLimiter {

    private final int limit;
    private final long windowNanos;
    private final LongSupplier nanoClock;
    private final Map<Long, Window> windows = new ConcurrentHashMap<>();

    private static final class Window {
        long start;
        int used;
    }

    /** The outcome of one request: allowed or not, what is left and when the window resets (seconds). */
    public record Verdict(boolean allowed, int limit, int remaining, long resetSeconds) {
    }

    public MerchantRateLimiter(int limit, Duration window, LongSupplier nanoClock) {
        this.limit = limit;
        this.windowNanos = window.toNanos();
        this.nanoClock = nanoClock;
    }

    public boolean enabled() {
        return limit > 0;
    }

    public Verdict take(long accountId) {
        long now = nanoClock.getAsLong();
        if (windows.size() > 100_000) {
            windows.entrySet().removeIf(e -> now - e.getValue().start >= windowNanos);
        }
        Window w = windows.computeIfAbsent(accountId, id -> {
            Window fresh = new Window();
            fresh.start = now;
            return fresh;
        });
        synchronized (w) {
            if (now - w.start >= windowNanos) {
                w.start = now;
                w.used = 0;
            }
            long reset = Math.max(1, (w.start + windowNanos - now + 999_999_999L) / 1_000_000_000L);
            if (w.used >= limit) {
                return new Verdict(false, limit, 0, reset);
            }
            w.used++;
            return new Verdict(true, limit, limit - w.used, reset);
        }
    }
}
