package io.mizani.domain.balance;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.RequestType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BalanceRulesTest {

    @Test
    void a_collection_credits_amount_minus_fee_never_below_zero() {
        assertEquals(kes("950.00"), BalanceRules.collectionCredit(kes("1000"), kes("50")));
        assertEquals(kes("0.00"), BalanceRules.collectionCredit(kes("1"), kes("5")));
    }

    @Test
    void a_fee_in_another_currency_is_a_defect() {
        Money ugx = Money.of(new BigDecimal("5"), "UGX");
        assertThrows(Money.CurrencyMismatch.class, () -> BalanceRules.collectionCredit(kes("100"), ugx));
        assertThrows(Money.CurrencyMismatch.class, () -> BalanceRules.withdrawalNeed(kes("100"), ugx));
    }

    private static Money kes(String amount) {
        return Money.of(new BigDecimal(amount), "KES");
    }

    @Test
    void a_withdrawal_needs_amount_plus_fee() {
        assertEquals(kes("115.00"), BalanceRules.withdrawalNeed(kes("100"), kes("15")));
    }

    @Test
    void insufficient_balance_message_has_two_decimals() {
        DomainError e = BalanceRules.insufficient(new BigDecimal("12.5"), "KES", new BigDecimal("115"));
        assertEquals("insufficient_balance", e.code());
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        assertEquals("insufficient balance: 12.50 KES available, 115.00 needed", e.getMessage());
    }

    @Test
    void daily_limit_message_names_the_kind_the_limit_and_the_tier() {
        assertEquals("daily withdrawal limit of 100 USD for kyc tier 0 reached",
                BalanceRules.dailyLimitReached(RequestType.WITHDRAWAL, new BigDecimal("100.00"), 0).getMessage());
        assertEquals("daily collection limit of 2500.5 USD for kyc tier 2 reached",
                BalanceRules.dailyLimitReached(RequestType.PAYMENT, new BigDecimal("2500.50"), 2).getMessage());
    }

    @Test
    void tier_limits_missing_tier_or_field_is_no_limit() {
        var limits = new TierLimits(Map.of(1, new TierLimits.Limit(new BigDecimal("500"), null)));
        assertEquals(new BigDecimal("500"), limits.limitFor(1, RequestType.WITHDRAWAL).orElseThrow());
        assertTrue(limits.limitFor(1, RequestType.PAYMENT).isEmpty());
        assertTrue(limits.limitFor(0, RequestType.WITHDRAWAL).isEmpty());
    }

    @Test
    void tier_limits_refuse_bad_values() {
        assertThrows(DomainError.class, () -> new TierLimits(Map.of(4, new TierLimits.Limit(null, null))));
        var negative = new HashMap<Integer, TierLimits.Limit>();
        assertThrows(DomainError.class, () -> negative.put(0, new TierLimits.Limit(new BigDecimal("-1"), null)));
        assertThrows(DomainError.class, () -> new TierLimits.Limit(null, new BigDecimal("1.005")));
    }
}
