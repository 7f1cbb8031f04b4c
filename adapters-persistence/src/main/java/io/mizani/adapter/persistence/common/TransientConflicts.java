package io.mizani.adapter.persistence.common;

import java.sql.SQLException;
import java.util.Set;

/**
 * PostgreSQL's answers that abort a transaction only because of another one running at the same time: a deadlock
 * victim (40P01) or a serialization failure (40001). Run again, the same work normally succeeds.
 */
public final class TransientConflicts {

    private static final Set<String> STATES = Set.of("40P01", "40001");

    private TransientConflicts() {
    }

    /** The SQLSTATE of such an abort anywhere in {@code e}'s cause chain, else null. */
    public static String state(Throwable e) {
        int depth = 0;
        for (Throwable t = e; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof SQLException s) {
                for (SQLException n = s; n != null; n = n.getNextException()) {
                    if (n.getSQLState() != null && STATES.contains(n.getSQLState())) {
                        return n.getSQLState();
                    }
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
