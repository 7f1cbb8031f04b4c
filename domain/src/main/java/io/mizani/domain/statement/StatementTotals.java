package io.mizani.domain.statement;

import io.mizani.domain.common.Money;

import java.util.Objects;

/**
 * What a statement adds up to, entry by entry: the opening balance, the credits (sum of the positive amounts), the
 * debits (sum of the negative amounts, shown as a positive number) and the count. The closing balance is derived,
 * never stored apart: {@code closing = opening + credits - debits = opening + sum of amount}, so the file's identity
 * holds by construction. Every amount must be in the statement's currency ({@link Money.CurrencyMismatch} otherwise).
 */
public record StatementTotals(Money opening, Money credits, Money debits, long entryCount) {

    public StatementTotals {
        Objects.requireNonNull(opening, "opening");
        Objects.requireNonNull(credits, "credits");
        Objects.requireNonNull(debits, "debits");
        if (credits.isNegative() || debits.isNegative() || entryCount < 0) {
            throw new IllegalArgumentException("credits, debits and the count are never negative");
        }
        if (!credits.currency().equals(opening.currency()) || !debits.currency().equals(opening.currency())) {
            throw new Money.CurrencyMismatch(opening, credits.currency().equals(opening.currency()) ? debits : credits);
        }
    }

    /** Nothing counted yet: the balance before the period's first day. */
    public static StatementTotals opening(Money opening) {
        return new StatementTotals(opening, Money.zero(opening.currency()), Money.zero(opening.currency()), 0);
    }

    /** The totals after one more entry of signed {@code amount}. */
    public StatementTotals add(Money amount) {
        if (amount.isNegative()) {
            return new StatementTotals(opening, credits, debits.plus(amount.negated()), entryCount + 1);
        }
        return new StatementTotals(opening, credits.plus(amount), debits.plus(Money.zero(amount.currency())),
                entryCount + 1);
    }

    public Money closing() {
        return opening.plus(credits).minus(debits);
    }
}
