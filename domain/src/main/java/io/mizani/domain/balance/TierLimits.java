package io.mizani.domain.balance;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.RequestType;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Daily USD limits per Team KYC tier (0 to 3). A missing tier or a null field is "no limit". Values are kept as
 * the operator gave them, without trailing zeros (100.50 → 100.5), and are at least zero with at most two decimals.
 */
public record TierLimits(Map<Integer, Limit> tiers) {

    public static final int MIN_TIER = 0;
    public static final int MAX_TIER = 3;

    public record Limit(BigDecimal withdrawalDailyUsd, BigDecimal collectionDailyUsd) {
        public Limit {
            withdrawalDailyUsd = check(withdrawalDailyUsd, "withdrawal_daily_usd");
            collectionDailyUsd = check(collectionDailyUsd, "collection_daily_usd");
        }

        public Optional<BigDecimal> of(RequestType type) {
            return Optional.ofNullable(type == RequestType.PAYMENT ? collectionDailyUsd : withdrawalDailyUsd);
        }
    }

    public TierLimits {
        var copy = new TreeMap<Integer, Limit>();
        tiers.forEach((tier, limit) -> {
            if (tier == null || tier < MIN_TIER || tier > MAX_TIER) {
                throw DomainError.invalidArgument("tiers: kyc tier must be one of 0, 1, 2, 3");
            }
            copy.put(tier, limit == null ? new Limit(null, null) : limit);
        });
        tiers = Collections.unmodifiableMap(copy);
    }

    public static TierLimits none() {
        return new TierLimits(Map.of());
    }

    /** The limit of {@code tier} for {@code type}, if any. */
    public Optional<BigDecimal> limitFor(int tier, RequestType type) {
        Limit l = tiers.get(tier);
        return l == null ? Optional.empty() : l.of(type);
    }

    static BigDecimal check(BigDecimal v, String field) {
        if (v == null) {
            return null;
        }
        if (v.signum() < 0) {
            throw DomainError.invalidArgument(field + " must be zero or more");
        }
        Money.twoDecimals(field, v);
        BigDecimal s = v.stripTrailingZeros();
        if (s.precision() - s.scale() > 15) {
            throw DomainError.invalidArgument(field + " is too large");
        }
        return wholeUnits(s);
    }

    /** How a limit is written in messages: as configured, without trailing zeros. */
    static String plain(BigDecimal v) {
        return wholeUnits(v.stripTrailingZeros()).toPlainString();
    }

    /** 5E+2 → 500 (scale 0); a value with decimals is kept as it is. */
    private static BigDecimal wholeUnits(BigDecimal stripped) {
        return stripped.setScale(Math.max(stripped.scale(), 0));
    }
}
