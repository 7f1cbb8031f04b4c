package io.mizani.domain.payment;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;

import java.math.BigDecimal;

/**
 * The amount checks of a payment, in the contract's order: at most two decimal places, inside the network's
 * min/max, then strictly above the network's fee (the cost the amount must cater for).
 */
public final class AmountRules {

    private AmountRules() {
    }

    public static void check(BigDecimal amount, Network network) {
        if (amount == null) {
            throw DomainError.invalidArgument("amount is required");
        }
        Money.twoDecimals("amount", amount);
        Network.Limits limits = network.limits();
        BigDecimal min = limits.min().amount();
        BigDecimal max = limits.max().amount();
        BigDecimal fee = limits.fee().amount();
        if (amount.compareTo(min) < 0 || amount.compareTo(max) > 0) {
            throw DomainError.invalidArgument("amount must be between " + plain(min) + " and "
                    + plain(max) + " " + limits.currency());
        }
        if (amount.compareTo(fee) <= 0) {
            throw DomainError.invalidArgument(
                    "the transaction amount is insufficient as it wont cater for cost: (" + plain(fee) + ")");
        }
    }

    /** 15.00 → "15", 1.50 → "1.5". */
    public static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }
}
