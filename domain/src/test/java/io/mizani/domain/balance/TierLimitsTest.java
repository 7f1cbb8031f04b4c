package io.mizani.domain.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.RequestType;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The operator's daily limits per tier: which values are accepted and how they are kept. */
class TierLimitsTest {

    private static TierLimits withdrawal(int tier, String usd) {
        return new TierLimits(Map.of(tier, new TierLimits.Limit(usd == null ? null : new BigDecimal(usd), null)));
    }

    private static String refusal(int tier, String usd) {
        return assertThrows(DomainError.class, () -> withdrawal(tier, usd)).getMessage();
    }

    @Test
    void tiers_zero_and_three_are_the_ends_of_the_range() {
        assertEquals(Optional.of(new BigDecimal("5")), withdrawal(0, "5").limitFor(0, RequestType.WITHDRAWAL));
        assertEquals(Optional.of(new BigDecimal("5")), withdrawal(3, "5").limitFor(3, RequestType.WITHDRAWAL));
        assertEquals("tiers: kyc tier must be one of 0, 1, 2, 3", refusal(-1, "5"));
        assertEquals("tiers: kyc tier must be one of 0, 1, 2, 3", refusal(4, "5"));
    }

    @Test
    void zero_is_a_limit_and_below_zero_is_refused() {
        assertEquals(Optional.of(new BigDecimal("0")), withdrawal(1, "0").limitFor(1, RequestType.WITHDRAWAL));
        assertEquals("withdrawal_daily_usd must be zero or more", refusal(1, "-0.01"));
    }

    @Test
    void two_decimals_are_kept_and_three_refused() {
        assertEquals(Optional.of(new BigDecimal("100.25")),
                withdrawal(1, "100.25").limitFor(1, RequestType.WITHDRAWAL));
        assertEquals(Optional.of(new BigDecimal("100.5")),
                withdrawal(1, "100.50").limitFor(1, RequestType.WITHDRAWAL));
        assertEquals("withdrawal_daily_usd must have at most two decimal places", refusal(1, "100.125"));
    }

    @Test
    void fifteen_integer_digits_are_the_largest_limit() {
        assertEquals(Optional.of(new BigDecimal("999999999999999.99")),
                withdrawal(1, "999999999999999.99").limitFor(1, RequestType.WITHDRAWAL));
        assertEquals("withdrawal_daily_usd is too large", refusal(1, "1000000000000000"));
    }

    @Test
    void whole_hundreds_are_kept_without_an_exponent() {
        BigDecimal kept = withdrawal(1, "500.00").limitFor(1, RequestType.WITHDRAWAL).orElseThrow();
        assertEquals("500", kept.toPlainString());
        assertEquals(0, kept.scale());
        assertEquals("500", TierLimits.plain(new BigDecimal("5E+2")));
    }

    @Test
    void a_tier_without_a_limit_and_no_limits_at_all_mean_no_limit() {
        Map<Integer, TierLimits.Limit> tiers = new HashMap<>();
        tiers.put(2, null);
        TierLimits limits = new TierLimits(tiers);
        assertEquals(Optional.empty(), limits.limitFor(2, RequestType.WITHDRAWAL));
        assertEquals(Optional.empty(), limits.limitFor(2, RequestType.PAYMENT));
        for (int tier = TierLimits.MIN_TIER; tier <= TierLimits.MAX_TIER; tier++) {
            assertEquals(Optional.empty(), TierLimits.none().limitFor(tier, RequestType.PAYMENT));
        }
        assertTrue(TierLimits.none().tiers().isEmpty());
    }

    @Test
    void collection_and_withdrawal_limits_are_not_mixed_up() {
        TierLimits limits = new TierLimits(Map.of(1,
                new TierLimits.Limit(new BigDecimal("10"), new BigDecimal("20"))));
        assertEquals(Optional.of(new BigDecimal("10")), limits.limitFor(1, RequestType.WITHDRAWAL));
        assertEquals(Optional.of(new BigDecimal("20")), limits.limitFor(1, RequestType.PAYMENT));
    }

    @Test
    void ledger_entry_types_read_back_from_their_wire_names() {
        for (EntryType t : EntryType.values()) {
            assertEquals(Optional.of(t), EntryType.parse(t.wire()));
        }
        assertEquals("withdrawal_reserve", EntryType.WITHDRAWAL_RESERVE.wire());
        assertEquals(Optional.empty(), EntryType.parse("refund"));
    }
}
