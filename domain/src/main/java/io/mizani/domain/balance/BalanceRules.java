package io.mizani.domain.balance;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.RequestType;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The money rules of the payment balance (platform.md section 9), as pure functions. */
public final class BalanceRules {

    private BalanceRules() {
    }

    /** What a succeeded collection credits: {@code amount − fee}, never below zero. */
    public static BigDecimal collectionCredit(BigDecimal amount, BigDecimal fee) {
        BigDecimal net = amount.subtract(fee == null ? BigDecimal.ZERO : fee);
        return net.max(BigDecimal.ZERO).setScale(2, RoundingMode.HALF_EVEN);
    }

    /** What a withdrawal reserves at acceptance: {@code amount + fee}. */
    public static BigDecimal withdrawalNeed(BigDecimal amount, BigDecimal fee) {
        return amount.add(fee == null ? BigDecimal.ZERO : fee).setScale(2, RoundingMode.HALF_EVEN);
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
