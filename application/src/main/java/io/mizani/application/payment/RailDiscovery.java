package io.mizani.application.payment;

import io.mizani.domain.payment.Network;

import java.util.List;
import java.util.Map;

/** The discover-rails answer for one account and country. Maps keep insertion order. */
public record RailDiscovery(
        String country,
        String currency,
        Map<String, Boolean> rails,
        String merchantId,
        boolean hasNetworks,
        Map<String, List<String>> availableProviders,
        Map<String, List<Network>> providerNetworks,
        Map<String, Map<String, Map<String, Boolean>>> requiredFields,
        Map<String, Map<String, Boolean>> providerOperations) {
}
