package io.mizani.adapter.persistence.balance;

import io.mizani.domain.payment.Payment;
import io.mizani.domain.common.Money;
import io.mizani.adapter.persistence.common.Jdbc;

import io.mizani.application.balance.TeamLimitStore;
import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.payment.RequestType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import javax.sql.DataSource;

/**
 * tier_limits, team_daily_usage and payment_limit_counts. A Team's counter of a day is created on first use from
 * the payments it already accepted that day (not failed), then moves only by one conditional UPDATE: concurrent
 * acceptances on any number of replicas are judged one after another on that row.
 */
@ApplicationScoped
public class JdbcTeamLimitStore implements TeamLimitStore {

    @Inject
    DataSource dataSource;

    @Inject
    io.mizani.adapter.persistence.common.CacheVersions versions;

    private volatile io.mizani.adapter.persistence.common.CacheVersions.Cache<String, TierLimits> cache;

    /** Cached per instance, dropped when the {@code tier_limits} version counter moves (V14_1). */
    @Override
    public TierLimits load() {
        if (cache == null) {
            cache = versions.cache(io.mizani.adapter.persistence.common.CacheVersions.TIER_LIMITS, 1);
        }
        return cache.get("all", k -> read());
    }

    private TierLimits read() {
        return Jdbc.with(dataSource, c -> {
            var tiers = new HashMap<Integer, TierLimits.Limit>();
            try (var ps = c.prepareStatement(
                    "SELECT kyc_tier, withdrawal_daily_usd, collection_daily_usd FROM tier_limits ORDER BY kyc_tier");
                 var rs = ps.executeQuery()) {
                while (rs.next()) {
                    tiers.put(rs.getInt(1), new TierLimits.Limit(rs.getBigDecimal(2), rs.getBigDecimal(3)));
                }
            }
            return new TierLimits(tiers);
        });
    }

    @Override
    public void replace(TierLimits limits) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("DELETE FROM tier_limits")) {
                ps.executeUpdate();
            }
            try (var ps = c.prepareStatement(
                    "INSERT INTO tier_limits (kyc_tier, withdrawal_daily_usd, collection_daily_usd) VALUES (?, ?, ?)")) {
                for (var e : limits.tiers().entrySet()) {
                    Jdbc.bind(ps, e.getKey(), e.getValue().withdrawalDailyUsd(), e.getValue().collectionDailyUsd());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            // counters are only kept while a limit applies: recount from the payments on next use
            try (var ps = c.prepareStatement("DELETE FROM team_daily_usage")) {
                ps.executeUpdate();
            }
            versions.changed(io.mizani.adapter.persistence.common.CacheVersions.TIER_LIMITS);
            return null;
        });
    }

    @Override
    public int tierOf(long accountId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("SELECT kyc_tier FROM accounts WHERE id = ?"), accountId);
                 var rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        });
    }

    @Override
    public boolean tryCount(long accountId, LocalDate day, RequestType type, long paymentId, Money counted,
                            Money limitUsd) {
        BigDecimal amountUsd = usd(counted);
        BigDecimal limit = usd(limitUsd);
        return Jdbc.with(dataSource, c -> {
            var start = java.sql.Timestamp.from(day.atStartOfDay(ZoneOffset.UTC).toInstant());
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    INSERT INTO team_daily_usage (account_id, day, request_type, total_usd)
                    SELECT ?, ?, ?, coalesce(sum(amount_usd), 0) FROM payments
                    WHERE account_id = ? AND request_type = ? AND status <> 'failed' AND created_at >= ? AND id <> ?
                    ON CONFLICT (account_id, day, request_type) DO NOTHING"""),
                    accountId, Date.valueOf(day), type.wire(), accountId, type.wire(), start, paymentId)) {
                ps.executeUpdate();
            }
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    UPDATE team_daily_usage SET total_usd = total_usd + ?
                    WHERE account_id = ? AND day = ? AND request_type = ? AND total_usd + ? <= ?"""),
                    amountUsd, accountId, Date.valueOf(day), type.wire(), amountUsd, limit)) {
                if (ps.executeUpdate() != 1) {
                    return false;
                }
            }
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    INSERT INTO payment_limit_counts (payment_id, account_id, day, request_type, amount_usd)
                    VALUES (?, ?, ?, ?, ?)"""), paymentId, accountId, Date.valueOf(day), type.wire(), amountUsd)) {
                ps.executeUpdate();
            }
            return true;
        });
    }

    @Override
    public int tryCountAll(long accountId, LocalDate day, RequestType type, java.util.List<Count> payments,
                           Money limitUsd) {
        BigDecimal limit = usd(limitUsd);
        BigDecimal total = BigDecimal.ZERO;
        Long[] ids = new Long[payments.size()];
        BigDecimal[] amounts = new BigDecimal[payments.size()];
        for (int i = 0; i < payments.size(); i++) {
            amounts[i] = usd(payments.get(i).amountUsd());
            total = total.add(amounts[i]);
            ids[i] = payments.get(i).paymentId();
        }
        BigDecimal sum = total;
        return Jdbc.with(dataSource, c -> {
            var start = java.sql.Timestamp.from(day.atStartOfDay(ZoneOffset.UTC).toInstant());
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    INSERT INTO team_daily_usage (account_id, day, request_type, total_usd)
                    SELECT ?, ?, ?, coalesce(sum(amount_usd), 0) FROM payments
                    WHERE account_id = ? AND request_type = ? AND status <> 'failed' AND created_at >= ?
                      AND id <> ALL (?)
                    ON CONFLICT (account_id, day, request_type) DO NOTHING"""),
                    accountId, Date.valueOf(day), type.wire(), accountId, type.wire(), start)) {
                ps.setArray(7, c.createArrayOf("bigint", ids));
                ps.executeUpdate();
            }
            // in order, the sum: every prefix of positive amounts fits when the whole does
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    UPDATE team_daily_usage SET total_usd = total_usd + ?
                    WHERE account_id = ? AND day = ? AND request_type = ? AND total_usd + ? <= ?
                    RETURNING total_usd"""),
                    sum, accountId, Date.valueOf(day), type.wire(), sum, limit); var rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return firstOver(c, accountId, day, type, amounts, limit);
                }
            }
            try (var ps = c.prepareStatement("""
                    INSERT INTO payment_limit_counts (payment_id, account_id, day, request_type, amount_usd)
                    SELECT v.id, ?, ?, ?, v.usd FROM unnest(?::bigint[], ?::numeric[]) AS v(id, usd)""")) {
                ps.setLong(1, accountId);
                ps.setDate(2, Date.valueOf(day));
                ps.setString(3, type.wire());
                ps.setArray(4, c.createArrayOf("bigint", ids));
                ps.setArray(5, c.createArrayOf("numeric", amounts));
                ps.executeUpdate();
            }
            return -1;
        });
    }

    /** The index of the first amount that takes the counter (as it stands now) over the limit. */
    private static int firstOver(java.sql.Connection c, long accountId, LocalDate day, RequestType type,
                                 BigDecimal[] amounts, BigDecimal limit) throws java.sql.SQLException {
        BigDecimal counted = BigDecimal.ZERO;
        try (var ps = Jdbc.bind(c.prepareStatement(
                "SELECT total_usd FROM team_daily_usage WHERE account_id = ? AND day = ? AND request_type = ?"),
                accountId, Date.valueOf(day), type.wire()); var rs = ps.executeQuery()) {
            if (rs.next()) {
                counted = rs.getBigDecimal(1);
            }
        }
        for (int i = 0; i < amounts.length; i++) {
            counted = counted.add(amounts[i]);
            if (counted.compareTo(limit) > 0) {
                return i;
            }
        }
        return 0;
    }

    @Override
    public void release(long paymentId) {
        Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    WITH given_back AS (
                        UPDATE payment_limit_counts SET released = true
                        WHERE payment_id = ? AND NOT released
                        RETURNING account_id, day, request_type, amount_usd)
                    UPDATE team_daily_usage u SET total_usd = greatest(u.total_usd - g.amount_usd, 0)
                    FROM given_back g
                    WHERE u.account_id = g.account_id AND u.day = g.day AND u.request_type = g.request_type"""),
                    paymentId)) {
                return ps.executeUpdate();
            }
        });
    }

    /** The amount of a USD value (the limits and the counts are kept in USD; another currency is a defect). */
    private static BigDecimal usd(Money amount) {
        if (!Payment.Amounts.USD.equals(amount.currency())) {
            throw new Money.CurrencyMismatch(amount, Money.zero(Payment.Amounts.USD));
        }
        return amount.amount();
    }
}
