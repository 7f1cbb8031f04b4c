package io.mizani.domain.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import io.mizani.domain.common.RateTable;
import io.mizani.domain.error.DomainError;

class OperatorRulesTest {

    @Test
    void admin_does_everything_finance_moves_money_compliance_decides_kyc_support_reads() {
        for (OperatorPermission p : OperatorPermission.values()) {
            assertTrue(OperatorRole.ADMIN.may(p));
            assertEquals(p == OperatorPermission.READ || p == OperatorPermission.FINANCE, OperatorRole.FINANCE.may(p));
            assertEquals(p == OperatorPermission.READ || p == OperatorPermission.COMPLIANCE,
                    OperatorRole.COMPLIANCE.may(p));
            assertEquals(p == OperatorPermission.READ, OperatorRole.SUPPORT.may(p));
        }
        assertEquals(OperatorRole.FINANCE, OperatorRole.parse("finance"));
        DomainError e = assertThrows(DomainError.class, () -> OperatorRole.parse("root"));
        assertEquals("invalid_argument", e.code());
        assertEquals("forbidden", OperatorRole.SUPPORT.refuse(OperatorPermission.FINANCE).code());
    }

    @Test
    void an_approval_is_decided_once() {
        assertTrue(ApprovalStatus.PENDING.canBecome(ApprovalStatus.APPROVED));
        assertTrue(ApprovalStatus.PENDING.canBecome(ApprovalStatus.REJECTED));
        assertFalse(ApprovalStatus.APPROVED.canBecome(ApprovalStatus.REJECTED));
        assertFalse(ApprovalStatus.REJECTED.canBecome(ApprovalStatus.APPROVED));
        assertEquals(java.util.Set.of(ApprovalStatus.PENDING), ApprovalStatus.decidableFrom(ApprovalStatus.APPROVED));
    }

    @Test
    void four_eyes_from_the_threshold_up_in_usd_either_sign() {
        FourEyesRule rule = new FourEyesRule(new BigDecimal("1000"), RateTable.sandbox());
        assertTrue(rule.needsApproval("KES", new BigDecimal("129000.00")));
        assertFalse(rule.needsApproval("KES", new BigDecimal("128999.99")));
        assertTrue(rule.needsApproval("KES", new BigDecimal("-129000.00")));
        assertTrue(rule.needsApproval("XYZ", new BigDecimal("1.00")));
    }
}
