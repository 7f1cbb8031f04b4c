package io.mizani.domain.teamkyc;

import static io.mizani.domain.teamkyc.Tokens.T0;
import static io.mizani.domain.teamkyc.Tokens.nationalId;
import static io.mizani.domain.teamkyc.Tokens.notVerified;
import static io.mizani.domain.teamkyc.Tokens.phone;
import static io.mizani.domain.teamkyc.Tokens.tin;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.domain.error.DomainError;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccountKycTest {

    private static final Instant T1 = T0.plusSeconds(60);

    private static KycDetails details(Integer requestedTier) {
        return new KycDetails("business", "ke", "Kenya", requestedTier, "first",
                new ContactInformation("Ada", "Lovelace", null, "individual", 12345678L, "national_id", null, null,
                        null, "+254700000001", new UploadInformation("front.png", null, null, null, null, null,
                                null, null, null)),
                new EntityInformation("Acme", "Ada", "software", "limited_company", "Nairobi", 1L, 2L, null));
    }

    private static AccountKyc approvedAt2() {
        return AccountKyc.submit(7, details(1), List.of(nationalId()), T0).withId(1);
    }

    @Test
    void submission_without_tokens_is_pending_at_the_requested_tier() {
        AccountKyc kyc = AccountKyc.submit(7, details(3), List.of(), T0);
        assertEquals(KycStatus.PENDING, kyc.status());
        assertEquals(3, kyc.kycTier());
        assertNull(kyc.grantedTier());
        assertNull(kyc.verificationInformation());
        assertEquals("KE", kyc.statement().countryCode());
    }

    @Test
    void submission_with_justifying_tokens_is_approved_at_the_token_tier_not_the_requested_one() {
        AccountKyc kyc = AccountKyc.submit(7, details(4), List.of(nationalId(), tin("C")), T0);
        assertEquals(KycStatus.APPROVED, kyc.status());
        assertEquals(3, kyc.grantedTier());
        assertEquals(3, kyc.verificationInformation().verifiedKycTier());
        assertEquals("C", kyc.verificationInformation().actorType());
        assertEquals(2, kyc.verificationInformation().verifications().size());
        assertEquals(T0, kyc.verificationInformation().verifiedAt());

        AccountKyc low = AccountKyc.submit(7, details(0), List.of(phone()), T0);
        assertEquals(2, low.grantedTier());
    }

    @Test
    void submission_with_only_not_verified_tokens_is_pending_and_keeps_the_evidence() {
        AccountKyc kyc = AccountKyc.submit(7, details(2), List.of(notVerified(KycSlot.NATIONAL_ID)), T0);
        assertEquals(KycStatus.PENDING, kyc.status());
        assertEquals(0, kyc.verificationInformation().verifiedKycTier());
        assertEquals(1, kyc.verifications().size());
    }

    @Test
    void submission_with_a_tax_id_alone_is_pending() {
        assertEquals(KycStatus.PENDING, AccountKyc.submit(7, details(3), List.of(tin("C")), T0).status());
    }

    @Test
    void amendment_merges_details_and_documents() {
        AccountKyc kyc = AccountKyc.submit(7, details(2), List.of(), T0).withId(1);
        AccountKyc amended = kyc.amend(new KycDetails(null, null, null, null, "second",
                new ContactInformation(null, null, "Byron", null, null, null, null, null, null, null,
                        new UploadInformation(null, "back.png", null, null, null, null, null, null, null)),
                null), List.of(), T1);
        assertEquals("second", amended.statement().notes());
        assertEquals("Ada", amended.statement().contactInformation().firstName());
        assertEquals("Byron", amended.statement().contactInformation().surname());
        assertEquals("front.png", amended.statement().contactInformation().uploadInformation().identificationFrontDocument());
        assertEquals("back.png", amended.statement().contactInformation().uploadInformation().identificationBackDocument());
        assertEquals("Acme", amended.statement().entityInformation().entityName());
        assertEquals(KycStatus.PENDING, amended.status());
        assertEquals(T1, amended.updatedAt());
        assertEquals(T0, amended.createdAt());
    }

    @Test
    void amendment_with_justifying_tokens_approves_a_pending_record() {
        AccountKyc kyc = AccountKyc.submit(7, details(3), List.of(tin("C")), T0).withId(1);
        AccountKyc amended = kyc.amend(KycDetails.none(), List.of(nationalId()), T1);
        assertEquals(KycStatus.APPROVED, amended.status());
        assertEquals(3, amended.grantedTier());
        assertEquals(2, amended.verifications().size());
    }

    @Test
    void amending_a_rejected_record_puts_it_back_in_the_queue() {
        AccountKyc rejected = AccountKyc.submit(7, details(2), List.of(), T0).withId(1)
                .review(ReviewDecision.REJECT, null, "blurry", 99, T1);
        assertEquals(KycStatus.REJECTED, rejected.status());
        assertEquals(KycStatus.PENDING, rejected.amend(KycDetails.none(), List.of(), T1).status());
    }

    @Test
    void amending_an_approved_record_never_changes_its_granted_tier() {
        AccountKyc amended = approvedAt2().amend(details(4), List.of(tin("C")), T1);
        assertEquals(KycStatus.APPROVED, amended.status());
        assertEquals(2, amended.grantedTier());
        assertEquals(3, amended.verificationInformation().verifiedKycTier());
    }

    @Test
    void upgrade_covered_by_tokens_is_granted_at_once_without_a_reviewer() {
        AccountKyc upgraded = approvedAt2().requestUpgrade(3, "grow", null, List.of(tin("C")), T1);
        assertEquals(KycStatus.APPROVED, upgraded.status());
        assertEquals(3, upgraded.grantedTier());
        UpgradeInformation u = upgraded.upgradeInformation();
        assertTrue(u.requestedKycUpgrade());
        assertEquals(2, u.upgradeFrom());
        assertEquals(3, u.upgradeTo());
        assertEquals(UpgradeStatus.APPROVED, u.upgradeStatus());
        assertEquals(T1, u.upgradeRequestedAt());
        assertNull(u.upgradeReviewedBy());
    }

    @Test
    void upgrade_to_tier_3_backed_by_an_individual_taxpayer_is_pending() {
        AccountKyc upgraded = approvedAt2().requestUpgrade(3, "grow", null, List.of(tin("I")), T1);
        assertEquals(2, upgraded.grantedTier());
        assertEquals(UpgradeStatus.PENDING, upgraded.upgradeInformation().upgradeStatus());
        assertEquals("grow", upgraded.upgradeInformation().upgradeNotes());
        assertNull(upgraded.upgradeInformation().upgradeReviewedAt());
    }

    @Test
    void upgrade_to_tier_4_is_always_pending() {
        AccountKyc upgraded = approvedAt2().requestUpgrade(4, null, null, List.of(tin("C")), T1);
        assertEquals(2, upgraded.grantedTier());
        assertEquals(UpgradeStatus.PENDING, upgraded.upgradeInformation().upgradeStatus());
        assertEquals(3, upgraded.verificationInformation().verifiedKycTier());
    }

    @Test
    void upgrade_applies_entity_amendments() {
        AccountKyc upgraded = approvedAt2().requestUpgrade(4, null,
                new EntityInformation("Acme Holdings", null, null, null, null, null, null, null), List.of(), T1);
        assertEquals("Acme Holdings", upgraded.statement().entityInformation().entityName());
        assertEquals("software", upgraded.statement().entityInformation().natureOfBusiness());
    }

    @Test
    void upgrade_is_refused_unless_approved() {
        AccountKyc pending = AccountKyc.submit(7, details(2), List.of(), T0).withId(1);
        DomainError error = assertThrows(DomainError.class,
                () -> pending.requestUpgrade(3, null, null, List.of(nationalId(), tin("C")), T1));
        assertEquals("account kyc must be approved before an upgrade", error.getMessage());
        assertEquals("invalid_argument", error.code());
    }

    @Test
    void upgrade_must_go_up_and_not_beyond_4_and_not_twice() {
        assertThrows(DomainError.class, () -> approvedAt2().requestUpgrade(2, null, null, List.of(), T1));
        assertThrows(DomainError.class, () -> approvedAt2().requestUpgrade(5, null, null, List.of(), T1));
        AccountKyc pendingUpgrade = approvedAt2().requestUpgrade(4, null, null, List.of(), T1);
        assertThrows(DomainError.class, () -> pendingUpgrade.requestUpgrade(3, null, null, List.of(), T1));
    }

    @Test
    void review_follows_the_transition_table() {
        AccountKyc pending = AccountKyc.submit(7, details(2), List.of(), T0).withId(1);
        AccountKyc inReview = pending.review(ReviewDecision.IN_REVIEW, null, "looking", 99, T1);
        assertEquals(KycStatus.IN_REVIEW, inReview.status());
        AccountKyc approved = inReview.review(ReviewDecision.APPROVE, 3, "ok", 99, T1);
        assertEquals(3, approved.grantedTier());
        assertEquals(99, approved.reviewInformation().reviewedBy());
        assertEquals(T1, approved.reviewInformation().reviewedAt());
        assertThrows(DomainError.class, () -> approved.review(ReviewDecision.REJECT, null, null, 99, T1));
        assertThrows(DomainError.class, () -> inReview.review(ReviewDecision.IN_REVIEW, null, null, 99, T1));
        AccountKyc rejected = pending.review(ReviewDecision.REJECT, null, "no", 99, T1);
        assertThrows(DomainError.class, () -> rejected.review(ReviewDecision.APPROVE, 2, null, 99, T1));
    }

    @Test
    void review_approval_takes_the_requested_tier_when_none_is_given_and_refuses_out_of_range() {
        AccountKyc pending = AccountKyc.submit(7, details(2), List.of(), T0).withId(1);
        assertEquals(2, pending.review(ReviewDecision.APPROVE, null, null, 99, T1).grantedTier());
        assertThrows(DomainError.class, () -> pending.review(ReviewDecision.APPROVE, 5, null, 99, T1));
        assertThrows(DomainError.class, () -> pending.review(ReviewDecision.APPROVE, 0, null, 99, T1));
        AccountKyc noTier = AccountKyc.submit(7, details(null), List.of(), T0).withId(1);
        assertThrows(DomainError.class, () -> noTier.review(ReviewDecision.APPROVE, null, null, 99, T1));
    }

    @Test
    void upgrade_review_approves_or_rejects_a_pending_upgrade_only() {
        AccountKyc pendingUpgrade = approvedAt2().requestUpgrade(4, "big", null, List.of(), T1);
        AccountKyc approved = pendingUpgrade.reviewUpgrade(UpgradeDecision.APPROVE, "fine", 42, T1);
        assertEquals(4, approved.grantedTier());
        assertEquals(UpgradeStatus.APPROVED, approved.upgradeInformation().upgradeStatus());
        assertEquals(42L, approved.upgradeInformation().upgradeReviewedBy());
        assertEquals(T1, approved.upgradeInformation().upgradeReviewedAt());
        AccountKyc rejected = pendingUpgrade.reviewUpgrade(UpgradeDecision.REJECT, "no", 42, T1);
        assertEquals(2, rejected.grantedTier());
        assertEquals(UpgradeStatus.REJECTED, rejected.upgradeInformation().upgradeStatus());
        assertThrows(DomainError.class, () -> approvedAt2().reviewUpgrade(UpgradeDecision.APPROVE, null, 42, T1));
        assertThrows(DomainError.class, () -> approved.reviewUpgrade(UpgradeDecision.APPROVE, null, 42, T1));
    }

    @Test
    void details_validate_themselves() {
        assertThrows(DomainError.class, () -> new KycDetails("robot", null, null, null, null, null, null));
        assertThrows(DomainError.class, () -> new KycDetails(null, null, null, 5, null, null, null));
        assertThrows(DomainError.class, () -> new KycDetails(null, "KEN", null, null, null, null, null));
    }
}
