package io.mizani.domain.refund;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.*;

class RefundRulesTest {

    private static Money kes(String v) {
        return Money.of(new BigDecimal(v), "KES");
    }

    @Test
    void pending_moves_to_succeeded_or_failed_and_nothing_else() {
        assertTrue(RefundStatus.PENDING.canMoveTo(RefundStatus.SUCCEEDED));
        assertTrue(RefundStatus.PENDING.canMoveTo(RefundStatus.FAILED));
        assertFalse(RefundStatus.PENDING.canMoveTo(RefundStatus.PENDING));
        assertFalse(RefundStatus.PENDING.isFinal());
    }

    @Test
    void final_statuses_never_move() {
        for (RefundStatus from : new RefundStatus[]{RefundStatus.SUCCEEDED, RefundStatus.FAILED}) {
            assertTrue(from.isFinal());
            for (RefundStatus to : RefundStatus.values()) {
                assertFalse(from.canMoveTo(to), from + " -> " + to);
                var e = assertThrows(IllegalStateException.class, () -> from.moveTo(to));
                assertEquals("a refund cannot move from " + from.wire() + " to " + to.wire(), e.getMessage());
            }
        }
        assertEquals(RefundStatus.FAILED, RefundStatus.PENDING.moveTo(RefundStatus.FAILED));
    }

    @Test
    void statuses_read_back_from_their_wire_names_only() {
        for (RefundStatus s : RefundStatus.values()) {
            assertEquals(s, RefundStatus.parse(s.wire()).orElseThrow());
        }
        assertTrue(RefundStatus.parse("PENDING").isEmpty());
        assertTrue(RefundStatus.parse("refunded").isEmpty());
    }

    @Test
    void refusal_messages_are_the_contracts() {
        assertEquals("only a succeeded collection can be refunded", RefundRules.notRefundable().getMessage());
        assertEquals("refund_reference \"r-1\" has already been used", RefundRules.referenceUsed("r-1").getMessage());
        assertEquals("refund amount exceeds the refundable 40.50 KES",
                RefundRules.exceedsRefundable(kes("40.5")).getMessage());
        for (DomainError e : new DomainError[]{RefundRules.notRefundable(), RefundRules.referenceUsed("x"),
                RefundRules.exceedsRefundable(kes("1"))}) {
            assertEquals("invalid_argument", e.code());
            assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        }
    }

    @Test
    void requested_amount_has_two_decimals_and_is_positive() {
        assertNull(RefundRules.requested(null));
        assertEquals(new BigDecimal("10.50"), RefundRules.requested(new BigDecimal("10.5")));
        assertEquals("amount must have at most two decimal places",
                assertThrows(DomainError.class, () -> RefundRules.requested(new BigDecimal("1.001"))).getMessage());
        assertEquals("amount must be greater than 0",
                assertThrows(DomainError.class, () -> RefundRules.requested(BigDecimal.ZERO)).getMessage());
        assertEquals("amount must be greater than 0",
                assertThrows(DomainError.class, () -> RefundRules.requested(new BigDecimal("-5"))).getMessage());
        assertEquals(new BigDecimal("0.01"), RefundRules.requested(new BigDecimal("0.01")));
    }

    @Test
    void refundable_is_collected_less_held_never_below_zero() {
        assertEquals(kes("60.00"), RefundRules.refundable(kes("100"), kes("40")));
        assertEquals(kes("0.00"), RefundRules.refundable(kes("100"), kes("100")));
        assertEquals(kes("0.00"), RefundRules.refundable(kes("100"), kes("101")));
    }

    @Test
    void judge_takes_the_request_up_to_the_refundable_and_everything_when_none_asked() {
        assertEquals(kes("60.00"), RefundRules.judge(kes("60"), kes("60")));
        assertEquals(kes("60.00"), RefundRules.judge(null, kes("60")));
        assertEquals(kes("0.01"), RefundRules.judge(kes("0.01"), kes("60")));
        assertEquals("refund amount exceeds the refundable 60.00 KES",
                assertThrows(DomainError.class, () -> RefundRules.judge(kes("60.01"), kes("60"))).getMessage());
        assertEquals("refund amount exceeds the refundable 0.00 KES",
                assertThrows(DomainError.class, () -> RefundRules.judge(null, kes("0"))).getMessage());
    }

    @Test
    void sandbox_declines_references_ending_in_00() {
        assertTrue(RefundRules.sandboxDeclines("rf-100"));
        assertTrue(RefundRules.sandboxDeclines("00"));
        assertFalse(RefundRules.sandboxDeclines("rf-101"));
        assertFalse(RefundRules.sandboxDeclines("rf-0"));
        assertFalse(RefundRules.sandboxDeclines(null));
    }
}
