package io.mizani.domain.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import io.mizani.domain.error.DomainError;

class MoneyTest {

    private static Money kes(String amount) {
        return Money.of(new BigDecimal(amount), "KES");
    }

    @Test
    void arithmetic_keeps_the_currency_and_two_decimals() {
        assertEquals(kes("150.50"), kes("100.25").plus(kes("50.25")));
        assertEquals(kes("50.00"), kes("100.25").minus(kes("50.25")));
        assertEquals(kes("-100.25"), kes("100.25").negated());
        assertTrue(kes("10").isAtLeast(kes("10.00")));
        assertFalse(kes("9.99").isAtLeast(kes("10")));
        assertTrue(kes("10.01").isGreaterThan(kes("10")));
        assertEquals(kes("0.00"), kes("-3").atLeastZero());
        assertEquals("1250000.00", kes("1250000").twoDecimals());
        assertTrue(kes("1.5").isSameAs(kes("1.50")));
    }

    @Test
    void two_currencies_never_meet_in_one_computation() {
        Money ngn = Money.of(BigDecimal.ONE, "NGN");
        assertThrows(Money.CurrencyMismatch.class, () -> kes("1").plus(ngn));
        assertThrows(Money.CurrencyMismatch.class, () -> kes("1").minus(ngn));
        assertThrows(Money.CurrencyMismatch.class, () -> kes("1").isAtLeast(ngn));
        assertFalse(kes("1").isSameAs(ngn));
    }

    @Test
    void parse_refuses_a_third_decimal_and_a_missing_amount_naming_the_field() {
        assertEquals(kes("12.30"), Money.parse("amount", new BigDecimal("12.3"), "KES"));
        assertEquals(kes("12.00"), Money.parse("amount", new BigDecimal("12.000"), "KES"));
        DomainError e = assertThrows(DomainError.class, () -> Money.parse("amount", new BigDecimal("1.005"), "KES"));
        assertEquals("amount must have at most two decimal places", e.getMessage());
        e = assertThrows(DomainError.class, () -> Money.parse("amount", null, "KES"));
        assertEquals("amount is required", e.getMessage());
    }
}
