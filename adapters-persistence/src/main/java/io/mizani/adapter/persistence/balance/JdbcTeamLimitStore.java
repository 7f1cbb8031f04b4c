package io.mizani.adapter.persistence.balance;

import io.mizani.domain.payment.Payment;
import io.mizani.domain.common.Money;
import io.mizani.adapter.persistence.common.Sql;

import io.mizani.application.balance.TeamLimitStore;
import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.payment.RequestType;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.math.BigDecimal;
import java.sql.Date;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;

/**
 * tier_limits, team_daily_usage and payment_limit_counts. A Team's counter of a day is created on first use from
 * the payments it already accepted that day (not failed; summed only then), then moves only by one conditional
 * UPDATE: concurrent acceptances on any number of replicas are judged one after another on that row.
 */
@Singleton
public class JdbcTeamLimitStore implements TeamLimitStore {

    @Inject
    Sql sql;

    @Inject
    io.mizani.adapter.persistence.common.CacheVersions versions;

    private volatile io.mizani.adapter.persistence.common.CacheVersions.Cache<String, TierLimits> cache;

    /** A tier and its daily limits. */
    private record Tier(int tier, TierLimits.Limit limit) {
    }

    private static final RowMapper<Tier> TIER = (rs, ctx) -> new Tier(rs.getInt(1),
            new TierLimits.Limit(rs.getBigDecimal(2), rs.getBigDecimal(3)));
    private static final RowMapper<Integer> KYC_TIER = (rs, ctx) -> rs.getInt(1);
    private static final RowMapper<BigDecimal> TOTAL_USD = (rs, ctx) -> rs.getBigDecimal(1);

    /** Cached per instance, dropped when the {@code tier_limits} version counter moves (V14_1). */
    @Override
    public TierLimits load() {
        if (cache == null) {
            cache = versions.cache(io.mizani.adapter.persistence.common.CacheVersions.TIER_LIMITS, 1);
        }
        return cache.get("all", k -> read());
    }

    private TierLimits read() {
        return sql.with(h -> {
            var tiers = new HashMap<Integer, TierLimits.Limit>();
            h.createQuery("SELECT kyc_tier, withdrawal_daily_usd, collection_daily_usd FROM tier_limits ORDER BY kyc_tier")
                    .map(TIER).forEach(t -> tiers.put(t.tier(), t.limit()));
            return new TierLimits(tiers);
        });
    }

    @Override
    public void replace(TierLimits limits) {
        sql.use(h -> {
            h.createUpdate("DELETE FROM tier_limits").execute();
            try (var insert = h.prepareBatch("""
                    INSERT INTO tier_limits (kyc_tier, withdrawal_daily_usd, collection_daily_usd)
                    VALUES (:tier, :withdrawal, :collection)""")) {
                for (var e : limits.tiers().entrySet()) {
                    insert.bind("tier", e.getKey()).bind("withdrawal", e.getValue().withdrawalDailyUsd())
                            .bind("collection", e.getValue().collectionDailyUsd()).add();
                }
                insert.execute();
            }
            // counters are only kept while a limit applies: recount from the payments on next use
            h.createUpdate("DELETE FROM team_daily_usage").execute();
            versions.changed(io.mizani.adapter.persistence.common.CacheVersions.TIER_LIMITS);
        });
    }

    @Override
    public int tierOf(long accountId) {
        return sql.with(h -> h.createQuery("SELECT kyc_tier FROM accounts WHERE id = :account")
                .bind("account", accountId).map(KYC_TIER).findFirst().orElse(0));
    }

    @Override
    public boolean tryCount(long accountId, LocalDate day, RequestType type, long paymentId, Money counted,
                            Money limitUsd) {
        Long[] ids = {paymentId};
        BigDecimal[] amounts = {usd(counted)};
        return sql.with(h -> {
            openDay(h, accountId, day, type, ids);
            if (addIfFits(h, accountId, day, type, amounts[0], usd(limitUsd)).isEmpty()) {
                return false;
            }
            recordCounted(h, accountId, day, type, ids, amounts);
            return true;
        });
    }

    @Override
    public int tryCountAll(long accountId, LocalDate day, RequestType type, java.util.List<Count> payments,
                           Money limitUsd) {
        Long[] ids = new Long[payments.size()];
        BigDecimal[] amounts = new BigDecimal[payments.size()];
        for (int i = 0; i < payments.size(); i++) {
            ids[i] = payments.get(i).paymentId();
            amounts[i] = usd(payments.get(i).amountUsd());
        }
        BigDecimal limit = usd(limitUsd);
        return sql.with(h -> {
            openDay(h, accountId, day, type, ids);
            // in order, the sum: every prefix of positive amounts fits when the whole does
            if (addIfFits(h, accountId, day, type, sum(amounts), limit).isEmpty()) {
                return firstOver(h, accountId, day, type, amounts, limit);
            }
            recordCounted(h, accountId, day, type, ids, amounts);
            return -1;
        });
    }

    @Override
    public int tryCountSum(long accountId, LocalDate day, RequestType type, java.util.List<Money> amountsUsd,
                           Money limitUsd) {
        BigDecimal[] amounts = amountsUsd.stream().map(JdbcTeamLimitStore::usd).toArray(BigDecimal[]::new);
        BigDecimal limit = usd(limitUsd);
        return sql.with(h -> {
            // the batch's payments do not exist yet: the day's counter, when created now, is every other payment
            openDay(h, accountId, day, type, new Long[0]);
            return addIfFits(h, accountId, day, type, sum(amounts), limit).isPresent()
                    ? -1 : firstOver(h, accountId, day, type, amounts, limit);
        });
    }

    @Override
    public void counted(long accountId, LocalDate day, RequestType type, java.util.List<Count> payments) {
        Long[] ids = payments.stream().map(Count::paymentId).toArray(Long[]::new);
        BigDecimal[] amounts = payments.stream().map(c -> usd(c.amountUsd())).toArray(BigDecimal[]::new);
        sql.use(h -> recordCounted(h, accountId, day, type, ids, amounts));
    }

    /**
     * Creates the Team's counter of the day and type, if it does not exist yet, from the payments it accepted that day
     * (not failed), leaving out {@code notCounted} (the payments being counted now). The day's payments are summed
     * only when the counter is missing: once it exists, it moves only by {@link #addIfFits} and {@link #release}.
     */
    private static void openDay(Handle h, long accountId, LocalDate day, RequestType type, Long[] notCounted) {
        h.createUpdate("""
                INSERT INTO team_daily_usage (account_id, day, request_type, total_usd)
                SELECT :account, :day, :type, (SELECT coalesce(sum(amount_usd), 0) FROM payments
                    WHERE account_id = :account AND request_type = :type AND status <> 'failed'
                      AND created_at >= :start AND id <> ALL (:ids))
                WHERE NOT EXISTS (SELECT 1 FROM team_daily_usage
                    WHERE account_id = :account AND day = :day AND request_type = :type)
                ON CONFLICT (account_id, day, request_type) DO NOTHING""")
                .bind("account", accountId).bind("day", Date.valueOf(day)).bind("type", type.wire())
                .bind("start", java.sql.Timestamp.from(day.atStartOfDay(ZoneOffset.UTC).toInstant()))
                .bind("ids", Sql.array("bigint", notCounted)).execute();
    }

    /** Adds {@code amount} to the day's counter if it stays at or under {@code limit}: the counter after, if added. */
    private static Optional<BigDecimal> addIfFits(Handle h, long accountId, LocalDate day, RequestType type,
                                                  BigDecimal amount, BigDecimal limit) {
        return h.createQuery("""
                UPDATE team_daily_usage SET total_usd = total_usd + :amount
                WHERE account_id = :account AND day = :day AND request_type = :type AND total_usd + :amount <= :limit
                RETURNING total_usd""")
                .bind("amount", amount).bind("account", accountId).bind("day", Date.valueOf(day))
                .bind("type", type.wire()).bind("limit", limit).map(TOTAL_USD).findFirst();
    }

    /** Records the payments as counted on that day (what {@link #release} gives back). */
    private static void recordCounted(Handle h, long accountId, LocalDate day, RequestType type, Long[] ids,
                                      BigDecimal[] amounts) {
        h.createUpdate("""
                INSERT INTO payment_limit_counts (payment_id, account_id, day, request_type, amount_usd)
                SELECT v.id, :account, :day, :type, v.usd
                FROM unnest(:ids::bigint[], :amounts::numeric[]) AS v(id, usd)""")
                .bind("account", accountId).bind("day", Date.valueOf(day)).bind("type", type.wire())
                .bind("ids", Sql.array("bigint", ids)).bind("amounts", Sql.array("numeric", amounts)).execute();
    }

    private static BigDecimal sum(BigDecimal[] amounts) {
        BigDecimal total = BigDecimal.ZERO;
        for (BigDecimal a : amounts) {
            total = total.add(a);
        }
        return total;
    }

    /** The index of the first amount that takes the counter (as it stands now) over the limit. */
    private static int firstOver(Handle h, long accountId, LocalDate day, RequestType type, BigDecimal[] amounts,
                                 BigDecimal limit) {
        BigDecimal counted = h.createQuery("""
                SELECT total_usd FROM team_daily_usage WHERE account_id = :account AND day = :day
                  AND request_type = :type""")
                .bind("account", accountId).bind("day", Date.valueOf(day)).bind("type", type.wire())
                .map(TOTAL_USD).findFirst().orElse(BigDecimal.ZERO);
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
        sql.use(h -> h.createUpdate("""
                WITH given_back AS (
                    UPDATE payment_limit_counts SET released = true
                    WHERE payment_id = :payment AND NOT released
                    RETURNING account_id, day, request_type, amount_usd)
                UPDATE team_daily_usage u SET total_usd = greatest(u.total_usd - g.amount_usd, 0)
                FROM given_back g
                WHERE u.account_id = g.account_id AND u.day = g.day AND u.request_type = g.request_type""")
                .bind("payment", paymentId).execute());
    }


    /** The amount of a USD value (the limits and the counts are kept in USD; another currency is a defect). */
    private static BigDecimal usd(Money amount) {
        if (!Payment.Amounts.USD.equals(amount.currency())) {
            throw new Money.CurrencyMismatch(amount, Money.zero(Payment.Amounts.USD));
        }
        return amount.amount();
    }
}
