package io.mizani.domain.payment;

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
        if (amount.stripTrailingZeros().scale() > 2) {
            throw DomainError.invalidArgument("amount must have at most two decimal places");
        }
        if (amount.compareTo(network.minAmount()) < 0 || amount.compareTo(network.maxAmount()) > 0) {
            throw DomainError.invalidArgument("amount must be between " + plain(network.minAmount()) + " and "
                    + plain(network.maxAmount()) + " " + network.currency());
        }
        if (amount.compareTo(network.fee()) <= 0) {
            throw DomainError.invalidArgument(
                    "the transaction amount is insufficient as it wont cater for cost: (" + plain(network.fee()) + ")");
        }
    }

    /** 15.00 → "15", 1.50 → "1.5". */
    public static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }
}
