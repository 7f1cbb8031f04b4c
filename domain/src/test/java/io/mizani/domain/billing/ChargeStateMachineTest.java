package io.mizani.domain.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChargeStateMachineTest {

    @Test
    void platform_key_charges_up_front_and_keeps_the_charge_when_the_provider_charged() {
        ChargeStatus s = ChargeStateMachine.transition(ChargeStatus.NONE, ChargeEvent.CHARGE_TAKEN);
        assertEquals(ChargeStatus.CHARGED, s);
        assertEquals(ChargeStatus.CHARGED, ChargeStateMachine.transition(s, ChargeEvent.PROVIDER_CHARGED));
        assertFalse(ChargeStateMachine.reversesCharge(s, ChargeEvent.PROVIDER_CHARGED));
    }

    @Test
    void a_charge_is_refunded_when_the_provider_did_not_charge() {
        for (ChargeEvent e : new ChargeEvent[]{ChargeEvent.PROVIDER_UNAVAILABLE, ChargeEvent.REJECTED_BEFORE_RUN,
                ChargeEvent.FEE_WAIVED, ChargeEvent.SETTLEMENT_LOST}) {
            assertEquals(ChargeStatus.REFUNDED, ChargeStateMachine.transition(ChargeStatus.CHARGED, e), e.name());
            assertTrue(ChargeStateMachine.reversesCharge(ChargeStatus.CHARGED, e));
        }
    }

    @Test
    void a_failed_reversal_is_retried_until_it_settles() {
        ChargeStatus s = ChargeStateMachine.transition(ChargeStatus.CHARGED, ChargeEvent.REVERSAL_FAILED);
        assertEquals(ChargeStatus.REFUND_FAILED, s);
        assertEquals(ChargeStatus.REFUND_FAILED, ChargeStateMachine.transition(s, ChargeEvent.REVERSAL_FAILED));
        assertEquals(ChargeStatus.REFUNDED, ChargeStateMachine.transition(s, ChargeEvent.REVERSAL_SUCCEEDED));
        assertTrue(ChargeStateMachine.reversesCharge(s, ChargeEvent.REVERSAL_SUCCEEDED));
    }

    @Test
    void own_key_calls_are_free_whatever_the_provider_says() {
        ChargeStatus s = ChargeStateMachine.transition(ChargeStatus.NONE, ChargeEvent.OWN_KEY_USED);
        assertEquals(ChargeStatus.FREE, s);
        assertEquals(ChargeStatus.FREE, ChargeStateMachine.transition(s, ChargeEvent.PROVIDER_UNAVAILABLE));
        assertFalse(ChargeStateMachine.reversesCharge(s, ChargeEvent.FEE_WAIVED));
    }

    @Test
    void refunded_is_final_and_illegal_moves_are_refused() {
        for (ChargeEvent e : ChargeEvent.values()) {
            assertTrue(ChargeStateMachine.next(ChargeStatus.REFUNDED, e).isEmpty(), e.name());
        }
        assertThrows(IllegalStateException.class,
                () -> ChargeStateMachine.transition(ChargeStatus.NONE, ChargeEvent.PROVIDER_CHARGED));
        assertThrows(IllegalStateException.class,
                () -> ChargeStateMachine.transition(ChargeStatus.FREE, ChargeEvent.REVERSAL_FAILED));
    }
}
