package io.mizani.adapter.persistence.payment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import javax.sql.DataSource;

/** Small JDBC helpers. Connections taken inside a JTA transaction are enlisted in it by Agroal. */
final class Jdbc {

    private Jdbc() {
    }

    @FunctionalInterface
    interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    static <T> T with(DataSource ds, SqlWork<T> work) {
        try (Connection c = ds.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new IllegalStateException("database error: " + e.getMessage(), e);
        }
    }

    static Timestamp ts(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    static void set(PreparedStatement ps, int i, Object v) throws SQLException {
        if (v instanceof Instant instant) {
            ps.setTimestamp(i, Timestamp.from(instant));
        } else {
            ps.setObject(i, v);
        }
    }
}
