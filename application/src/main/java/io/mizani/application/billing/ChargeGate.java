package io.mizani.application.billing;

import io.mizani.domain.error.DomainError;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounds the transactions that charge one merchant's service wallet at the same time, on this instance
 * (docs/architecture.md "Hot accounts"): a burst queues here, in a fair semaphore per merchant, instead of on the
 * wallet's rows, where a waiter would hold a database connection and, once every slot is taken, push debits onto the
 * slower paths. A caller that cannot get a permit within {@code maxWait} gets {@link #busy()}: 503
 * {@code unavailable} with {@code Retry-After: 1} in the surface's shape; nothing was charged or written.
 * One semaphore per merchant seen since start (a few hundred bytes each).
 */
public final class ChargeGate {

    public static final String BUSY_MESSAGE = "too many charges in flight for this account: retry in a moment";

    private final int permits;
    private final long maxWaitNanos;
    private final ConcurrentHashMap<Long, Semaphore> gates = new ConcurrentHashMap<>();

    public ChargeGate(int permits, Duration maxWait) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be at least 1");
        }
        this.permits = permits;
        this.maxWaitNanos = maxWait.toNanos();
    }

    /** No bound (tests of other rules, tools). */
    public static ChargeGate unbounded() {
        return new ChargeGate(Integer.MAX_VALUE, Duration.ZERO);
    }

    /** Runs {@code work} (a transaction that charges the wallet) holding one of the merchant's permits. */
    public <T> T through(long accountId, Supplier<T> work) {
        if (permits == Integer.MAX_VALUE) {
            return work.get();
        }
        Semaphore gate = gates.computeIfAbsent(accountId, id -> new Semaphore(permits, true));
        boolean acquired;
        try {
            acquired = gate.tryAcquire(maxWaitNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            throw busy();
        }
        try {
            return work.get();
        } finally {
            gate.release();
        }
    }

    public static DomainError busy() {
        return new DomainError(DomainError.Kind.UNAVAILABLE, "unavailable", BUSY_MESSAGE);
    }
}
