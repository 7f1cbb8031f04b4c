package io.mizani.domain.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TeamCurrencyTest {

    @Test
    void african_regions_map_to_their_currency() {
        assertEquals("KES", TeamCurrency.forRegion("KE").orElseThrow());
        assertEquals("NGN", TeamCurrency.forRegion("NG").orElseThrow());
        assertEquals("GHS", TeamCurrency.forRegion("GH").orElseThrow());
        assertEquals("UGX", TeamCurrency.forRegion("UG").orElseThrow());
        assertEquals("TZS", TeamCurrency.forRegion("TZ").orElseThrow());
        assertEquals("ZAR", TeamCurrency.forRegion("za").orElseThrow());
    }

    @Test
    void unknown_or_malformed_regions_have_no_currency() {
        assertTrue(TeamCurrency.forRegion("ZZ").isEmpty());
        assertTrue(TeamCurrency.forRegion("KEN").isEmpty());
        assertTrue(TeamCurrency.forRegion(null).isEmpty());
    }
}
