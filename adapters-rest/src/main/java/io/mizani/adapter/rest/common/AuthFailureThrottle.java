package io.mizani.adapter.rest.common;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import io.mizani.application.tenancy.FailedAuthentications;

/**
 * platform.md section 11: more than {@code limit} failed authentications from one client address within
 * {@code window} block that address for {@code block}, counted across every replica.
 * <p>
 * Two layers. In this replica's memory (bounded, idle addresses forgotten), as before: this replica's own failures
 * block an address at once. Shared, in PostgreSQL ({@link FailedAuthentications}): {@link #failure} also adds the
 * failure to a pending count, and {@link #sync}, run every second by a scheduler thread (never the event loop),
 * adds the pending counts to the table (one atomic statement per address) and reads back the addresses blocked now
 * into {@link #shared}, which {@link #blockedForSeconds} consults. Neither method the event loop calls ever waits for
 * the database. A client spread over R replicas is thus blocked after {@code limit + 1} failures in all, seen by
 * every replica within about a second.
 * <p>
 * When the database cannot be reached, nothing is locked and nothing is opened: the pending counts are kept (bounded)
 * and sent when it is back, blocks already read keep running to their end (they are not lifted by the outage, and an
 * outage never creates one), and each replica still blocks on its own count, so the allowance degrades to what it
 * was before the table (R x limit), never to unlimited.
 */
public final class AuthFailureThrottle {

    private static final int MAX_TRACKED = 100_000;

    private final int limit;
    private final long windowNanos;
    private final long blockNanos;
    private final LongSupplier nanoClock;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    /** Failures not yet added to the shared table, per address. */
    private final Map<String, AtomicInteger> pending = new ConcurrentHashMap<>();
    /** Blocks read from the shared table: address to the end of its block on {@link #nanoClock}. */
    private volatile Map<String, Long> shared = Map.of();

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
        long now = nanoClock.getAsLong();
        long until = shared.getOrDefault(address, now);
        Entry e = entries.get(address);
        if (e != null) {
            synchronized (e) {
                until = Math.max(until, e.blockedUntil);
            }
        }
        long left = until - now;
        return left > 0 ? Math.max(1, (left + 999_999_999L) / 1_000_000_000L) : 0;
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
        if (pending.size() < MAX_TRACKED || pending.containsKey(address)) {
            // inside compute, so that sync's take cannot lose it (no I/O: fine on the event loop)
            pending.compute(address, (a, c) -> {
                AtomicInteger n = c == null ? new AtomicInteger() : c;
                n.incrementAndGet();
                return n;
            });
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

    /**
     * Sends the pending failures to the shared table and reads back the addresses blocked now. Blocking (it runs SQL):
     * call it from a worker or scheduler thread. A failure of the database leaves the unsent counts pending and the
     * blocks already read in force, and is thrown to the caller (which logs the outage) after both.
     */
    public void sync(FailedAuthentications table) {
        if (!enabled()) {
            return;
        }
        FailedAuthentications.Rule rule = new FailedAuthentications.Rule(limit, java.time.Duration.ofNanos(windowNanos),
                java.time.Duration.ofNanos(blockNanos));
        Map<String, Long> found = new java.util.HashMap<>();
        RuntimeException failed = null;
        for (String address : java.util.List.copyOf(pending.keySet())) {
            int[] taken = {0};
            pending.computeIfPresent(address, (a, c) -> {
                taken[0] = c.get();
                return null;
            });
            int count = taken[0];
            if (count == 0) {
                continue;
            }
            try {
                long seconds = table.add(address, count, rule);
                if (seconds > 0) {
                    found.put(address, seconds);
                }
            } catch (RuntimeException e) {
                pending.compute(address, (a, c) -> {
                    AtomicInteger n = c == null ? new AtomicInteger() : c;
                    n.addAndGet(count);
                    return n;
                });
                failed = e;
                break;
            }
        }
        long now = nanoClock.getAsLong();
        Map<String, Long> next = new java.util.HashMap<>();
        try {
            found.putAll(table.blocked());
        } catch (RuntimeException e) {
            // keep the blocks already known until they end
            shared.forEach((a, until) -> {
                if (until - now > 0) {
                    next.put(a, until);
                }
            });
            failed = failed == null ? e : failed;
        }
        found.forEach((a, seconds) -> next.merge(a, now + seconds * 1_000_000_000L, Math::max));
        shared = Map.copyOf(next);
        if (failed != null) {
            throw failed;
        }
    }

    /** Failures counted here and not yet in the shared table (for tests and metrics). */
    public int pendingFailures() {
        return pending.values().stream().mapToInt(AtomicInteger::get).sum();
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
