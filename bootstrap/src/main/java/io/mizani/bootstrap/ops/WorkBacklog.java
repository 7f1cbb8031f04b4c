package io.mizani.bootstrap.ops;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Singleton;
import jakarta.inject.Inject;

/**
 * Read-only counts over the work tables for metrics and the liveness check: what is due now, how old the oldest
 * waiting item is, and totals by status. Cheap: each count uses the partial "due" indexes; the metrics cache them.
 */
@Singleton
public class WorkBacklog {

    /** Work a worker should have picked up: due now. Keys are the worker names of {@link WorkerHeartbeats}. */
    static final Map<String, String> DUE = Map.of(
            "payment", "SELECT count(*), coalesce(extract(epoch FROM now() - min(next_check_at)), 0) FROM payments "
                    + "WHERE status IN ('queued', 'pending') AND next_check_at IS NOT NULL AND next_check_at <= now()",
            "callback", "SELECT count(*), coalesce(extract(epoch FROM now() - min(next_attempt_at)), 0) FROM events "
                    + "WHERE status = 'pending' AND next_attempt_at <= now()");

    @Inject
    DataSource dataSource;

    /** Items due now and the age in seconds of the most overdue one. */
    public record Due(long count, double oldestSeconds) {
    }

    public Due due(String worker) throws SQLException {
        List<Object[]> rows = query(DUE.get(worker));
        Object[] r = rows.get(0);
        return new Due(((Number) r[0]).longValue(), ((Number) r[1]).doubleValue());
    }

    public List<Object[]> query(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.setQueryTimeout(5);
            try (ResultSet rs = s.executeQuery(sql)) {
                List<Object[]> out = new ArrayList<>();
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    Object[] row = new Object[n];
                    for (int i = 0; i < n; i++) {
                        row[i] = rs.getObject(i + 1);
                    }
                    out.add(row);
                }
                return out;
            }
        }
    }
}
