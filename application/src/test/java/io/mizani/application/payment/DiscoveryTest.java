package io.mizani.application.payment;

import io.mizani.domain.error.DomainError;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

class DiscoveryTest {

    Fakes.Catalogue catalogue = new Fakes.Catalogue();
    Discovery discovery = new Discovery(catalogue);

    @Test
    void country_is_required() {
        assertEquals("country is required", assertThrows(DomainError.class, () -> discovery.discoverRails(1, " ")).getMessage());
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, assertThrows(DomainError.class, () -> discovery.discoverRails(1, "KEN")).kind());
    }

    @Test
    void an_account_with_no_providers_discovers_nothing() {
        var d = discovery.discoverRails(1, "ke");
        assertEquals("KE", d.country());
        assertEquals("KES", d.currency());
        assertFalse(d.hasNetworks());
        assertTrue(d.providerNetworks().isEmpty());
        assertFalse(d.rails().get("momo"));
    }

    @Test
    void only_assigned_providers_each_network_once_per_ramp() {
        catalogue.assigned.put(1L, Set.of("mpesa_ke", "airtel_ke"));
        catalogue.networks.add(catalogue.networks.get(0)); // a duplicate row must not show twice
        var d = discovery.discoverRails(1, "KE");
        assertEquals(Set.of("mpesa_ke", "airtel_ke"), d.providerNetworks().keySet());
        assertEquals(2, d.providerNetworks().get("mpesa_ke").size());
        assertEquals(List.of("mpesa_ke", "airtel_ke"), d.availableProviders().get("momo"));
        assertTrue(d.availableProviders().get("bank").isEmpty());
        assertTrue(d.rails().get("momo"));
        assertFalse(d.rails().get("bank"));
        assertTrue(d.providerOperations().get("mpesa_ke").get("b2c"));
        assertFalse(d.providerOperations().get("airtel_ke").get("b2c"), "withdraw channel inactive");
        assertTrue(d.requiredFields().get("mpesa_ke").get("provider_config").get("network_id"));
    }

    @Test
    void route_options_judge_the_amount() {
        catalogue.assigned.put(1L, Set.of("mpesa_ke"));
        var options = discovery.routeOptions(1, "KE", "momo", "withdrawal", null,
                io.mizani.domain.common.Money.of(new BigDecimal("12"), "KES"));
        assertEquals(1, options.size());
        assertFalse(options.get(0).eligible());
        assertEquals("the transaction amount is insufficient as it wont cater for cost: (15)", options.get(0).reason());
    }
}
