package io.mizani.adapter.persistence.common;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.util.Optional;
import java.util.function.Consumer;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Update;

/**
 * Hot accounts (docs/architecture.md "Hot accounts"): a service wallet or a payment balance is {@link #COUNT}
 * sub-balance rows ("slots"), each with its own CHECK (never below zero); the balance is their sum. A debit takes the
 * richest slot no other transaction holds (SKIP LOCKED), else waits on one slot that covers it, else (no single slot
 * covers it) locks every slot in slot order and refuses only when the total cannot cover it; that last path also
 * rebalances: it re-spreads what is left with {@link #spread} in whole units of the debit, so the next debits of that
 * size find a slot again. Credits land on the poorest free slot.
 */
public final class Slots {

    /** The savepoint a one-slot attempt runs under (see {@link #attempt}). */
    private static final String SAVEPOINT = "SAVEPOINT hot_slot; ";
    private static final String UNDO = "ROLLBACK TO SAVEPOINT hot_slot; ";

    /** Slots of a newly opened account (V13 converted every existing account to the same number). */
    public static final int COUNT = 8;

    /**
     * The order in which a debit that found every covering slot held picks the one to wait for: from a slot that
     * depends on the connection, so that waiters spread over the slots. It must give the same slot each time the
     * statement evaluates it: when the row it waited for was changed meanwhile, PostgreSQL (read committed) evaluates
     * the {@code slot = (SELECT ...)} sub-select again before re-checking the row, and an order by {@code random()}
     * then named another slot 7 times in 8, so the debit took nothing and fell through to locking every slot (seen
     * under load: up to 27 % of one merchant's debits, docs/performance.md "The debit that waited for a slot").
     */
    public static final String WAIT_ORDER = "(slot + pg_backend_pid()) % " + COUNT;

    private Slots() {
    }

    /**
     * {@code total} over {@code n} slots in whole units of {@code unit} (round robin, so slot 0 gets the extra
     * units first); what is left below one unit goes to slot 0. The shares add up to {@code total} exactly.
     */
    public static BigDecimal[] spread(BigDecimal total, BigDecimal unit, int n) {
        BigDecimal u = unit.signum() > 0 ? unit : new BigDecimal("0.01");
        long units = total.divide(u, 0, RoundingMode.DOWN).longValueExact();
        BigDecimal rest = total.subtract(u.multiply(BigDecimal.valueOf(units)));
        BigDecimal[] shares = new BigDecimal[n];
        for (int i = 0; i < n; i++) {
            long mine = units / n + (i < units % n ? 1 : 0);
            shares[i] = u.multiply(BigDecimal.valueOf(mine)).setScale(2, RoundingMode.UNNECESSARY);
        }
        shares[0] = shares[0].add(rest).setScale(2, RoundingMode.UNNECESSARY);
        return shares;
    }

    /**
     * One attempt to take one slot: {@code sql} (a statement returning one row when it took a slot, with named
     * parameters that {@code bind} binds) sent in the same round trip after a savepoint ({@code first}) or after
     * rolling back to it (a later attempt). Why: a row whose re-check fails after PostgreSQL locked it (FOR UPDATE SKIP
     * LOCKED, or an UPDATE that waited) stays locked even though nothing was written; rolling back to the savepoint
     * releases it, so a transaction that goes on to lock every slot in slot order holds no slot out of that order (a
     * deadlock cycle otherwise, seen in HotAccountsTest). The row as {@code row} maps it, or empty.
     */
    public static <T> Optional<T> attempt(Handle h, boolean first, String sql, Consumer<Update> bind,
                                          RowMapper<T> row) {
        try (Update u = h.createUpdate((first ? SAVEPOINT : UNDO) + sql)) {
            bind.accept(u);
            // the savepoint's (or the rollback's) result comes first, then the statement's rows
            return u.execute((statement, ctx) -> {
                var ps = statement.get();
                ResultSet rows = ps.getResultSet();
                while (rows == null) {
                    if (ps.getUpdateCount() == -1) {
                        return Optional.empty();
                    }
                    if (ps.getMoreResults()) {
                        rows = ps.getResultSet();
                    }
                }
                try (ResultSet r = rows) {
                    return r.next() ? Optional.of(row.map(r, ctx)) : Optional.empty();
                }
            });
        }
    }

    /** Releases what failed attempts locked: back to the savepoint of the first {@link #attempt}. */
    public static void undoAttempts(Handle h) {
        h.createUpdate(UNDO.trim()).execute();
    }
}
