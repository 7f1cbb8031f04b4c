package io.mizani.adapter.persistence.common;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jdbi.v3.core.mapper.RowMapper;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Per-instance read caches kept honest across replicas by version counters in the database ({@code cache_versions},
 * V14): a trigger on each cached table bumps its counter in the writing transaction, and one background thread per
 * instance reads all counters every {@code mizani.cache.poll} (250 ms), dropping a cache whose counter moved. So a
 * change made on any replica is seen everywhere at most one poll interval (plus one query) after its commit; the
 * replica that made it drops its own cache at once (and again after its commit). When the poll has not succeeded
 * for {@code mizani.cache.max-stale} (2 s), the caches are bypassed (every read goes to the database) until it
 * does again, so a lost database connection never stretches the bound.
 */
@Singleton
public class CacheVersions {

    /** {@code accounts.identity_checks_available}/{@code deleted_at} and {@code verification_settings}. */
    public static final String VERIFICATION_ACCESS = "verification_access";
    /** The payment catalogue (countries, providers, networks and their fees) and providers assigned to accounts. */
    public static final String PAYMENT_CATALOGUE = "payment_catalogue";
    /** The Team tier limits ({@code tier_limits}), read by every payment acceptance. */
    public static final String TIER_LIMITS = "tier_limits";

    private static final System.Logger LOG = System.getLogger(CacheVersions.class.getName());
    private static final RowMapper<Map.Entry<String, Long>> VERSION =
            (rs, ctx) -> Map.entry(rs.getString(1), rs.getLong(2));

    private final Sql sql;
    private final long pollMillis;
    private final long maxStaleNanos;
    private final Map<String, List<Cache<?, ?>>> caches = new ConcurrentHashMap<>();
    private final Map<String, Long> seen = new HashMap<>();
    private volatile long lastPollNanos;
    private volatile boolean polled;
    private volatile boolean stopped;
    private Thread poller;

    @Inject
    public CacheVersions(Sql sql,
                         @ConfigProperty(name = "mizani.cache.poll", defaultValue = "PT0.25S") Duration poll,
                         @ConfigProperty(name = "mizani.cache.max-stale", defaultValue = "PT2S") Duration maxStale) {
        this.sql = sql;
        this.pollMillis = Math.max(10, poll.toMillis());
        this.maxStaleNanos = Math.max(maxStale.toNanos(), 2 * poll.toNanos());
    }

    /** The staleness bound a reader on another replica can see after a commit: one poll interval. */
    public Duration bound() {
        return Duration.ofMillis(pollMillis);
    }

    /** A new cache dropped whenever the counter {@code name} moves. */
    public <K, V> Cache<K, V> cache(String name, int maxEntries) {
        Cache<K, V> c = new Cache<>(this, maxEntries);
        caches.computeIfAbsent(name, k -> new CopyOnWriteArrayList<>()).add(c);
        return c;
    }

    /**
     * This instance is changing what {@code name} caches: drop it now, and once more after the caller's transaction
     * commits (a read between the two could have cached the row as it was before the commit).
     */
    public void changed(String name) {
        invalidate(name);
        if (sql.inTransaction()) {
            sql.afterCommit(() -> invalidate(name));
        }
    }

    private void invalidate(String name) {
        caches.getOrDefault(name, List.of()).forEach(Cache::clear);
    }

    /** Whether caches may serve: the counters were read successfully within the last max-stale period. */
    boolean fresh() {
        startPolling();
        return polled && System.nanoTime() - lastPollNanos < maxStaleNanos;
    }

    /** Reads the counters once (the poller's step; tests may call it). */
    public void pollOnce() {
        Map<String, Long> now = new HashMap<>();
        try {
            sql.use(h -> h.createQuery("SELECT name, version FROM cache_versions")
                    .map(VERSION)
                    .forEach(e -> now.put(e.getKey(), e.getValue())));
        } catch (Exception e) {
            LOG.log(System.Logger.Level.DEBUG, "cache version poll failed; caches bypassed after the stale bound", e);
            return;
        }
        synchronized (seen) {
            for (var e : now.entrySet()) {
                Long before = seen.put(e.getKey(), e.getValue());
                if (before != null && !before.equals(e.getValue())) {
                    invalidate(e.getKey());
                }
            }
            if (!polled) {
                // entries cached before the first poll were served without a known version: drop them
                caches.keySet().forEach(this::invalidate);
            }
        }
        lastPollNanos = System.nanoTime();
        polled = true;
    }

    private synchronized void startPolling() {
        if (poller != null || stopped) {
            return;
        }
        poller = new Thread(() -> {
            while (!stopped) {
                pollOnce();
                try {
                    Thread.sleep(pollMillis);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "mizani-cache-versions");
        poller.setDaemon(true);
        poller.start();
    }

    @PreDestroy
    public synchronized void stop() {
        stopped = true;
        if (poller != null) {
            poller.interrupt();
        }
    }

    /** A bounded map dropped as a whole when its counter moves; bypassed while the counters are not fresh. */
    public static final class Cache<K, V> {
        private final CacheVersions versions;
        private final int maxEntries;
        private final Map<K, V> entries = new ConcurrentHashMap<>();
        private final AtomicLong generation = new AtomicLong();

        Cache(CacheVersions versions, int maxEntries) {
            this.versions = versions;
            this.maxEntries = maxEntries;
        }

        public V get(K key, Function<K, V> load) {
            if (!versions.fresh()) {
                return load.apply(key);
            }
            V hit = entries.get(key);
            if (hit != null) {
                return hit;
            }
            long before = generation.get();
            V loaded = load.apply(key);
            if (loaded != null) {
                if (entries.size() >= maxEntries) {
                    entries.clear();
                }
                entries.put(key, loaded);
                if (generation.get() != before) {
                    entries.remove(key, loaded); // dropped while loading: the value may predate the change
                }
            }
            return loaded;
        }

        void clear() {
            generation.incrementAndGet();
            entries.clear();
        }
    }
}
