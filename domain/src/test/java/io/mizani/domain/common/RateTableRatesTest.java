package io.mizani.domain.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which currencies a rate table knows, and that a rate must be positive. */
class RateTableRatesTest {

    @Test
    void known_currencies_are_matched_whatever_their_case() {
        RateTable rates = RateTable.sandbox();
        assertTrue(rates.knows("kes"));
        assertFalse(rates.knows("XYZ"));
        assertFalse(rates.knows(null));
        assertEquals(new BigDecimal("129"), rates.rates().get("KES"));
    }

    @Test
    void a_zero_or_negative_rate_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> new RateTable(Map.of("KES", BigDecimal.ZERO)));
        assertThrows(IllegalArgumentException.class, () -> new RateTable(Map.of("KES", new BigDecimal("-1"))));
        assertEquals(Map.of("KES", new BigDecimal("0.01")), new RateTable(Map.of("kes", new BigDecimal("0.01"))).rates());
    }
}
