package io.mizani.domain.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** charge_status as stored and shown: every stored state reads back; NONE is never written. */
class ChargeStatusWireTest {

    @Test
    void stored_states_read_back_from_their_wire_names() {
        for (ChargeStatus s : ChargeStatus.values()) {
            if (s != ChargeStatus.NONE) {
                assertEquals(s, ChargeStatus.fromWire(s.wire()));
            }
        }
        assertEquals("refund_failed", ChargeStatus.REFUND_FAILED.wire());
        assertNull(ChargeStatus.NONE.wire());
    }

    @Test
    void an_unknown_or_missing_wire_name_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> ChargeStatus.fromWire("pending"));
        assertThrows(IllegalArgumentException.class, () -> ChargeStatus.fromWire(null));
    }

    @Test
    void the_published_table_is_the_one_the_machine_follows() {
        ChargeStateMachine.table().forEach((from, moves) -> moves.forEach(
                (event, to) -> assertEquals(to, ChargeStateMachine.transition(from, event))));
        assertFalse(ChargeStateMachine.table().isEmpty());
    }
}
