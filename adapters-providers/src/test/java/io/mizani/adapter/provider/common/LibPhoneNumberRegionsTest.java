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

    @Test
    void a_mobile_number_of_the_payments_country_in_any_usual_form_becomes_its_international_digits() {
        for (String typed : new String[] {"0712345655", "0712 345 655", "712-345-655", "+254 712 345 655", "254712345655"}) {
            assertEquals("254712345655", regions.mobileNumber(typed, "KE").orElseThrow(), typed);
        }
        assertEquals("233241234567", regions.mobileNumber("024 123 4567", "GH").orElseThrow());
        assertEquals("256772123456", regions.mobileNumber("0772 123456", "UG").orElseThrow());
    }

    @Test
    void anything_else_is_not_a_mobile_number_there() {
        assertTrue(regions.mobileNumber("12345", "KE").isEmpty(), "too short");
        assertTrue(regions.mobileNumber("+234 803 123 4567", "KE").isEmpty(), "a Nigerian number for a Kenyan payment");
        assertTrue(regions.mobileNumber("020 2222222", "KE").isEmpty(), "a Nairobi landline");
        assertTrue(regions.mobileNumber("not a number", "KE").isEmpty());
        assertTrue(regions.mobileNumber("", "KE").isEmpty());
        assertTrue(regions.mobileNumber(null, "KE").isEmpty());
        assertTrue(regions.mobileNumber("0712345655", null).isEmpty());
    }
}
