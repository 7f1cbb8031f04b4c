package io.mizani.adapter.persistence.common;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import javax.sql.DataSource;

/**
 * Small JDBC helpers for the plain-SQL stores (payments, balances, events). Connections taken inside a JTA transaction
 * are enlisted in it by Agroal.
 */
public final class Jdbc {

    private Jdbc() {
    }

    @FunctionalInterface
    public interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    public static <T> T with(DataSource ds, SqlWork<T> work) {
        try (Connection c = ds.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new IllegalStateException("database error: " + e.getMessage(), e);
        }
    }

    public static Timestamp ts(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    public static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    public static PreparedStatement bind(PreparedStatement ps, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            ps.setObject(i + 1, values[i]);
        }
        return ps;
    }

    public static void set(PreparedStatement ps, int i, Object v) throws SQLException {
        if (v instanceof Instant instant) {
            ps.setTimestamp(i, Timestamp.from(instant));
        } else {
            ps.setObject(i, v);
        }
    }
}
