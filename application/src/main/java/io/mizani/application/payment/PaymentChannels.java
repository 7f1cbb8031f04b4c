package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.WireName;
import io.mizani.domain.payment.Network;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The merchant's payment channels (platform.md section 14): one per provider assigned to the Team and country it
 * serves, with its rails, the ramps open now ({@code deposit}, {@code withdraw}), {@code active} when at least one
 * is, and whether the provider answered lately ({@link ProviderHealth}). A Team with no providers has no channels.
 */
public final class PaymentChannels {

    /** One channel as listed. */
    public record Channel(String provider, String country, String currency, List<String> rails, List<String> ramps,
                          ChannelStatus status, boolean available) {
    }

    /** A channel is {@code active} when at least one of its ramps is open, else {@code inactive}. */
    public enum ChannelStatus implements WireName {
        ACTIVE("active"), INACTIVE("inactive");

        private final String wire;

        ChannelStatus(String wire) {
            this.wire = wire;
        }

        @Override
        public String wire() {
            return wire;
        }
    }

    private final PaymentCatalogue catalogue;
    private final ProviderHealth health;
    private final UnitOfWork unitOfWork;

    public PaymentChannels(PaymentCatalogue catalogue, ProviderHealth health, UnitOfWork unitOfWork) {
        this.catalogue = catalogue;
        this.health = health;
        this.unitOfWork = unitOfWork;
    }

    public List<Channel> list(long accountId) {
        return unitOfWork.inTransaction(() -> {
            Set<String> assigned = catalogue.assignedProviders(accountId);
            List<Channel> out = new ArrayList<>();
            if (assigned.isEmpty()) {
                return out;
            }
            for (CountryInfo country : catalogue.countries()) {
                Map<String, List<Network>> byProvider = new LinkedHashMap<>();
                for (Network n : catalogue.networks(country.code())) {
                    if (assigned.contains(n.identity().provider())) {
                        byProvider.computeIfAbsent(n.identity().provider(), p -> new ArrayList<>()).add(n);
                    }
                }
                byProvider.forEach((provider, networks) -> {
                    Set<String> rails = new TreeSet<>();
                    Set<String> ramps = new TreeSet<>();
                    for (Network n : networks) {
                        rails.add(n.channel().rail().wire());
                        if (n.active()) {
                            ramps.add(n.channel().ramp().wire());
                        }
                    }
                    out.add(new Channel(provider, country.code(), country.currency(), List.copyOf(rails),
                            List.copyOf(ramps), ramps.isEmpty() ? ChannelStatus.INACTIVE : ChannelStatus.ACTIVE,
                            health.available(provider)));
                });
            }
            out.sort(java.util.Comparator.comparing(Channel::country).thenComparing(Channel::provider));
            return out;
        });
    }
}
