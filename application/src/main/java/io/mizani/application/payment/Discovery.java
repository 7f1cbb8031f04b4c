package io.mizani.application.payment;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.AmountRules;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RampType;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.tenancy.AccountId;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Discovery use cases: discover-rails (only providers assigned to the account), the countries served, and the
 * routing options for a prospective payment (transaction-providers).
 */
public final class Discovery implements DiscoverRails, BrowseCountries, FindRoutes {

    private final PaymentCatalogue catalogue;

    public Discovery(PaymentCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    @Override
    public RailDiscovery discoverRails(long accountId, String countryParam) {
        String country = FindRoutes.normaliseCountry(countryParam);
        Optional<CountryInfo> info = catalogue.country(country);
        Set<String> assigned = catalogue.assignedProviders(accountId);
        List<Network> networks = info.isEmpty() ? List.of()
                : catalogue.networks(country).stream().filter(n -> assigned.contains(n.identity().provider())).toList();

        var available = new LinkedHashMap<String, List<String>>();
        for (Rail rail : Rail.values()) {
            available.put(rail.wire(), new ArrayList<>());
        }
        var providerNetworks = new LinkedHashMap<String, List<Network>>();
        var seen = new java.util.HashSet<String>();
        for (Network n : networks) {
            String provider = n.identity().provider();
            // each network once per ramp_type
            if (!seen.add(provider + "|" + n.identity().networkId() + "|" + n.channel().ramp())) {
                continue;
            }
            providerNetworks.computeIfAbsent(provider, p -> new ArrayList<>()).add(n);
            List<String> list = available.get(n.channel().rail().wire());
            if (!list.contains(provider)) {
                list.add(provider);
            }
        }
        var offers = new LinkedHashMap<String, RailDiscovery.Offer>();
        providerNetworks.forEach((provider, list) -> {
            Rail rail = list.get(0).channel().rail();
            var fields = new LinkedHashMap<String, Map<String, Boolean>>();
            var pc = new LinkedHashMap<String, Boolean>();
            pc.put("network_id", true);
            pc.put("network_name", true);
            pc.put("network_code", true);
            pc.put("account_type", true);
            pc.put("provider_id", true);
            pc.put("channel_id", false);
            fields.put("provider_config", pc);
            var pay = new LinkedHashMap<String, Boolean>();
            pay.put("reference", true);
            pay.put("account_number", true);
            pay.put("callback_url", true);
            pay.put("redirect_url", rail == Rail.CARD);
            fields.put("payment_config", pay);
            var customer = new LinkedHashMap<String, Boolean>();
            customer.put("dob", rail == Rail.BANK);
            fields.put("customer", customer);
            var ops = new LinkedHashMap<String, Boolean>();
            ops.put("b2c", list.stream().anyMatch(n -> n.channel().ramp() == RampType.WITHDRAW && n.active()));
            ops.put("c2b", list.stream().anyMatch(n -> n.channel().ramp() == RampType.DEPOSIT && n.active()));
            offers.put(provider, new RailDiscovery.Offer(list, fields, ops));
        });
        return new RailDiscovery(country, info.map(CountryInfo::currency).orElse(null), AccountId.of(accountId),
                available, offers);
    }

    /** Countries served, with whether the account has any provider there. */
    @Override
    public List<Map.Entry<CountryInfo, Boolean>> countries(long accountId) {
        Set<String> assigned = catalogue.assignedProviders(accountId);
        var out = new ArrayList<Map.Entry<CountryInfo, Boolean>>();
        for (CountryInfo c : catalogue.countries()) {
            boolean any = catalogue.networks(c.code()).stream()
                    .anyMatch(n -> assigned.contains(n.identity().provider()));
            out.add(Map.entry(c, any));
        }
        return out;
    }

    @Override
    public List<CountryInfo> servedCountries() {
        return catalogue.countries();
    }

    @Override
    public List<Network> networksOf(String country) {
        return catalogue.networks(country);
    }

    /**
     * Routing options: the account's active networks in the country, optionally narrowed by rail, direction and
     * provider, each judged against the amount when one is given.
     */
    @Override
    public List<RouteOption> routeOptions(long accountId, String countryParam, String channel, String requestType,
                                          String provider, Money amount) {
        String country = FindRoutes.normaliseCountry(countryParam);
        Optional<Rail> rail = Optional.empty();
        if (channel != null && !channel.isBlank()) {
            rail = Optional.of(Rail.parse(channel).orElseThrow(() -> DomainError.invalidArgument(
                    "transaction_channel must be one of momo, bank, card")));
        }
        Optional<RequestType> type = Optional.empty();
        if (requestType != null && !requestType.isBlank()) {
            type = Optional.of(RequestType.parse(requestType).orElseThrow(() -> DomainError.invalidArgument(
                    "request_type must be one of payment, withdrawal")));
        }
        Set<String> assigned = catalogue.assignedProviders(accountId);
        var out = new ArrayList<RouteOption>();
        for (Network n : catalogue.networks(country)) {
            if (!assigned.contains(n.identity().provider()) || !n.active()) {
                continue;
            }
            if (rail.isPresent() && n.channel().rail() != rail.get()) {
                continue;
            }
            if (type.isPresent() && n.channel().ramp() != type.get().ramp()) {
                continue;
            }
            if (provider != null && !provider.isBlank() && !provider.equals(n.identity().provider())) {
                continue;
            }
            RequestType rt = n.channel().ramp() == RampType.DEPOSIT ? RequestType.PAYMENT : RequestType.WITHDRAWAL;
            if (amount == null) {
                out.add(new RouteOption(n, rt, true, null));
            } else {
                try {
                    if (!amount.currency().equals(n.limits().currency())) {
                        throw new Money.CurrencyMismatch(amount, n.limits().min());
                    }
                    AmountRules.check(amount.amount(), n);
                    out.add(new RouteOption(n, rt, true, null));
                } catch (DomainError refused) {
                    out.add(new RouteOption(n, rt, false, refused.getMessage()));
                }
            }
        }
        return out;
    }
}
