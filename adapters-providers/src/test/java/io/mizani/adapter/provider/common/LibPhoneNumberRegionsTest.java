package io.mizani.adapter.provider.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LibPhoneNumberRegionsTest {

    private final LibPhoneNumberRegions regions = new LibPhoneNumberRegions();

    @Test
    void calling_codes_of_the_served_countries() {
        assertEquals("KE", regions.regionOf("+254", "712345678").orElseThrow());
        assertEquals("NG", regions.regionOf("234", "8031234567").orElseThrow());
        assertEquals("GH", regions.regionOf("+233", "241234567").orElseThrow());
        assertEquals("UG", regions.regionOf("+256", "772123456").orElseThrow());
        assertEquals("TZ", regions.regionOf("+255", "754123456").orElseThrow());
        assertEquals("ZA", regions.regionOf("+27", "821234567").orElseThrow());
    }

    @Test
    void a_leading_trunk_zero_is_tolerated_and_the_calling_code_is_the_fallback() {
        assertEquals("KE", regions.regionOf("254", "0712345678").orElseThrow());
        assertEquals("KE", regions.regionOf("254", null).orElseThrow());
    }

    @Test
    void unknown_calling_codes_have_no_region() {
        assertTrue(regions.regionOf("+999", "123456").isEmpty());
        assertTrue(regions.regionOf("abc", "123").isEmpty());
        assertTrue(regions.regionOf(null, "123").isEmpty());
    }

    @Test
    void international_numbers_resolve_to_their_country() {
        assertEquals("NG", regions.regionOf("+2348031234567").orElseThrow());
        assertEquals("KE", regions.regionOf("+254712345678").orElseThrow());
        assertTrue(regions.regionOf("not a number").isEmpty());
        assertTrue(regions.regionOf(null).isEmpty());
    }
}
