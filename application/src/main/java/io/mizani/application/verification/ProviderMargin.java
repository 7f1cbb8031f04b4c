package io.mizani.application.verification;

import io.mizani.domain.common.Money;
import java.util.Objects;

/**
 * What one provider did for one check over a window: calls made, calls it answered, what they cost the platform,
 * what merchants were charged for the calls it answered (live checks only; cached replays have no provider call),
 * and the difference ({@link #margin}), all in the same currency.
 */
public record ProviderMargin(String provider, String check, long calls, long answered, Money cost, Money revenue) {

    public ProviderMargin {
        Objects.requireNonNull(cost, "cost");
        Objects.requireNonNull(revenue, "revenue");
        if (!cost.currency().equals(revenue.currency())) {
            throw new IllegalArgumentException("cost and revenue in different currencies");
        }
    }

    /** Revenue less cost. */
    public Money margin() {
        return Money.of(revenue.amount().subtract(cost.amount()), cost.currency());
    }
}
