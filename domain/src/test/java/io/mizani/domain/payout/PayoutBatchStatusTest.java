package io.mizani.domain.payout;

import org.junit.jupiter.api.Test;

import static io.mizani.domain.payout.PayoutBatchStatus.*;
import static org.junit.jupiter.api.Assertions.*;

class PayoutBatchStatusTest {

    @Test
    void awaiting_approval_is_approved_or_cancelled_once_and_processing_only_completes() {
        assertTrue(AWAITING_APPROVAL.canMoveTo(PROCESSING));
        assertTrue(AWAITING_APPROVAL.canMoveTo(CANCELLED));
        assertFalse(AWAITING_APPROVAL.canMoveTo(COMPLETED));
        assertTrue(PROCESSING.canMoveTo(COMPLETED));
        assertFalse(PROCESSING.canMoveTo(CANCELLED), "an approved batch cannot be cancelled");
        assertFalse(CANCELLED.canMoveTo(PROCESSING), "a cancelled batch cannot be approved");
        assertTrue(COMPLETED.isFinal() && CANCELLED.isFinal());
        assertFalse(AWAITING_APPROVAL.isFinal() || PROCESSING.isFinal());
        assertTrue(PROCESSING.approved() && COMPLETED.approved());
        assertFalse(AWAITING_APPROVAL.approved() || CANCELLED.approved());
        assertEquals("awaiting_approval", AWAITING_APPROVAL.wire());
        assertEquals(java.util.Optional.of(CANCELLED), PayoutBatchStatus.parse("cancelled"));
    }
}
