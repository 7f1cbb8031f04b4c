package io.mizani.domain.operator;

import java.math.BigDecimal;
import java.util.Optional;

import io.mizani.domain.common.RateTable;

/**
 * platform.md section 18: an amount whose absolute value, in USD by the rate table, is at least the threshold needs
 * a second operator. An amount in a currency the rate table does not know always does (it cannot be shown to be
 * below the threshold).
 */
public record FourEyesRule(BigDecimal thresholdUsd, RateTable rates) {

    public FourEyesRule {
        if (thresholdUsd == null || thresholdUsd.signum() < 0) {
            throw new IllegalArgumentException("the approval threshold must be zero or more");
        }
    }

    public boolean needsApproval(String currency, BigDecimal amount) {
        Optional<BigDecimal> usd = rates.toUsdExact(currency, amount.abs());
        return usd.isEmpty() || usd.get().compareTo(thresholdUsd) >= 0;
    }
}
