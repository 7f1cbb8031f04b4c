package io.mizani.adapter.persistence.common;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import io.mizani.application.common.UnitOfWork;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The transaction boundary: plain JDBC transactions through {@link Sql} (ADR 0011). A transaction this class starts
 * (not one it joins) and that PostgreSQL aborts as a deadlock victim or a serialization failure is run again, up to
 * {@link #ATTEMPTS} times in all, after a short random pause: PostgreSQL rolled all of it back, and the port's
 * contract keeps provider and network calls out of a transaction, so running the work again is running it for the
 * first time (docs/architecture.md "Lock order / no deadlock"). A transaction that joined an outer one is never
 * retried here: the outer one is.
 */
@Singleton
class JdbcUnitOfWork implements UnitOfWork {

    private static final Logger LOG = Logger.getLogger(JdbcUnitOfWork.class);

    /** Runs of one transaction in all: the first and two retries. */
    static final int ATTEMPTS = 3;

    private final Sql sql;
    private final Duration timeout;

    @Inject
    JdbcUnitOfWork(Sql sql,
                   @ConfigProperty(name = "mizani.transaction.timeout", defaultValue = "PT60S") Duration timeout) {
        this.sql = sql;
        this.timeout = timeout;
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        if (sql.inTransaction()) {
            return work.get();
        }
        return retrying(() -> sql.inNewTransaction(timeout, work));
    }

    @Override
    public <T> T inNewTransaction(Supplier<T> work) {
        return retrying(() -> sql.inNewTransaction(timeout, work));
    }

    @Override
    public <T> T inNewTransaction(Duration timeout, Supplier<T> work) {
        return retrying(() -> sql.inNewTransaction(timeout, work));
    }

    @Override
    public void afterCommit(Runnable work) {
        sql.afterCommit(work);
    }

    private static <T> T retrying(Supplier<T> transaction) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transaction.get();
            } catch (RuntimeException e) {
                String state = TransientConflicts.state(e);
                if (state == null || attempt >= ATTEMPTS) {
                    throw e;
                }
                LOG.infof("transaction aborted by PostgreSQL (%s), run again (attempt %d of %d)", state,
                        attempt + 1, ATTEMPTS);
                pause(attempt);
            }
        }
    }

    /** 5-25 ms after the first abort, 10-50 ms after the second: the other transaction finishes meanwhile. */
    private static void pause(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(5L * attempt, 25L * attempt + 1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
