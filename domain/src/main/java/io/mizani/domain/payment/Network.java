package io.mizani.domain.payment;

import io.mizani.domain.common.Money;

import java.util.Objects;

/**
 * One network of a provider for one direction (a "channel"): the unit discovery lists and a payment routes to. In
 * named parts: who carries it ({@link Identity}), the channel ({@link Channel}: rail, direction, account type), its
 * bounds in the country's currency ({@link Limits}: the fee is the cost the amount must exceed) and whether it is
 * switched on ({@code active}).
 */
public record Network(Identity identity, Channel channel, Limits limits, boolean active) {

    /** The provider and the country it serves, and the network's own id, display name and code. */
    public record Identity(String provider, String country, String networkId, String networkName,
                           String networkCode) {

        public Identity {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(networkId, "networkId");
        }
    }

    /** The channel's id, the rail it carries, its direction (ramp) and the account type it pays into or from. */
    public record Channel(String channelId, Rail rail, RampType ramp, String accountType) {

        public Channel {
            Objects.requireNonNull(rail, "rail");
            Objects.requireNonNull(ramp, "ramp");
        }
    }

    /** The smallest and largest amount and the fee, all in the country's currency. */
    public record Limits(Money min, Money max, Money fee) {

        public Limits {
            Objects.requireNonNull(min, "min");
            Objects.requireNonNull(max, "max");
            Objects.requireNonNull(fee, "fee");
            if (!min.currency().equals(max.currency()) || !min.currency().equals(fee.currency())) {
                throw new IllegalArgumentException("limits in more than one currency");
            }
        }

        public String currency() {
            return min.currency();
        }
    }

    public Network {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(limits, "limits");
    }

    public String status() {
        return active ? "active" : "inactive";
    }
}
