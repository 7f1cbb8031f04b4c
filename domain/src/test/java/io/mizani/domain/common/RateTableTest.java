package io.mizani.domain.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.beneficiary.Tier0Decision;
import io.mizani.domain.beneficiary.Tier0Envelope;

class RateTableTest {

    private final RateTable rates = RateTable.sandbox();

    @Test
    void shown_amounts_are_rounded_to_cents_and_limits_see_the_exact_value() {
        // 2579.36 KES at 129 KES/USD is 19.99504 USD: shown as 20.00, but under the 20 USD tier-0 ceiling.
        assertEquals(new BigDecimal("20.00"), rates.toUsd("KES", new BigDecimal("2579.36")).orElseThrow());
        BigDecimal exact = rates.toUsdExact("KES", new BigDecimal("2579.36")).orElseThrow();
        assertTrue(exact.compareTo(new BigDecimal("20")) < 0, exact.toPlainString());
        assertInstanceOf(Tier0Decision.Clear.class, Tier0Envelope.judge(KycLevel.TIER_0, "KES", Money.of(exact, "USD"),
                Money.zero("USD")));
        BigDecimal twenty = rates.toUsdExact("KES", new BigDecimal("2580")).orElseThrow();
        assertInstanceOf(Tier0Decision.Refused.class, Tier0Envelope.judge(KycLevel.TIER_0, "KES", Money.of(twenty, "USD"),
                Money.zero("USD")));
    }

    @Test
    void unknown_currencies_have_no_rate() {
        assertTrue(rates.toUsd("XYZ", BigDecimal.TEN).isEmpty());
        assertTrue(rates.toUsdExact(null, BigDecimal.TEN).isEmpty());
    }
}
