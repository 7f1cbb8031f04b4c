package io.mizani.adapter.persistence.common;

import java.sql.SQLException;

import javax.sql.DataSource;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Handles;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.statement.StatementException;
import org.jdbi.v3.core.statement.StatementExceptions;
import org.postgresql.util.PSQLException;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The SQL idiom of new stores: Jdbi 3 with named parameters and row mappers, on the service's Agroal data source.
 * A handle taken inside a JTA transaction ({@code UnitOfWork}) uses the connection Agroal enlisted in it, so its
 * statements commit or roll back with the transaction; Jdbi is told not to end a transaction it did not begin.
 * <pre>{@code
 * sql.with(h -> h.createUpdate("update refunds set status = :status where id = :id")
 *         .bind("status", "succeeded").bind("id", id.value()).execute());
 * }</pre>
 */
@ApplicationScoped
public class Sql {

    private final Jdbi jdbi;

    @Inject
    public Sql(DataSource dataSource) {
        this.jdbi = Jdbi.create(dataSource);
        // the transaction belongs to JTA (QuarkusTransaction), not to the handle: closing a handle inside it must
        // neither commit nor roll it back
        jdbi.getConfig(Handles.class).setForceEndTransactions(false);
        // a failing statement's message reaches the log: it names the SQL, never a bound value (Jdbi's own lists
        // every argument, and stores bind identifiers, sealed values and personal data)
        jdbi.getConfig(StatementExceptions.class).setMessageRendering(Sql::statementOnly);
    }

    /** Runs {@code work} on a handle (the current transaction's connection when there is one). */
    public <T> T with(HandleCallback<T, RuntimeException> work) {
        return jdbi.withHandle(work);
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

    /** Runs {@code work} on a handle, for statements that return nothing. */
    public void use(java.util.function.Consumer<Handle> work) {
        jdbi.useHandle(work::accept);
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

    public Jdbi jdbi() {
        return jdbi;
    }
}
