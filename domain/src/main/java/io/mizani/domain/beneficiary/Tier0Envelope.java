package io.mizani.domain.beneficiary;

import io.mizani.domain.common.Money;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;

/**
 * The tier-0 envelope (service-api.md, Limits) as pure functions. A {@code tier_0} beneficiary clears a payment
 * only when all hold: the currency is not ZAR, BWP or NGN; the amount is under 20 USD; its lifetime tier-0 total
 * (before this payment) is under 200 USD. A {@code full} beneficiary clears everything and is never counted.
 * USD amounts are {@link Money} in {@value #USD}: a judgement on another currency is a defect
 * ({@link Money.CurrencyMismatch}), not a result.
 */
public final class Tier0Envelope {

    public static final BigDecimal MAX_TRANSACTION_USD = new BigDecimal("20.00");
    public static final BigDecimal LIFETIME_LIMIT_USD = new BigDecimal("200.00");
    public static final String USD = "USD";
    public static final Money MAX_TRANSACTION = Money.of(MAX_TRANSACTION_USD, USD);
    public static final Money LIFETIME_LIMIT = Money.of(LIFETIME_LIMIT_USD, USD);
    public static final List<String> EXCLUDED_CURRENCIES = List.of("ZAR", "BWP", "NGN");

    /** The exact refusal message of the contract. */
    public static final String REFUSAL_MESSAGE = "full KYC information is required for the transaction";

    private Tier0Envelope() {
    }

    public static Tier0Decision judge(KycLevel level, String currency, Money amountUsd, Money lifetimeUsd) {
        if (level == KycLevel.FULL) {
            return new Tier0Decision.Clear(false);
        }
        String code = currency == null ? "" : currency.strip().toUpperCase(Locale.ROOT);
        if (EXCLUDED_CURRENCIES.contains(code)) {
            return new Tier0Decision.Refused(Tier0Decision.Rule.EXCLUDED_CURRENCY,
                    "payments in " + code + " need full KYC");
        }
        if (amountUsd.isAtLeast(MAX_TRANSACTION)) {
            return new Tier0Decision.Refused(Tier0Decision.Rule.OVER_TRANSACTION_MAX,
                    "amount " + amountUsd.twoDecimals() + " USD is not under the tier-0 maximum of "
                            + MAX_TRANSACTION.twoDecimals() + " USD per transaction");
        }
        if (limitReached(lifetimeUsd)) {
            return new Tier0Decision.Refused(Tier0Decision.Rule.LIFETIME_LIMIT_REACHED,
                    "lifetime tier-0 total " + lifetimeUsd.twoDecimals() + " USD has reached the limit of "
                            + LIFETIME_LIMIT.twoDecimals() + " USD");
        }
        return new Tier0Decision.Clear(true);
    }

    /** Headroom before full KYC is mandatory: the limit minus the lifetime total, never below zero. */
    public static BigDecimal remaining(BigDecimal lifetimeUsd) {
        BigDecimal left = LIFETIME_LIMIT_USD.subtract(lifetimeUsd);
        return left.max(BigDecimal.ZERO).setScale(2, RoundingMode.HALF_EVEN);
    }

    /** The lifetime total has reached the limit: nothing more clears as tier-0. */
    public static boolean limitReached(Money lifetimeUsd) {
        return lifetimeUsd.isAtLeast(LIFETIME_LIMIT);
    }

    /** {@link #limitReached(Money)} on a bare USD amount (the beneficiary JSON reads it so). */
    public static boolean limitReached(BigDecimal lifetimeUsd) {
        return lifetimeUsd.compareTo(LIFETIME_LIMIT_USD) >= 0;
    }
}
