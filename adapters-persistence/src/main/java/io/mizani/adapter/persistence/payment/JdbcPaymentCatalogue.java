package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.payment.CountryInfo;
import io.mizani.application.payment.PaymentCatalogue;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RampType;
import io.mizani.adapter.persistence.common.CacheVersions;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jdbi.v3.core.mapper.RowMapper;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The catalogue tables (payment_countries, payment_providers, payment_networks) and the foundation's
 * account_payment_providers, both cached per instance and dropped when the {@code payment_catalogue} version counter
 * moves ({@link CacheVersions}: within one poll interval of a commit on any replica). The catalogue snapshot is also
 * reloaded after {@code mizani.payments.catalogue-cache} at the latest. Jdbi with named parameters.
 */
@Singleton
public class JdbcPaymentCatalogue implements PaymentCatalogue {

    private record Snapshot(long loadedAtNanos, List<CountryInfo> countries, Map<String, List<Network>> networks) {
    }

    private static final RowMapper<CountryInfo> COUNTRY = (rs, ctx) ->
            new CountryInfo(rs.getString(1).trim(), rs.getString(2), rs.getString(3).trim());

    private static final RowMapper<Network> NETWORK = (rs, ctx) -> network(rs);

    @Inject
    Sql sql;

    @ConfigProperty(name = "mizani.payments.catalogue-cache", defaultValue = "PT5S")
    Duration cacheFor;

    @Inject
    CacheVersions versions;

    private volatile CacheVersions.Cache<String, Snapshot> snapshots;
    private volatile CacheVersions.Cache<Long, Set<String>> assigned;

    private CacheVersions.Cache<Long, Set<String>> assigned() {
        if (assigned == null) {
            assigned = versions.cache(CacheVersions.PAYMENT_CATALOGUE, 100_000);
        }
        return assigned;
    }

    private CacheVersions.Cache<String, Snapshot> snapshots() {
        if (snapshots == null) {
            snapshots = versions.cache(CacheVersions.PAYMENT_CATALOGUE, 1);
        }
        return snapshots;
    }

    @Override
    public List<CountryInfo> countries() {
        return snapshot().countries();
    }

    @Override
    public Optional<CountryInfo> country(String code) {
        return snapshot().countries().stream().filter(c -> c.code().equals(code)).findFirst();
    }

    @Override
    public List<Network> networks(String country) {
        return snapshot().networks().getOrDefault(country, List.of());
    }

    @Override
    public Set<String> assignedProviders(long accountId) {
        return assigned().get(accountId, this::readAssigned);
    }

    private Set<String> readAssigned(long accountId) {
        return sql.with(h -> Set.copyOf(h.createQuery(
                        "SELECT provider_code FROM account_payment_providers WHERE account_id = :account")
                .bind("account", accountId).mapTo(String.class).collectIntoSet()));
    }

    /** Drops the cache (after an operator edit, and in tests). */
    public void refresh() {
        versions.changed(CacheVersions.PAYMENT_CATALOGUE);
    }

    private Snapshot snapshot() {
        Snapshot s = snapshots().get("all", k -> load());
        if (System.nanoTime() - s.loadedAtNanos() > cacheFor.toNanos()) {
            versions.changed(CacheVersions.PAYMENT_CATALOGUE);
            s = snapshots().get("all", k -> load());
        }
        return s;
    }

    private Snapshot load() {
        return sql.with(h -> {
            List<CountryInfo> countries = h.createQuery(
                            "SELECT code, name, currency FROM payment_countries ORDER BY sort_order, code")
                    .map(COUNTRY).list();
            var networks = new ConcurrentHashMap<String, List<Network>>();
            h.createQuery("""
                            SELECT n.network_id, n.network_name, n.network_code, n.channel_id, n.channel_type, n.account_type,
                                   n.ramp_type, n.min_amount, n.max_amount, n.fee, n.provider_code, p.country, co.currency, n.status
                            FROM payment_networks n
                            JOIN payment_providers p ON p.code = n.provider_code
                            JOIN payment_countries co ON co.code = p.country
                            ORDER BY p.country, p.sort_order, p.code, n.network_id,
                                     CASE n.ramp_type WHEN 'deposit' THEN 0 ELSE 1 END""")
                    .map(NETWORK)
                    .forEach(n -> networks.computeIfAbsent(n.identity().country(), k -> new ArrayList<>()).add(n));
            return new Snapshot(System.nanoTime(), List.copyOf(countries), Map.copyOf(networks));
        });
    }

    private static Network network(ResultSet rs) throws SQLException {
        String currency = rs.getString("currency").trim();
        var identity = new Network.Identity(rs.getString("provider_code"), rs.getString("country").trim(),
                rs.getString("network_id"), rs.getString("network_name"), rs.getString("network_code"));
        var channel = new Network.Channel(rs.getString("channel_id"), Rail.parse(rs.getString("channel_type")).orElseThrow(),
                RampType.parse(rs.getString("ramp_type")).orElseThrow(), rs.getString("account_type"));
        var limits = new Network.Limits(Money.of(rs.getBigDecimal("min_amount"), currency),
                Money.of(rs.getBigDecimal("max_amount"), currency), Money.of(rs.getBigDecimal("fee"), currency));
        return new Network(identity, channel, limits, "active".equals(rs.getString("status")));
    }
}
