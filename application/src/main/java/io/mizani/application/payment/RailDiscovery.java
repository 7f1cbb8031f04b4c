package io.mizani.application.payment;

import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.tenancy.AccountId;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The discover-rails answer for one account and country: the country and its currency (null when the country is
 * not served), the merchant, the providers available per rail, and per provider what it offers ({@link Offer}).
 * {@link #rails}, {@link #hasNetworks} and the per-provider maps are derived here. Maps keep insertion order.
 */
public record RailDiscovery(
        String country,
        String currency,
        AccountId merchant,
        Map<String, List<String>> availableProviders,
        Map<String, Offer> providers) {

    /**
     * One provider's offer in the country: its networks (each once per direction), the request fields its rail
     * requires, and which operations ({@code b2c}, {@code c2b}) it has an active network for.
     */
    public record Offer(List<Network> networks, Map<String, Map<String, Boolean>> requiredFields,
                        Map<String, Boolean> operations) {
    }

    public String merchantId() {
        return Long.toString(merchant.value());
    }

    public boolean hasNetworks() {
        return !providers.isEmpty();
    }

    /** Whether each rail has a provider here, in the contract's order; {@code crypto} is never offered. */
    public Map<String, Boolean> rails() {
        var rails = new LinkedHashMap<String, Boolean>();
        for (Rail rail : List.of(Rail.BANK, Rail.CARD, Rail.MOMO)) {
            rails.put(rail.wire(), !availableProviders.getOrDefault(rail.wire(), List.of()).isEmpty());
        }
        rails.put("crypto", false);
        return rails;
    }

    public Map<String, List<Network>> providerNetworks() {
        var out = new LinkedHashMap<String, List<Network>>();
        providers.forEach((provider, offer) -> out.put(provider, offer.networks()));
        return out;
    }

    public Map<String, Map<String, Map<String, Boolean>>> requiredFields() {
        var out = new LinkedHashMap<String, Map<String, Map<String, Boolean>>>();
        providers.forEach((provider, offer) -> out.put(provider, offer.requiredFields()));
        return out;
    }

    public Map<String, Map<String, Boolean>> providerOperations() {
        var out = new LinkedHashMap<String, Map<String, Boolean>>();
        providers.forEach((provider, offer) -> out.put(provider, offer.operations()));
        return out;
    }
}
