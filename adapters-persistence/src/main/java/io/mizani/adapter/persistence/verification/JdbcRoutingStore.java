package io.mizani.adapter.persistence.verification;

import io.mizani.application.verification.ProviderCall;
import io.mizani.domain.common.Money;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.application.verification.ProviderCallLog;
import io.mizani.application.verification.ProviderMargin;
import io.mizani.application.verification.RoutingStore;
import io.mizani.application.verification.RoutingTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The routing table ({@code verification_routes}, {@code verification_provider_costs}) and the provider call log
 * ({@code verification_provider_calls}), by plain JDBC inside the caller's (JTA) transaction. Every replica reads
 * the table from the database on each check, so an operator's change applies from the next call on.
 */
@ApplicationScoped
public class JdbcRoutingStore implements RoutingStore, ProviderCallLog {

    private final DataSource ds;

    @Inject
    public JdbcRoutingStore(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public RoutingTable load() {
        Map<String, List<String>> routes = new LinkedHashMap<>();
        Map<String, Map<String, BigDecimal>> costs = new LinkedHashMap<>();
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery(
                    "SELECT check_key, provider FROM verification_routes ORDER BY check_key, position")) {
                while (rs.next()) {
                    routes.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
                }
            }
            try (ResultSet rs = st.executeQuery(
                    "SELECT provider, check_key, cost FROM verification_provider_costs ORDER BY provider, check_key")) {
                while (rs.next()) {
                    costs.computeIfAbsent(rs.getString(1), k -> new LinkedHashMap<>())
                            .put(rs.getString(2), rs.getBigDecimal(3));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("load routing failed", e);
        }
        return new RoutingTable(routes, costs);
    }

    @Override
    public void replace(RoutingTable table) {
        try (Connection c = ds.getConnection()) {
            try (Statement st = c.createStatement()) {
                // one writer at a time; readers (checks in flight) keep reading the committed table
                st.execute("LOCK TABLE verification_routes, verification_provider_costs IN SHARE ROW EXCLUSIVE MODE");
                st.executeUpdate("DELETE FROM verification_routes");
                st.executeUpdate("DELETE FROM verification_provider_costs");
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO verification_routes (check_key, position, provider) VALUES (?, ?, ?)")) {
                for (var e : table.routes().entrySet()) {
                    int position = 1;
                    for (String provider : e.getValue()) {
                        ps.setString(1, e.getKey());
                        ps.setInt(2, position++);
                        ps.setString(3, provider);
                        ps.addBatch();
                    }
                }
                ps.executeBatch();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO verification_provider_costs (provider, check_key, cost) VALUES (?, ?, ?)")) {
                for (var byProvider : table.costs().entrySet()) {
                    for (var byCheck : byProvider.getValue().entrySet()) {
                        ps.setString(1, byProvider.getKey());
                        ps.setString(2, byCheck.getKey());
                        ps.setBigDecimal(3, byCheck.getValue());
                        ps.addBatch();
                    }
                }
                ps.executeBatch();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("replace routing failed", e);
        }
    }

    @Override
    public List<String> route(String check) {
        List<String> route = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT provider FROM verification_routes WHERE check_key = ? ORDER BY position")) {
            ps.setString(1, check);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    route.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read route failed", e);
        }
        return route;
    }

    @Override
    public Map<String, Money> costs(String check) {
        Map<String, Money> costs = new LinkedHashMap<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT provider, cost FROM verification_provider_costs WHERE check_key = ?")) {
            ps.setString(1, check);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    costs.put(rs.getString(1), Money.of(rs.getBigDecimal(2), CheckCatalogue.CURRENCY));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read costs failed", e);
        }
        return costs;
    }

    /** The margin query of docs/verification.md ("Routing and fallback"). */
    static final String MARGINS = "SELECT c.provider, c.check_key, count(*) AS calls, "
            + "count(*) FILTER (WHERE c.outcome <> 'unavailable') AS answered, sum(c.cost) AS cost, "
            + "coalesce(sum(l.charged_amount) FILTER (WHERE c.outcome <> 'unavailable' "
            + "AND l.charge_status = 'charged'), 0) AS revenue "
            + "FROM verification_provider_calls c JOIN verification_lookups l ON l.lookup_id = c.lookup_id "
            + "WHERE c.created_at >= ? GROUP BY c.provider, c.check_key ORDER BY c.provider, c.check_key";

    @Override
    public List<ProviderMargin> margins(java.time.Instant since) {
        List<ProviderMargin> out = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(MARGINS)) {
            ps.setTimestamp(1, Timestamp.from(since));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Money cost = Money.of(rs.getBigDecimal("cost").setScale(2), CheckCatalogue.CURRENCY);
                    Money revenue = Money.of(rs.getBigDecimal("revenue").setScale(2), CheckCatalogue.CURRENCY);
                    out.add(new ProviderMargin(rs.getString("provider"), rs.getString("check_key"),
                            rs.getLong("calls"), rs.getLong("answered"), cost, revenue));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("margins query failed", e);
        }
        return out;
    }

    @Override
    public void record(List<ProviderCall> calls) {
        if (calls.isEmpty()) {
            return;
        }
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "INSERT INTO verification_provider_calls (lookup_id, account_id, check_key, provider, attempt, outcome, "
                        + "cause, cost, currency, duration_ms, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?) "
                        + "ON CONFLICT (lookup_id, attempt) DO NOTHING")) {
            for (ProviderCall call : calls) {
                ps.setString(1, call.of().lookupId().value());
                ps.setLong(2, call.of().accountId().value());
                ps.setString(3, call.of().check());
                ps.setString(4, call.provider());
                ps.setInt(5, call.attempt());
                ps.setString(6, call.result().outcome());
                ps.setString(7, call.result().cause());
                ps.setBigDecimal(8, call.cost().amount());
                ps.setString(9, call.cost().currency());
                ps.setInt(10, (int) Math.min(Integer.MAX_VALUE, call.took().toMillis()));
                ps.setTimestamp(11, Timestamp.from(call.at()));
                ps.addBatch();
            }
            ps.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException("record provider calls failed", e);
        }
    }
}
