package io.mizani.domain.common;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * An amount in a currency (ISO 4217 code). The amount is kept exactly as given (the stores and the price lists
 * already hold it at scale 2); {@link #equals} compares the scale too, as {@link BigDecimal} does.
 */
public record Money(BigDecimal amount, String currency) {

    public Money {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(currency, "currency");
    }

    public static Money of(BigDecimal amount, String currency) {
        return new Money(amount, currency);
    }

    /** Zero at scale 2 in {@code currency}. */
    public static Money zero(String currency) {
        return new Money(BigDecimal.ZERO.setScale(2), currency);
    }
}
