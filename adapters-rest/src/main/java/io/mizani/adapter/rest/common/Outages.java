package io.mizani.adapter.rest.common;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/** Recognises "the database cannot be reached" anywhere in a failure's cause chain. */
public final class Outages {

    /** PostgreSQL: admin/crash shutdown, cannot connect now, too many connections. Class 08 is all connection errors. */
    private static final Set<String> STATES = Set.of("57P01", "57P02", "57P03", "53300");

    private Outages() {
    }

    public static boolean databaseUnreachable(Throwable e) {
        int depth = 0;
        for (Throwable t = e; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof SQLTransientConnectionException || t instanceof ConnectException) {
                return true;
            }
            if (t instanceof SQLException s && s.getSQLState() != null
                    && (s.getSQLState().startsWith("08") || STATES.contains(s.getSQLState()))) {
                return true;
            }
            String m = t.getMessage();
            if (m != null && (m.contains("Acquisition timeout") || m.contains("Unable to acquire JDBC Connection")
                    || m.contains("This connection has been closed"))) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** One line for the log: the innermost cause's class and message, no SQL. */
    public static String describe(Throwable e) {
        Throwable root = e;
        int depth = 0;
        while (root.getCause() != null && root.getCause() != root && depth++ < 32) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
