package io.mizani.domain.payment;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

class PaymentRulesTest {

    static Network mpesaWithdraw() {
        return new Network(new Network.Identity("mpesa_ke", "KE", "net_mpesa_ke", "M-Pesa", "MPESA"),
                new Network.Channel("ch_mpesa_ke_withdraw", Rail.MOMO, RampType.WITHDRAW, "wallet"),
                new Network.Limits(Money.of(new BigDecimal("10"), "KES"), Money.of(new BigDecimal("150000"), "KES"),
                        Money.of(new BigDecimal("15"), "KES")), true);
    }

    static String refusal(String amount) {
        return assertThrows(DomainError.class, () -> AmountRules.check(new BigDecimal(amount), mpesaWithdraw()))
                .getMessage();
    }

    @Test
    void three_decimals_are_refused_before_limits() {
        assertEquals("amount must have at most two decimal places", refusal("100.001"));
    }

    @Test
    void trailing_zeros_do_not_count_as_decimals() {
        AmountRules.check(new BigDecimal("100.0000"), mpesaWithdraw());
    }

    @Test
    void below_min_and_above_max_are_refused() {
        assertEquals("amount must be between 10 and 150000 KES", refusal("9.99"));
        assertEquals("amount must be between 10 and 150000 KES", refusal("150000.01"));
    }

    @Test
    void amount_not_above_fee_is_insufficient_for_cost() {
        assertEquals("the transaction amount is insufficient as it wont cater for cost: (15)", refusal("15"));
        assertEquals("the transaction amount is insufficient as it wont cater for cost: (15)", refusal("12.50"));
        AmountRules.check(new BigDecimal("15.01"), mpesaWithdraw());
    }

    @Test
    void status_table_allows_only_forward_moves() {
        assertTrue(PaymentStatus.QUEUED.canMoveTo(PaymentStatus.PENDING));
        assertTrue(PaymentStatus.QUEUED.canMoveTo(PaymentStatus.FAILED));
        assertFalse(PaymentStatus.QUEUED.canMoveTo(PaymentStatus.SUCCEEDED));
        assertTrue(PaymentStatus.PENDING.canMoveTo(PaymentStatus.SUCCEEDED));
        assertTrue(PaymentStatus.PENDING.canMoveTo(PaymentStatus.FAILED));
        assertFalse(PaymentStatus.SUCCEEDED.canMoveTo(PaymentStatus.FAILED));
        assertFalse(PaymentStatus.FAILED.canMoveTo(PaymentStatus.PENDING));
        assertTrue(PaymentStatus.SUCCEEDED.isFinal());
        assertFalse(PaymentStatus.PENDING.isFinal());
    }

    @Test
    void sandbox_outcome_by_last_two_digits() {
        assertEquals(SandboxOutcome.DECLINED, SandboxOutcome.forAccount("+254700000100"));
        assertEquals(SandboxOutcome.NO_ANSWER, SandboxOutcome.forAccount("254700000001"));
        assertEquals(SandboxOutcome.SUCCEEDS, SandboxOutcome.forAccount("254700000123"));
        // only the digits count: spaces, dashes and letters between them are skipped
        assertEquals(SandboxOutcome.DECLINED, SandboxOutcome.forAccount("KE 0123-45 0-0"));
        assertEquals(SandboxOutcome.NO_ANSWER, SandboxOutcome.forAccount("acct 0 1 x"));
        assertEquals(SandboxOutcome.SUCCEEDS, SandboxOutcome.forAccount("12 a"));
        assertEquals(SandboxOutcome.SUCCEEDS, SandboxOutcome.forAccount(null));
    }

    @Test
    void test_cards() {
        assertEquals(TestCard.APPROVED, TestCard.of("4242 4242 4242 4242"));
        assertEquals(TestCard.DECLINED, TestCard.of("4000-0000-0000-0002"));
        assertEquals(TestCard.UNKNOWN, TestCard.of("5555555555554444"));
    }

    @Test
    void retry_backoff_doubles_from_base_and_caps() {
        var s = new RetrySchedule(Duration.ofSeconds(5), Duration.ofMinutes(1), 8);
        assertEquals(Duration.ofSeconds(5), s.delayAfter(1));
        assertEquals(Duration.ofSeconds(10), s.delayAfter(2));
        assertEquals(Duration.ofSeconds(40), s.delayAfter(4));
        assertEquals(Duration.ofMinutes(1), s.delayAfter(5));
        assertFalse(s.exhausted(7));
        assertTrue(s.exhausted(8));
    }

    @Test
    void request_type_maps_to_direction() {
        assertEquals("payin", RequestType.PAYMENT.transactionType());
        assertEquals(RampType.DEPOSIT, RequestType.PAYMENT.ramp());
        assertEquals("payout", RequestType.WITHDRAWAL.transactionType());
        assertEquals(RampType.WITHDRAW, RequestType.WITHDRAWAL.ramp());
    }
}
