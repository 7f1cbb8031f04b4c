package io.mizani.adapter.persistence.common;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Handles;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.statement.StatementException;
import org.jdbi.v3.core.statement.StatementExceptions;
import org.postgresql.util.PSQLException;

import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import io.quarkus.arc.ClientProxy;
import org.jboss.logging.Logger;

/**
 * The SQL idiom of the stores: Jdbi 3 with named parameters and row mappers, on the service's Agroal data source,
 * and the service's transactions: plain JDBC ones on one connection, no transaction manager (ADR 0011).
 * <p>
 * {@link #inNewTransaction} takes a connection from the pool, begins, runs its work, commits (or rolls back when the
 * work throws) and gives the connection back. While it runs, every {@link #with} and {@link #use} on its thread runs
 * on that transaction's one handle, so the stores' statements commit or roll back together and no statement looks a
 * connection up again. A new transaction started inside another one suspends it (a second connection) until it ends;
 * outside a transaction each call takes a handle of its own in auto-commit. Work to do once the transaction has
 * committed (a cache drop, a timer) is given to {@link #afterCommit}.
 * <pre>{@code
 * sql.with(h -> h.createUpdate("update refunds set status = :status where id = :id")
 *         .bind("status", "succeeded").bind("id", id.value()).execute());
 * }</pre>
 */
@Singleton
public class Sql {

    private static final Logger LOG = Logger.getLogger(Sql.class);

    /** The transaction running on this thread (one it suspended is kept by that call's frame); null outside one. */
    private final ThreadLocal<Transaction> current = new ThreadLocal<>();
    private final Jdbi jdbi;

    @Inject
    public Sql(DataSource dataSource) {
        // Quarkus's data source is an application-scoped bean: injected, it is a client proxy that asks the application
        // context for the pool on every call, once per transaction and per statement outside one (half of the context
        // lookups left in a request's profile, docs/performance.md). The pool lives as long as the application does,
        // so the store keeps the pool itself; a data source that is no proxy (the tests') is kept as it is.
        this.jdbi = Jdbi.create(ClientProxy.unwrap(dataSource));
        // a transaction is ended by inNewTransaction itself, never by closing its handle (which happens after the
        // commit or the rollback)
        jdbi.getConfig(Handles.class).setForceEndTransactions(false);
        // a failing statement's message reaches the log: it names the SQL, never a bound value (Jdbi's own lists
        // every argument, and stores bind identifiers, sealed values and personal data)
        jdbi.getConfig(StatementExceptions.class).setMessageRendering(Sql::statementOnly);
    }

    /** Runs {@code work} on a handle: the current transaction's when there is one, else one of its own. */
    public <T> T with(HandleCallback<T, RuntimeException> work) {
        Transaction tx = current.get();
        return tx == null ? jdbi.withHandle(work) : work.withHandle(tx.handle);
    }

    /** Whether this thread runs inside a transaction of {@link #inNewTransaction}. */
    public boolean inTransaction() {
        return current.get() != null;
    }

    /**
     * Runs {@code work} in a transaction of its own on one connection, committed when it returns and rolled back when
     * it throws (the exception then propagates as it is). A transaction already running on this thread is suspended
     * until this one ends. A transaction still running when {@code timeout} has passed is rolled back at its end
     * instead of committed: {@link TransactionTimedOut}.
     */
    public <T> T inNewTransaction(Duration timeout, Supplier<T> work) {
        Transaction outer = current.get();
        Handle handle = jdbi.open();
        Transaction tx = new Transaction(handle, System.nanoTime() + timeout.toNanos());
        boolean committed = false;
        current.set(tx);
        try {
            handle.begin();
            T result = work.get();
            if (System.nanoTime() - tx.deadline > 0) {
                throw new TransactionTimedOut(timeout);
            }
            handle.commit();
            committed = true;
            return result;
        } catch (RuntimeException | Error e) {
            rollback(handle, e);
            throw e;
        } finally {
            current.set(outer);
            try {
                handle.close();
            } catch (RuntimeException e) {
                LOG.debugf("closing a transaction's handle failed: %s", e.getClass().getSimpleName());
            }
            if (committed) {
                tx.committed();
            }
        }
    }

    /**
     * Runs {@code work} once the current transaction has committed (never if it rolls back), on this thread, after
     * its connection is back in the pool; outside a transaction, now. A failure of {@code work} is logged, not thrown:
     * the transaction has committed already.
     */
    public void afterCommit(Runnable work) {
        Transaction tx = current.get();
        if (tx == null) {
            work.run();
        } else {
            tx.afterCommit.add(work);
        }
    }

    /**
     * Rolls the transaction back on its connection itself, not through Jdbi: when a ROLLBACK fails, Jdbi switches
     * auto-commit back on in a {@code finally}, and so does the pool when the connection comes back, and the driver
     * commits an open transaction when auto-commit is switched on. So a ROLLBACK that fails abandons the connection
     * first. The work's own exception is what the caller sees, with the rollback's failure attached.
     */
    private static void rollback(Handle handle, Throwable cause) {
        Connection connection = handle.getConnection();
        try {
            connection.rollback();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
            abandon(connection, cause);
        }
    }

    /**
     * Closes the physical connection beneath the pool's wrapper, so nothing can commit on it: PostgreSQL rolls back
     * the transaction of a session that ends, and the pool does not hand a closed connection out again
     * (SqlTransactionsTest shows both).
     */
    private static void abandon(Connection connection, Throwable cause) {
        try {
            connection.unwrap(Connection.class).abort(Runnable::run);
            LOG.warn("a transaction's rollback failed: its connection was closed, and PostgreSQL rolled it back");
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /** A transaction still running when its timeout passed: rolled back, nothing of it kept. */
    public static final class TransactionTimedOut extends IllegalStateException {
        TransactionTimedOut(Duration timeout) {
            super("the transaction ran longer than its timeout (" + timeout + ") and was rolled back");
        }
    }

    private static final class Transaction {
        final Handle handle;
        final long deadline;
        final List<Runnable> afterCommit = new ArrayList<>(2);

        Transaction(Handle handle, long deadline) {
            this.handle = handle;
            this.deadline = deadline;
        }

        void committed() {
            for (Runnable work : afterCommit) {
                try {
                    work.run();
                } catch (RuntimeException e) {
                    LOG.warnf("work after a commit failed: %s", e.getClass().getName());
                }
            }
        }
    }

    /**
     * Runs {@code work} as {@link #with}, a database failure surfacing as the older stores' callers expect it: an
     * {@link IllegalStateException} {@code "database error: <driver's message>"} caused by the {@link SQLException}
     * (the driver's message carries no row: {@code logServerErrorDetail=false}).
     */
    public <T> T withDatabaseErrors(HandleCallback<T, RuntimeException> work) {
        try {
            return with(work);
        } catch (org.jdbi.v3.core.JdbiException e) {
            if (e.getCause() instanceof SQLException s) {
                throw new IllegalStateException("database error: " + s.getMessage(), s);
            }
            throw e;
        }
    }

    /** Runs {@code work} on a handle, as {@link #with}, for statements that return nothing. */
    public void use(java.util.function.Consumer<Handle> work) {
        with(h -> {
            work.accept(h);
            return null;
        });
    }

    /**
     * The server's primary message, its SQLState and the statement, without its arguments or the server's detail
     * (PostgreSQL's {@code Detail: Key (x)=(...)} and {@code Failing row contains (...)} quote the row's values).
     */
    static String statementOnly(StatementException e) {
        String what = e.getCause() instanceof PSQLException p && p.getServerErrorMessage() != null
                ? "ERROR: " + p.getServerErrorMessage().getMessage() + " (SQLState " + p.getSQLState() + ")"
                : e.getCause() instanceof SQLException q ? "SQLState " + q.getSQLState() : e.getShortMessage();
        String statement = e.getStatementContext() == null ? null : e.getStatementContext().getRenderedSql();
        if (statement == null) {
            return what;
        }
        String shown = statement.length() > 300 ? statement.substring(0, 300) + "..." : statement;
        return what + " [statement:\"" + shown + "\"]";
    }

    /**
     * A PostgreSQL array of {@code type} (the SQL name {@code createArrayOf} takes: {@code bigint}, {@code integer},
     * {@code numeric}, {@code text}), bound as one parameter: how a store sends many rows in one statement
     * ({@code unnest(:ids, :amounts)}). Jdbi's own {@code bindArray} would send {@code varchar[]} and has no numeric.
     */
    public static Argument array(String type, Object[] values) {
        return (position, statement, ctx) ->
                statement.setArray(position, statement.getConnection().createArrayOf(type, values));
    }
}
