package io.mizani.bootstrap.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

class RailVariablesTest {

    private static final Logger LOG = Logger.getLogger(RailVariablesTest.class);

    @Test
    void live_mode_names_what_a_half_configured_rail_lacks_and_none_set_is_not_half() {
        Map<String, String> env = Map.of("MIZANI_MTN_BASE_URL", "https://momo.example", "MIZANI_MTN_API_USER", "u",
                "MIZANI_MTN_API_KEY", "k", "MIZANI_MTN_COLLECTION_KEY", " ");
        List<String> missing = RailVariables.MTN.missing(v -> env.get(v.env()));
        assertEquals(List.of("MIZANI_MTN_COLLECTION_KEY", "MIZANI_MTN_DISBURSEMENT_KEY"), missing);
        assertTrue(RailVariables.MTN.halfConfigured(missing));
        assertEquals("refusing to start in live mode with MTN MoMo half configured: MIZANI_MTN_COLLECTION_KEY, "
                + "MIZANI_MTN_DISBURSEMENT_KEY are not set", RailVariables.MTN.refusal(missing));
        List<String> paystack = RailVariables.PAYSTACK.missing(v -> v.env().endsWith("BASE_URL") ? "https://p" : null);
        assertEquals("refusing to start in live mode with Paystack half configured: MIZANI_PAYSTACK_SECRET_KEY is not set",
                RailVariables.PAYSTACK.refusal(paystack));
        assertFalse(RailVariables.AIRTEL.halfConfigured(RailVariables.AIRTEL.missing(v -> null)));
    }

    @Test
    void a_rail_is_used_only_when_all_of_its_values_are_set_and_live_mode_refuses_half() {
        var some = List.of(Optional.of("https://openapi.airtel.example"), Optional.of("id"), Optional.<String>empty(),
                Optional.of("1234"), Optional.of("key"));
        assertFalse(RailVariables.AIRTEL.configured(some, "sandbox", LOG));
        var e = assertThrows(IllegalStateException.class, () -> RailVariables.AIRTEL.configured(some, "live", LOG));
        assertEquals("Airtel Money is half configured in live mode: MIZANI_AIRTEL_CLIENT_SECRET not set", e.getMessage());
        assertFalse(RailVariables.AIRTEL.configured(List.of(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty()), "live", LOG));
        assertTrue(RailVariables.PAYSTACK.configured(List.of(Optional.of("https://api.paystack.co"),
                Optional.of("sk_test_x")), "live", LOG));
    }
}
