package io.mizani.domain.common;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Units of a currency per 1 USD. {@link #toUsd} rounds half-even to cents; {@link #toUsdExact} does not. */
public final class RateTable {

    /** Sandbox defaults of the platform contract (section 7). */
    public static final Map<String, BigDecimal> SANDBOX_DEFAULTS = Map.of(
            "KES", new BigDecimal("129"), "NGN", new BigDecimal("1550"), "GHS", new BigDecimal("15.5"),
            "UGX", new BigDecimal("3700"), "TZS", new BigDecimal("2600"), "ZAR", new BigDecimal("18"),
            "BWP", new BigDecimal("13.5"), "XOF", new BigDecimal("600"), "USD", BigDecimal.ONE);

    private final Map<String, BigDecimal> unitsPerUsd;

    public RateTable(Map<String, BigDecimal> unitsPerUsd) {
        var copy = new TreeMap<String, BigDecimal>();
        unitsPerUsd.forEach((currency, rate) -> {
            if (rate == null || rate.signum() <= 0) {
                throw new IllegalArgumentException("rate for " + currency + " must be positive");
            }
            copy.put(currency.toUpperCase(Locale.ROOT), rate);
        });
        this.unitsPerUsd = Map.copyOf(copy);
    }

    public static RateTable sandbox() {
        return new RateTable(SANDBOX_DEFAULTS);
    }

    public boolean knows(String currency) {
        return currency != null && unitsPerUsd.containsKey(currency.toUpperCase(Locale.ROOT));
    }

    /** USD rounded half-even to cents: what is stored and shown ({@code amount_usd}). */
    public Optional<BigDecimal> toUsd(String currency, BigDecimal amount) {
        return toUsdExact(currency, amount).map(usd -> usd.setScale(2, RoundingMode.HALF_EVEN));
    }

    /**
     * USD to 12 decimal places, for judging limits: "under 20 USD" must accept 19.995 USD, which rounding to cents
     * would turn into 20.00.
     */
    public Optional<BigDecimal> toUsdExact(String currency, BigDecimal amount) {
        if (currency == null || amount == null) {
            return Optional.empty();
        }
        BigDecimal rate = unitsPerUsd.get(currency.toUpperCase(Locale.ROOT));
        return rate == null ? Optional.empty() : Optional.of(amount.divide(rate, 12, RoundingMode.HALF_EVEN));
    }

    public Map<String, BigDecimal> rates() {
        return unitsPerUsd;
    }
}
