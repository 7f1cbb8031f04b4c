package io.mizani.domain.payment;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One network of a provider for one direction (a "channel"): the unit discovery lists and a payment routes to.
 * {@code fee} is the cost the amount must exceed. {@code active} false means the channel is switched off.
 */
public record Network(
        String networkId,
        String networkName,
        String networkCode,
        String channelId,
        Rail channelType,
        String accountType,
        RampType rampType,
        BigDecimal minAmount,
        BigDecimal maxAmount,
        BigDecimal fee,
        String provider,
        String country,
        String currency,
        boolean active) {

    public Network {
        Objects.requireNonNull(networkId, "networkId");
        Objects.requireNonNull(channelType, "channelType");
        Objects.requireNonNull(rampType, "rampType");
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(minAmount, "minAmount");
        Objects.requireNonNull(maxAmount, "maxAmount");
        Objects.requireNonNull(fee, "fee");
    }

    public String status() {
        return active ? "active" : "inactive";
    }
}
