package io.mizani.domain.common;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

import io.mizani.domain.error.DomainError;

/**
 * An amount in a currency (ISO 4217 code). The amount is kept exactly as given (the stores and the price lists
 * already hold it at scale 2); {@link #equals} compares the scale too, as {@link BigDecimal} does.
 * <p>
 * Arithmetic and comparison refuse two currencies ({@link CurrencyMismatch}, as Joda-Money's
 * {@code checkCurrencyEqual} does): adding KES to NGN is a defect, never a result. Results are at scale 2.
 */
public record Money(BigDecimal amount, String currency) implements Comparable<Money> {

    /** The one wording of the two-decimals rule for amounts merchants and operators send. */
    public static final String TWO_DECIMALS = "must have at most two decimal places";

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

    /**
     * An amount a client sent, named {@code field} in the refusal: required, at most two decimal places
     * (400 {@code invalid_argument} "{@code <field> must have at most two decimal places}"), kept at scale 2.
     */
    public static Money parse(String field, BigDecimal amount, String currency) {
        if (amount == null) {
            throw DomainError.invalidArgument(field + " is required");
        }
        return new Money(twoDecimals(field, amount), currency);
    }

    /**
     * The one home of the two-decimals rule for every amount a client or operator sends (payments, refunds, balance
     * adjustments, wallet credits, tier limits, routing costs): more than two decimal places is 400
     * {@code invalid_argument} "{@code <field> must have at most two decimal places}"; 1.5 and 1.50 pass. Answers the
     * amount at scale 2.
     */
    public static BigDecimal twoDecimals(String field, BigDecimal amount) {
        Objects.requireNonNull(amount, field);
        if (amount.stripTrailingZeros().scale() > 2) {
            throw DomainError.invalidArgument(field + " " + TWO_DECIMALS);
        }
        return amount.setScale(2, RoundingMode.UNNECESSARY);
    }

    public Money plus(Money other) {
        checkCurrencyEqual(other);
        return new Money(amount.add(other.amount).setScale(2, RoundingMode.UNNECESSARY), currency);
    }

    public Money minus(Money other) {
        checkCurrencyEqual(other);
        return new Money(amount.subtract(other.amount).setScale(2, RoundingMode.UNNECESSARY), currency);
    }

    public Money negated() {
        return new Money(amount.negate(), currency);
    }

    public boolean isAtLeast(Money other) {
        return compareTo(other) >= 0;
    }

    public boolean isGreaterThan(Money other) {
        return compareTo(other) > 0;
    }

    public boolean isPositive() {
        return amount.signum() > 0;
    }

    public boolean isNegative() {
        return amount.signum() < 0;
    }

    public boolean isZero() {
        return amount.signum() == 0;
    }

    /** The larger of this and zero. */
    public Money atLeastZero() {
        return isNegative() ? zero(currency) : this;
    }

    @Override
    public int compareTo(Money other) {
        checkCurrencyEqual(other);
        return amount.compareTo(other.amount);
    }

    /** The amount with two decimals, as refusals and CSV files show it ({@code 1250000.00}). */
    public String twoDecimals() {
        return amount.setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** Equal amounts in the same currency, whatever their scale (1.5 and 1.50). */
    public boolean isSameAs(Money other) {
        return currency.equals(other.currency) && amount.compareTo(other.amount) == 0;
    }

    private void checkCurrencyEqual(Money other) {
        Objects.requireNonNull(other, "other");
        if (!currency.equals(other.currency)) {
            throw new CurrencyMismatch(this, other);
        }
    }

    /** Two amounts in different currencies met in one computation: a defect, not a client error. */
    public static final class CurrencyMismatch extends IllegalArgumentException {
        public CurrencyMismatch(Money a, Money b) {
            super("currencies differ: " + a.currency + " and " + b.currency);
        }
    }
}
