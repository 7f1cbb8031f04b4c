package io.mizani.domain.beneficiary;

import io.mizani.domain.common.Money;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Tier0EnvelopeTest {

    private static Tier0Decision tier0(String currency, String amount, String lifetime) {
        return Tier0Envelope.judge(KycLevel.TIER_0, currency, usd(amount), usd(lifetime));
    }

    private static Money usd(String amount) {
        return Money.of(new BigDecimal(amount), "USD");
    }

    private static Tier0Decision.Rule refusedBy(Tier0Decision d) {
        return assertInstanceOf(Tier0Decision.Refused.class, d).rule();
    }

    @Test
    void a_small_payment_in_an_allowed_currency_clears_and_counts() {
        var d = tier0("KES", "19.99", "0");
        assertEquals(new Tier0Decision.Clear(true), d);
    }

    @Test
    void zar_bwp_and_ngn_are_refused_whatever_the_amount() {
        for (String c : new String[] {"ZAR", "BWP", "NGN", "ngn"}) {
            assertEquals(Tier0Decision.Rule.EXCLUDED_CURRENCY, refusedBy(tier0(c, "1", "0")), c);
        }
    }

    @Test
    void the_amount_must_be_under_20_usd() {
        assertTrue(tier0("KES", "19.99", "0").cleared());
        assertEquals(Tier0Decision.Rule.OVER_TRANSACTION_MAX, refusedBy(tier0("KES", "20.00", "0")));
        assertEquals(Tier0Decision.Rule.OVER_TRANSACTION_MAX, refusedBy(tier0("KES", "25", "0")));
    }

    @Test
    void the_lifetime_total_must_be_under_200_usd() {
        assertTrue(tier0("GHS", "19", "199.99").cleared());
        assertEquals(Tier0Decision.Rule.LIFETIME_LIMIT_REACHED, refusedBy(tier0("GHS", "1", "200.00")));
        assertEquals(Tier0Decision.Rule.LIFETIME_LIMIT_REACHED, refusedBy(tier0("GHS", "1", "209")));
    }

    @Test
    void the_currency_rule_is_judged_first() {
        assertEquals(Tier0Decision.Rule.EXCLUDED_CURRENCY, refusedBy(tier0("ZAR", "50", "500")));
        assertEquals(Tier0Decision.Rule.OVER_TRANSACTION_MAX, refusedBy(tier0("KES", "50", "500")));
    }

    @Test
    void a_full_beneficiary_bypasses_every_rule_and_is_not_counted() {
        var d = Tier0Envelope.judge(KycLevel.FULL, "NGN", usd("5000"), usd("900"));
        assertEquals(new Tier0Decision.Clear(false), d);
    }

    @Test
    void amounts_in_another_currency_than_usd_are_a_defect() {
        Money kes = Money.of(new BigDecimal("1"), "KES");
        assertThrows(Money.CurrencyMismatch.class, () -> Tier0Envelope.judge(KycLevel.TIER_0, "KES", kes, usd("0")));
        assertThrows(Money.CurrencyMismatch.class, () -> Tier0Envelope.judge(KycLevel.TIER_0, "KES", usd("1"), kes));
        assertThrows(Money.CurrencyMismatch.class, () -> Tier0Envelope.limitReached(kes));
    }

    @Test
    void remaining_is_the_headroom_never_negative() {
        assertEquals(new BigDecimal("200.00"), Tier0Envelope.remaining(BigDecimal.ZERO));
        assertEquals(new BigDecimal("10.50"), Tier0Envelope.remaining(new BigDecimal("189.50")));
        assertEquals(new BigDecimal("0.00"), Tier0Envelope.remaining(new BigDecimal("209")));
    }

    @Test
    void limit_is_reached_at_200() {
        assertFalse(Tier0Envelope.limitReached(new BigDecimal("199.99")));
        assertTrue(Tier0Envelope.limitReached(new BigDecimal("200")));
        assertFalse(Tier0Envelope.limitReached(usd("199.99")));
        assertTrue(Tier0Envelope.limitReached(usd("200")));
    }

    @Test
    void nineteen_dollar_payments_clear_eleven_times_from_zero() {
        Money lifetime = usd("0");
        int cleared = 0;
        for (int i = 0; i < 20; i++) {
            if (Tier0Envelope.judge(KycLevel.TIER_0, "KES", usd("19"), lifetime).cleared()) {
                lifetime = lifetime.plus(usd("19"));
                cleared++;
            }
        }
        assertEquals(11, cleared);
        assertEquals(usd("209.00"), lifetime);
    }
}
