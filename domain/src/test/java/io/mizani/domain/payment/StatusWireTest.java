package io.mizani.domain.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import io.mizani.domain.teamkyc.KycStatus;
import io.mizani.domain.teamkyc.UpgradeStatus;
import org.junit.jupiter.api.Test;

/** The wire names of the payment, Team KYC and upgrade statuses, both ways, exactly as the contract spells them. */
class StatusWireTest {

    @Test
    void payment_statuses() {
        assertEquals("queued", PaymentStatus.QUEUED.wire());
        assertEquals("succeeded", PaymentStatus.SUCCEEDED.wire());
        assertEquals(PaymentStatus.PENDING, PaymentStatus.parse(" pending "));
        assertEquals(PaymentStatus.FAILED, PaymentStatus.parse("FAILED"));
        assertThrows(IllegalArgumentException.class, () -> PaymentStatus.parse("settled"));
    }

    @Test
    void team_kyc_statuses() {
        assertEquals("in_review", KycStatus.IN_REVIEW.wire());
        assertEquals(Optional.of(KycStatus.IN_REVIEW), KycStatus.fromWire("in_review"));
        assertEquals(Optional.of(KycStatus.APPROVED), KycStatus.fromWire("approved"));
        assertTrue(KycStatus.fromWire("IN_REVIEW").isEmpty());
        assertTrue(KycStatus.fromWire(null).isEmpty());
    }

    @Test
    void upgrade_statuses() {
        assertEquals("rejected", UpgradeStatus.REJECTED.wire());
        assertEquals(Optional.of(UpgradeStatus.PENDING), UpgradeStatus.fromWire("pending"));
        assertTrue(UpgradeStatus.fromWire("in_review").isEmpty());
    }
}
