package io.mizani.application.common;

import java.util.function.Supplier;

/**
 * Transaction boundary port. Application services are plain objects (no interceptors), so every step that
 * must be atomic runs inside {@link #inTransaction}. A provider or network call never runs inside one.
 */
public interface UnitOfWork {

    /** Runs {@code work} in a transaction: joins the current one if there is one, else starts and commits one. */
    <T> T inTransaction(Supplier<T> work);

    /** Runs {@code work} in a new transaction of its own, committed when it returns. */
    <T> T inNewTransaction(Supplier<T> work);

    /**
     * Runs {@code work} in a new transaction that may last up to {@code timeout} (a long read, e.g. a statement of a
     * million entries); implementations without a per-transaction timeout run it as {@link #inNewTransaction}.
     */
    default <T> T inNewTransaction(java.time.Duration timeout, Supplier<T> work) {
        return inNewTransaction(work);
    }

    /**
     * Runs {@code work} once the current transaction has committed, never if it rolls back; outside a transaction (or
     * where there is none, as in tests over in-memory fakes), now.
     */
    default void afterCommit(Runnable work) {
        work.run();
    }

    default void run(Runnable work) {
        inTransaction(() -> {
            work.run();
            return null;
        });
    }
}
