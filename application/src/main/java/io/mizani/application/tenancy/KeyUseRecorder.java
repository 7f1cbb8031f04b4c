package io.mizani.application.tenancy;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Keeps an API key's {@code last_used_at} without a write per request: a replica asks the store at most once per key
 * and interval (the first request that finds the interval over does it, the others only read a map), and the store's
 * statement writes only when the stored value is itself older than the interval, so the database sees at most one
 * write per key and interval whatever the number of replicas. {@code last_used_at} is therefore accurate to the
 * interval (a minute). A failed write is forgotten: the next request after the interval tries again.
 */
public final class KeyUseRecorder implements MerchantAuthenticator.KeyUse {

    private final ApiKeyStore keys;
    private final LongSupplier nanoTime;
    private final long intervalNanos;
    private final int intervalMinutes;
    private final ConcurrentHashMap<String, Long> lastAsked = new ConcurrentHashMap<>();

    public KeyUseRecorder(ApiKeyStore keys, LongSupplier nanoTime, int intervalMinutes) {
        this.keys = keys;
        this.nanoTime = nanoTime;
        this.intervalMinutes = intervalMinutes;
        this.intervalNanos = intervalMinutes * 60_000_000_000L;
    }

    @Override
    public void used(String keyId) {
        long now = nanoTime.getAsLong();
        boolean[] mine = {false};
        lastAsked.compute(keyId, (k, before) -> {
            if (before != null && now - before < intervalNanos) {
                return before;
            }
            mine[0] = true;
            return now;
        });
        if (!mine[0]) {
            return;
        }
        if (lastAsked.size() > 100_000) {
            lastAsked.clear();
        }
        try {
            keys.recordUse(keyId, intervalMinutes);
        } catch (RuntimeException e) {
            // the request is served all the same: last_used_at is informational and the next interval writes it
        }
    }
}
