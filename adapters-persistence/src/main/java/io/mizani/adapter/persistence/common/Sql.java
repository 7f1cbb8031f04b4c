package io.mizani.adapter.persistence.common;

import javax.sql.DataSource;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Handles;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementException;
import org.jdbi.v3.core.statement.StatementExceptions;

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
    }

    /** Runs {@code work} on a handle (the current transaction's connection when there is one). */
    public <T> T with(HandleCallback<T, RuntimeException> work) {
        return jdbi.withHandle(work);
    }

    /** Runs {@code work} on a handle, for statements that return nothing. */
    public void use(java.util.function.Consumer<Handle> work) {
        jdbi.useHandle(work::accept);
    }

    /**
     * Runs {@code work} on a handle (as {@link #with}) whose failing statements' messages name the SQL only, never a
     * bound value: for statements that bind identifiers, sealed values or personal data. Jdbi's own message lists
     * every argument, and a failure's message reaches the log.
     */
    public <T> T withPersonalData(HandleCallback<T, RuntimeException> work) {
        return jdbi.withHandle(h -> work.withHandle(
                h.configure(StatementExceptions.class, c -> c.setMessageRendering(Sql::statementOnly))));
    }

    /** Runs {@code work} as {@link #withPersonalData}, for statements that return nothing. */
    public void usePersonalData(java.util.function.Consumer<Handle> work) {
        withPersonalData(h -> {
            work.accept(h);
            return null;
        });
    }

    /** The driver's message and the statement, without its arguments. */
    static String statementOnly(StatementException e) {
        String statement = e.getStatementContext() == null ? null : e.getStatementContext().getRenderedSql();
        if (statement == null) {
            return e.getShortMessage();
        }
        String shown = statement.length() > 300 ? statement.substring(0, 300) + "..." : statement;
        return e.getShortMessage() + " [statement:\"" + shown + "\"]";
    }

    public Jdbi jdbi() {
        return jdbi;
    }
}
