package io.mizani.domain.balance;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.RequestType;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The money rules of the payment balance (platform.md section 9), as pure functions. */
public final class BalanceRules {

    private BalanceRules() {
    }

    /** What a succeeded collection credits: {@code amount − fee}, never below zero, in the amount's currency. */
    public static Money collectionCredit(Money amount, Money fee) {
        BigDecimal net = amount.amount().subtract(feeIn(amount, fee));
        return Money.of(net.max(BigDecimal.ZERO).setScale(2, RoundingMode.HALF_EVEN), amount.currency());
    }

    /** What a withdrawal reserves at acceptance: {@code amount + fee}, in the amount's currency. */
    public static Money withdrawalNeed(Money amount, Money fee) {
        return Money.of(amount.amount().add(feeIn(amount, fee)).setScale(2, RoundingMode.HALF_EVEN), amount.currency());
    }

    /** The fee's amount, zero when there is none; a fee in another currency is a defect ({@link Money.CurrencyMismatch}). */
    private static BigDecimal feeIn(Money amount, Money fee) {
        if (fee == null) {
            return BigDecimal.ZERO;
        }
        if (!fee.currency().equals(amount.currency())) {
            throw new Money.CurrencyMismatch(amount, fee);
        }
        return fee.amount();
    }

    /** 400 insufficient_balance with both amounts in two decimals. */
    public static DomainError insufficient(BigDecimal available, String currency, BigDecimal needed) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "insufficient_balance",
                "insufficient balance: " + two(available) + " " + currency + " available, " + two(needed) + " needed");
    }

    /** 400 invalid_argument: the Team's daily limit of its tier for this request type is reached. */
    public static DomainError dailyLimitReached(RequestType type, BigDecimal limit, int tier) {
        String kind = type == RequestType.PAYMENT ? "collection" : "withdrawal";
        return DomainError.invalidArgument("daily " + kind + " limit of " + TierLimits.plain(limit) + " USD for kyc tier "
                + tier + " reached");
    }

    /** Two decimals, no exponent. */
    public static String two(BigDecimal v) {
        return (v == null ? BigDecimal.ZERO : v).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }
}
