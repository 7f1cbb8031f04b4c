package io.mizani.domain.beneficiary;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;

/**
 * The tier-0 envelope (service-api.md, Limits) as pure functions. A {@code tier_0} beneficiary clears a payment
 * only when all hold: the currency is not ZAR, BWP or NGN; the amount is under 20 USD; its lifetime tier-0 total
 * (before this payment) is under 200 USD. A {@code full} beneficiary clears everything and is never counted.
 */
public final class Tier0Envelope {

    public static final BigDecimal MAX_TRANSACTION_USD = new BigDecimal("20.00");
    public static final BigDecimal LIFETIME_LIMIT_USD = new BigDecimal("200.00");
    public static final List<String> EXCLUDED_CURRENCIES = List.of("ZAR", "BWP", "NGN");

    /** The exact refusal message of the contract. */
    public static final String REFUSAL_MESSAGE = "full KYC information is required for the transaction";

    private Tier0Envelope() {
    }

    public static Tier0Decision judge(KycLevel level, String currency, BigDecimal amountUsd, BigDecimal lifetimeUsd) {
        if (level == KycLevel.FULL) {
            return new Tier0Decision.Clear(false);
        }
        String code = currency == null ? "" : currency.strip().toUpperCase(Locale.ROOT);
        if (EXCLUDED_CURRENCIES.contains(code)) {
            return new Tier0Decision.Refused(Tier0Decision.Rule.EXCLUDED_CURRENCY,
                    "payments in " + code + " need full KYC");
        }
        if (amountUsd.compareTo(MAX_TRANSACTION_USD) >= 0) {
            return new Tier0Decision.Refused(Tier0Decision.Rule.OVER_TRANSACTION_MAX,
                    "amount " + usd(amountUsd) + " USD is not under the tier-0 maximum of "
                            + usd(MAX_TRANSACTION_USD) + " USD per transaction");
        }
        if (limitReached(lifetimeUsd)) {
            return new Tier0Decision.Refused(Tier0Decision.Rule.LIFETIME_LIMIT_REACHED,
                    "lifetime tier-0 total " + usd(lifetimeUsd) + " USD has reached the limit of "
                            + usd(LIFETIME_LIMIT_USD) + " USD");
        }
        return new Tier0Decision.Clear(true);
    }

    /** Headroom before full KYC is mandatory: the limit minus the lifetime total, never below zero. */
    public static BigDecimal remaining(BigDecimal lifetimeUsd) {
        BigDecimal left = LIFETIME_LIMIT_USD.subtract(lifetimeUsd);
        return left.max(BigDecimal.ZERO).setScale(2, RoundingMode.HALF_EVEN);
    }

    public static boolean limitReached(BigDecimal lifetimeUsd) {
        return lifetimeUsd.compareTo(LIFETIME_LIMIT_USD) >= 0;
    }

    private static String usd(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }
}
