package io.mizani.adapter.persistence.common;

import io.mizani.adapter.persistence.support.TestDatabase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@link Slots#attempt} on a real PostgreSQL: the savepoint (or the rollback to it) and the one-slot statement go in
 * one round trip, the row comes back through its row mapper past the savepoint's result, a refused attempt answers
 * empty, and what it locked stays locked until {@link Slots#undoAttempts} (the reason the savepoint exists).
 */
class SlotsTest {

    /** Takes {@code :amount} from row {@code :id} if it covers it; the row is locked (FOR UPDATE) either way. */
    private static final String TAKE = """
            WITH w AS (UPDATE slot_probe SET v = v - :amount
                       WHERE id = (SELECT id FROM slot_probe WHERE id = :id FOR UPDATE) AND v >= :amount
                       RETURNING id, v)
            SELECT id, v FROM w""";

    private record Row(int id, BigDecimal v) {
    }

    private static final RowMapper<Row> ROW = (rs, ctx) -> new Row(rs.getInt(1), rs.getBigDecimal(2));

    static PGSimpleDataSource ds;
    static Jdbi jdbi;

    @BeforeAll
    static void start() throws Exception {
        ds = TestDatabase.fresh("slots").dataSource();
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            st.execute("CREATE TABLE slot_probe (id int PRIMARY KEY, v numeric(19,2) NOT NULL CHECK (v >= 0))");
            st.execute("INSERT INTO slot_probe VALUES (1, 5.00), (2, 20.00)");
        }
        jdbi = Jdbi.create(ds);
    }

    @Test
    void a_refused_attempt_is_empty_and_a_later_one_maps_the_row_it_took() {
        try (Handle h = jdbi.open()) {
            h.begin();
            Optional<Row> refused = Slots.attempt(h, true, TAKE, u -> u.bind("id", 1).bind("amount",
                    new BigDecimal("10.00")), ROW);
            Optional<Row> taken = Slots.attempt(h, false, TAKE, u -> u.bind("id", 2).bind("amount",
                    new BigDecimal("10.00")), ROW);
            assertEquals(Optional.empty(), refused);
            assertEquals(Optional.of(new Row(2, new BigDecimal("10.00"))), taken);
            h.rollback();
        }
    }

    @Test
    void what_a_refused_attempt_locked_stays_locked_until_undo_attempts() throws Exception {
        try (Handle h = jdbi.open(); Connection other = ds.getConnection()) {
            h.begin();
            assertEquals(Optional.empty(), Slots.attempt(h, true, TAKE,
                    u -> u.bind("id", 1).bind("amount", new BigDecimal("10.00")), ROW));
            SQLException held = assertThrows(SQLException.class, () -> lockNowait(other));
            assertEquals("55P03", held.getSQLState(), "the refused attempt still holds the row");
            Slots.undoAttempts(h);
            lockNowait(other); // released by the rollback to the savepoint
            h.rollback();
        }
    }

    @Test
    void a_failing_statement_surfaces_with_its_sql_state_in_the_cause_chain() {
        try (Handle h = jdbi.open()) {
            h.begin();
            JdbiException e = assertThrows(JdbiException.class, () -> Slots.attempt(h, true, """
                    UPDATE slot_probe SET v = v - :amount WHERE id = :id RETURNING id, v""",
                    u -> u.bind("id", 1).bind("amount", new BigDecimal("100.00")), ROW));
            assertTrue(e.getCause() instanceof SQLException s && "23514".equals(s.getSQLState()),
                    "the check violation's SQLException is the cause: " + e.getCause());
            h.rollback();
        }
    }

    private static void lockNowait(Connection c) throws SQLException {
        try (var st = c.createStatement()) {
            st.execute("SELECT id FROM slot_probe WHERE id = 1 FOR UPDATE NOWAIT");
        }
    }
}
