package io.mizani.adapter.persistence.verification;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.verification.ProviderCall;
import io.mizani.domain.common.Money;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.application.verification.ProviderCallLog;
import io.mizani.application.verification.ProviderMargin;
import io.mizani.application.verification.RoutingStore;
import io.mizani.application.verification.RoutingTable;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * The routing table ({@code verification_routes}, {@code verification_provider_costs}) and the provider call log
 * ({@code verification_provider_calls}), Jdbi with named parameters inside the caller's (JTA) transaction. Every
 * replica reads the table from the database on each check, so an operator's change applies from the next call on.
 */
@Singleton
public class JdbcRoutingStore implements RoutingStore, ProviderCallLog {

    /** check → provider, in the route's order. */
    private static final RowMapper<Map.Entry<String, String>> ROUTE_STEP =
            (rs, ctx) -> Map.entry(rs.getString(1), rs.getString(2));
    /** provider → (check → cost). */
    private static final RowMapper<Map.Entry<String, Map.Entry<String, BigDecimal>>> COST =
            (rs, ctx) -> Map.entry(rs.getString(1), Map.entry(rs.getString(2), rs.getBigDecimal(3)));
    /** provider → cost of one check, in the catalogue's currency. */
    private static final RowMapper<Map.Entry<String, Money>> PROVIDER_COST =
            (rs, ctx) -> Map.entry(rs.getString(1), Money.of(rs.getBigDecimal(2), CheckCatalogue.CURRENCY));
    private static final RowMapper<ProviderMargin> MARGIN = (rs, ctx) -> new ProviderMargin(
            rs.getString("provider"), rs.getString("check_key"), rs.getLong("calls"), rs.getLong("answered"),
            Money.of(rs.getBigDecimal("cost").setScale(2), CheckCatalogue.CURRENCY),
            Money.of(rs.getBigDecimal("revenue").setScale(2), CheckCatalogue.CURRENCY));

    private final Sql sql;

    @Inject
    public JdbcRoutingStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public RoutingTable load() {
        Map<String, List<String>> routes = new LinkedHashMap<>();
        Map<String, Map<String, BigDecimal>> costs = new LinkedHashMap<>();
        run("load routing failed", h -> {
            h.createQuery("SELECT check_key, provider FROM verification_routes ORDER BY check_key, position")
                    .map(ROUTE_STEP)
                    .forEach(e -> routes.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
            h.createQuery("SELECT provider, check_key, cost FROM verification_provider_costs ORDER BY provider, check_key")
                    .map(COST)
                    .forEach(e -> costs.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>())
                            .put(e.getValue().getKey(), e.getValue().getValue()));
            return null;
        });
        return new RoutingTable(routes, costs);
    }

    @Override
    public void replace(RoutingTable table) {
        run("replace routing failed", h -> {
            // one writer at a time; readers (checks in flight) keep reading the committed table
            h.execute("LOCK TABLE verification_routes, verification_provider_costs IN SHARE ROW EXCLUSIVE MODE");
            h.execute("DELETE FROM verification_routes");
            h.execute("DELETE FROM verification_provider_costs");
            PreparedBatch routes = h.prepareBatch(
                    "INSERT INTO verification_routes (check_key, position, provider) VALUES (:check, :position, :provider)");
            for (var e : table.routes().entrySet()) {
                int position = 1;
                for (String provider : e.getValue()) {
                    routes.bind("check", e.getKey()).bind("position", position++).bind("provider", provider).add();
                }
            }
            execute(routes);
            PreparedBatch costs = h.prepareBatch(
                    "INSERT INTO verification_provider_costs (provider, check_key, cost) VALUES (:provider, :check, :cost)");
            for (var byProvider : table.costs().entrySet()) {
                for (var byCheck : byProvider.getValue().entrySet()) {
                    costs.bind("provider", byProvider.getKey()).bind("check", byCheck.getKey())
                            .bind("cost", byCheck.getValue()).add();
                }
            }
            execute(costs);
            return null;
        });
    }

    @Override
    public List<String> route(String check) {
        return run("read route failed", h -> h.createQuery(
                        "SELECT provider FROM verification_routes WHERE check_key = :check ORDER BY position")
                .bind("check", check).mapTo(String.class).list());
    }

    @Override
    public Map<String, Money> costs(String check) {
        Map<String, Money> costs = new LinkedHashMap<>();
        run("read costs failed", h -> {
            h.createQuery("SELECT provider, cost FROM verification_provider_costs WHERE check_key = :check")
                    .bind("check", check)
                    .map(PROVIDER_COST)
                    .forEach(e -> costs.put(e.getKey(), e.getValue()));
            return null;
        });
        return costs;
    }

    /** The margin query of docs/verification.md ("Routing and fallback"). */
    static final String MARGINS = "SELECT c.provider, c.check_key, count(*) AS calls, "
            + "count(*) FILTER (WHERE c.outcome <> 'unavailable') AS answered, sum(c.cost) AS cost, "
            + "coalesce(sum(l.charged_amount) FILTER (WHERE c.outcome <> 'unavailable' "
            + "AND l.charge_status = 'charged'), 0) AS revenue "
            + "FROM verification_provider_calls c JOIN verification_lookups l ON l.lookup_id = c.lookup_id "
            + "WHERE c.created_at >= :since GROUP BY c.provider, c.check_key ORDER BY c.provider, c.check_key";

    @Override
    public List<ProviderMargin> margins(java.time.Instant since) {
        return run("margins query failed", h -> h.createQuery(MARGINS)
                .bind("since", Timestamp.from(since)).map(MARGIN).list());
    }

    @Override
    public void record(List<ProviderCall> calls) {
        if (calls.isEmpty()) {
            return;
        }
        run("record provider calls failed", h -> {
            PreparedBatch batch = h.prepareBatch("INSERT INTO verification_provider_calls (lookup_id, account_id, "
                    + "check_key, provider, attempt, outcome, cause, cost, currency, duration_ms, created_at) VALUES "
                    + "(:lookupId, :accountId, :check, :provider, :attempt, :outcome, :cause, :cost, :currency, "
                    + ":durationMs, :createdAt) ON CONFLICT (lookup_id, attempt) DO NOTHING");
            for (ProviderCall call : calls) {
                batch.bind("lookupId", call.of().lookupId().value())
                        .bind("accountId", call.of().accountId().value())
                        .bind("check", call.of().check())
                        .bind("provider", call.provider())
                        .bind("attempt", call.attempt())
                        .bind("outcome", call.result().outcome())
                        .bind("cause", call.result().cause())
                        .bind("cost", call.cost().amount())
                        .bind("currency", call.cost().currency())
                        .bind("durationMs", (int) Math.min(Integer.MAX_VALUE, call.took().toMillis()))
                        .bind("createdAt", Timestamp.from(call.at()))
                        .add();
            }
            batch.execute();
            return null;
        });
    }

    /** A batch of rows in one round trip; none, no statement (as an empty JDBC batch). */
    private static void execute(PreparedBatch batch) {
        if (batch.size() > 0) {
            batch.execute();
        }
    }

    /**
     * {@code work} on a handle of the caller's transaction; a database failure surfaces as before, an
     * {@link IllegalStateException} saying what failed, the driver's {@code SQLException} in its cause chain.
     */
    private <T> T run(String failure, Function<Handle, T> work) {
        try {
            return sql.with(work::apply);
        } catch (JdbiException e) {
            throw new IllegalStateException(failure, e);
        }
    }
}
