package io.mizani.adapter.persistence.common;

import javax.sql.DataSource;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Handles;
import org.jdbi.v3.core.Jdbi;

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

    public Jdbi jdbi() {
        return jdbi;
    }
}
