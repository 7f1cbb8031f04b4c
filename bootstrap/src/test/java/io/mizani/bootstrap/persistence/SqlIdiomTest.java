package io.mizani.bootstrap.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.mizani.application.common.UnitOfWork;
import io.mizani.adapter.persistence.common.Sql;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;

/** The Jdbi idiom of the stores takes part in the transaction of a unit of work: commit and rollback both. */
@QuarkusTest
class SqlIdiomTest {

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    Sql sql;

    @BeforeEach
    void table() {
        sql.use(h -> h.execute("create table if not exists sql_idiom_probe (id bigint primary key, note text)"));
        sql.use(h -> h.execute("truncate sql_idiom_probe"));
    }

    @Test
    void statements_inside_a_transaction_that_rolls_back_leave_nothing_and_a_committed_one_stays() {
        assertThrows(IllegalStateException.class, () -> unitOfWork.run(() -> {
            sql.use(h -> h.createUpdate("insert into sql_idiom_probe (id, note) values (:id, :note)")
                    .bind("id", 1L).bind("note", "rolled back").execute());
            sql.use(h -> h.createUpdate("insert into sql_idiom_probe (id, note) values (:id, :note)")
                    .bind("id", 2L).bind("note", "rolled back too").execute());
            throw new IllegalStateException("the action fails after its writes");
        }));
        assertEquals(0, count());
        unitOfWork.run(() -> {
            sql.use(h -> h.createUpdate("insert into sql_idiom_probe (id, note) values (:id, :note)")
                    .bind("id", 3L).bind("note", "kept").execute());
            // a second handle in the same transaction sees the first one's row: one connection, one transaction
            assertEquals(1, count());
        });
        assertEquals(1, count());
        assertEquals("kept", sql.with(h -> h.createQuery("select note from sql_idiom_probe where id = :id")
                .bind("id", 3L).mapTo(String.class).one()));
    }

    private int count() {
        return sql.with(h -> h.createQuery("select count(*) from sql_idiom_probe").mapTo(Integer.class).one());
    }
}
