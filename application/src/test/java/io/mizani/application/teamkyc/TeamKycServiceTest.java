package io.mizani.application.teamkyc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.EntityInformation;
import io.mizani.domain.teamkyc.KycDetails;
import io.mizani.domain.teamkyc.KycSlot;
import io.mizani.domain.teamkyc.KycStatus;
import io.mizani.domain.teamkyc.UpgradeStatus;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TeamKycServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-21T06:00:00Z");

    /** Merchant A: account 10, user 100, org 1000. Merchant B: account 20, user 200, org 2000. */
    private final MerchantContext a = new MerchantContext("a", 10, 100, 1000);
    private final MerchantContext b = new MerchantContext("b", 20, 200, 2000);

    private Fakes.Store store;
    private Fakes.Teams teams;
    private Fakes.Evidence evidence;
    private Fakes.DirectUnitOfWork uow;
    private TeamKycService service;
    /** Events recorded: "accountId type status" (status read from the rendered account_kyc). */
    private final List<String> events = new java.util.ArrayList<>();

    @BeforeEach
    void setUp() {
        store = new Fakes.Store();
        teams = new Fakes.Teams();
        teams.add(10, 1000, 100);
        teams.add(11, 1000, 100);
        teams.add(20, 2000, 200);
        evidence = new Fakes.Evidence();
        uow = new Fakes.DirectUnitOfWork();
        service = new TeamKycService(store, teams, evidence, uow, Clock.fixed(NOW, ZoneOffset.UTC),
                (accountId, type, data) -> {
                    assertTrue(uow.inside, "an event is recorded inside the change's transaction");
                    var kyc = (java.util.Map<?, ?>) data.get("account_kyc");
                    events.add(accountId + " " + type + " " + kyc.get("status"));
                    return "msg_" + events.size();
                },
                kyc -> java.util.Map.of("id", kyc.id(), "status", kyc.status().wire()));
    }

    private String nid(MerchantContext m) {
        return evidence.issue(m.accountId(), "national_id_ke", "national_id", true, "I");
    }

    private String tin(MerchantContext m, String actor) {
        return evidence.issue(m.accountId(), "kra_pin", "tax_id", true, actor);
    }

    private String phone(MerchantContext m) {
        return evidence.issue(m.accountId(), "phone", "phone", true, "I");
    }

    private static KycDetails requesting(Integer tier) {
        return new KycDetails("business", "KE", "Kenya", tier, null, null, null);
    }

    private AccountKyc submit(MerchantContext m, long account, Integer tier, KycTokens tokens) {
        return service.submit(new Commands.Submit(m, account, requesting(tier), tokens));
    }

    @Test
    void submission_with_national_id_and_company_tin_is_approved_at_3_and_moves_team_and_organization() {
        AccountKyc kyc = submit(a, 10, 1, new KycTokens(nid(a), null, tin(a, "C")));
        assertEquals(KycStatus.APPROVED, kyc.status());
        assertEquals(3, kyc.kycTier());
        assertEquals(3, teams.tiers.get(10L));
        assertEquals(3, teams.orgTiers.get(1000L));
        assertEquals(List.of(10L), teams.verified);
        assertEquals("approved", kyc.accountInformation().kycStatus());
        assertEquals("1000", kyc.accountInformation().organizationId());
        assertEquals(2, kyc.verificationInformation().verifications().size());
        assertEquals(KycSlot.NATIONAL_ID, kyc.verificationInformation().verifications().get(0).kind());
        assertEquals(NOW, kyc.verificationInformation().verifiedAt());
        assertEquals(1, uow.transactions);
        assertEquals(List.of("10 account_kyc.approved approved"), events);
    }

    @Test
    void submission_on_a_team_of_the_same_organization_the_user_holds_a_role_on_is_allowed() {
        assertEquals(KycStatus.APPROVED, submit(a, 11, null, new KycTokens(null, phone(a), null)).status());
        assertEquals(2, teams.tiers.get(11L));
        assertEquals(0, teams.tiers.get(10L));
    }

    @Test
    void submission_with_individual_tin_is_approved_at_2_whatever_the_requested_tier() {
        AccountKyc kyc = submit(a, 10, 3, new KycTokens(nid(a), null, tin(a, "I")));
        assertEquals(2, kyc.kycTier());
        assertEquals("I", kyc.verificationInformation().actorType());
    }

    @Test
    void submission_without_tokens_is_pending_and_leaves_the_team_alone() {
        AccountKyc kyc = submit(a, 10, 2, KycTokens.NONE);
        assertEquals(KycStatus.PENDING, kyc.status());
        assertEquals(2, kyc.kycTier());
        assertNull(kyc.verificationInformation());
        assertEquals(0, teams.tiers.get(10L));
        assertTrue(teams.verified.isEmpty());
        assertFalse(kyc.accountInformation().isPhoneVerified());
        assertEquals(List.of(), events, "a pending submission decides nothing");
    }

    @Test
    void submission_with_a_not_verified_token_is_pending() {
        String token = evidence.issue(10, "national_id_ke", "national_id", false, "I");
        AccountKyc kyc = submit(a, 10, 2, new KycTokens(token, null, null));
        assertEquals(KycStatus.PENDING, kyc.status());
        assertEquals(0, kyc.verificationInformation().verifiedKycTier());
        assertEquals(0, teams.tiers.get(10L));
    }

    @Test
    void tax_id_alone_is_pending() {
        assertEquals(KycStatus.PENDING, submit(a, 10, 3, new KycTokens(null, null, tin(a, "C"))).status());
    }

    @Test
    void a_team_the_caller_holds_no_role_on_is_404() {
        DomainError error = assertThrows(DomainError.class, () -> submit(a, 20, 2, KycTokens.NONE));
        assertEquals(DomainError.Kind.NOT_FOUND, error.kind());
        assertThrows(DomainError.class, () -> submit(a, 999, 2, KycTokens.NONE));
    }

    @Test
    void an_unissued_token_is_refused_naming_the_slot() {
        DomainError error = assertThrows(DomainError.class,
                () -> submit(a, 10, 2, new KycTokens(null, null, "lk_nope")));
        assertEquals("invalid_argument", error.code());
        assertEquals(DomainError.Shape.COMPACT, error.shape());
        assertTrue(error.getMessage().startsWith("kyc_tokens.tin"), error.getMessage());
        assertTrue(store.rows.isEmpty());
    }

    @Test
    void another_merchants_token_is_refused_naming_the_slot() {
        String foreign = nid(b);
        DomainError error = assertThrows(DomainError.class,
                () -> submit(a, 10, 2, new KycTokens(foreign, null, null)));
        assertTrue(error.getMessage().startsWith("kyc_tokens.national_id"), error.getMessage());
        assertEquals(DomainError.Shape.COMPACT, error.shape());
    }

    @Test
    void a_token_in_the_wrong_slot_is_refused_naming_the_slot() {
        String nationalIdToken = nid(a);
        DomainError error = assertThrows(DomainError.class,
                () -> submit(a, 10, 2, new KycTokens(null, null, nationalIdToken)));
        assertTrue(error.getMessage().startsWith("kyc_tokens.tin"), error.getMessage());
        assertTrue(error.getMessage().contains("national_id_ke"), error.getMessage());
        String passport = evidence.issue(10, "passport_ke", "passport", true, "I");
        DomainError second = assertThrows(DomainError.class,
                () -> submit(a, 10, 2, new KycTokens(passport, null, null)));
        assertTrue(second.getMessage().startsWith("kyc_tokens.national_id"));
    }

    @Test
    void a_second_submission_for_a_team_is_refused() {
        AccountKyc first = submit(a, 10, 2, KycTokens.NONE);
        DomainError error = assertThrows(DomainError.class, () -> submit(a, 10, 2, KycTokens.NONE));
        assertEquals("invalid_argument", error.code());
        assertEquals(DomainError.Shape.DEFAULT, error.shape());
        assertTrue(error.getMessage().contains("PUT /api/v2/account_kycs/" + first.id()), error.getMessage());
    }

    @Test
    void account_id_is_required() {
        DomainError error = assertThrows(DomainError.class,
                () -> new Commands.Submit(a, (Long) null, null, null));
        assertEquals("account_id is required", error.getMessage());
    }

    @Test
    void amend_merges_and_approves_once_tokens_justify_a_tier() {
        AccountKyc kyc = submit(a, 10, 3, new KycTokens(null, null, tin(a, "C")));
        AccountKyc amended = service.amend(new Commands.Amend(a, kyc.id(), 10L,
                new KycDetails(null, null, null, null, "with id", null, null), new KycTokens(nid(a), null, null)));
        assertEquals(KycStatus.APPROVED, amended.status());
        assertEquals(3, amended.kycTier());
        assertEquals("with id", amended.statement().notes());
        assertEquals(3, teams.tiers.get(10L));
        assertEquals(amended, store.rows.get(kyc.id()));
        assertEquals(List.of("10 account_kyc.approved approved"), events, "decided by tokens on amend, once");
        service.amend(new Commands.Amend(a, kyc.id(), 10L,
                new KycDetails(null, null, null, null, "again", null, null), KycTokens.NONE));
        assertEquals(1, events.size(), "an amendment of an approved record decides nothing new");
    }

    @Test
    void amend_of_another_merchants_record_is_404_and_account_id_must_match() {
        AccountKyc kyc = submit(a, 10, 2, KycTokens.NONE);
        DomainError error = assertThrows(DomainError.class,
                () -> service.amend(new Commands.Amend(b, kyc.id(), 10L, null, null)));
        assertEquals(DomainError.Kind.NOT_FOUND, error.kind());
        DomainError mismatch = assertThrows(DomainError.class,
                () -> service.amend(new Commands.Amend(a, kyc.id(), 11L, null, null)));
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, mismatch.kind());
        assertThrows(DomainError.class, () -> service.amend(new Commands.Amend(a, 12345, 10L, null, null)));
    }

    @Test
    void view_answers_only_records_of_visible_teams() {
        AccountKyc kyc = submit(a, 10, 2, KycTokens.NONE);
        assertEquals(kyc, service.view(a, kyc.id()));
        assertEquals(DomainError.Kind.NOT_FOUND, assertThrows(DomainError.class, () -> service.view(b, kyc.id())).kind());
        assertEquals("account kyc 999 not found", assertThrows(DomainError.class, () -> service.view(a, 999)).getMessage());
    }

    @Test
    void upgrade_covered_by_tokens_is_immediate() {
        submit(a, 10, 2, new KycTokens(nid(a), null, null));
        AccountKyc upgraded = service.upgrade(new Commands.Upgrade(a, 10L, 3, "more volume", null,
                new KycTokens(null, null, tin(a, "C"))));
        assertEquals(3, upgraded.kycTier());
        assertEquals(UpgradeStatus.APPROVED, upgraded.upgradeInformation().upgradeStatus());
        assertEquals(2, upgraded.upgradeInformation().upgradeFrom());
        assertEquals(3, teams.tiers.get(10L));
        assertEquals(3, teams.orgTiers.get(1000L));
    }

    @Test
    void upgrade_backed_by_an_individual_taxpayer_is_pending_and_applies_entity_amendments() {
        submit(a, 10, 2, new KycTokens(nid(a), null, null));
        AccountKyc upgraded = service.upgrade(new Commands.Upgrade(a, 10L, 3, "note",
                new EntityInformation("New Name", null, null, null, null, null, null, null),
                new KycTokens(null, null, tin(a, "I"))));
        assertEquals(2, upgraded.kycTier());
        assertEquals(UpgradeStatus.PENDING, upgraded.upgradeInformation().upgradeStatus());
        assertEquals("New Name", upgraded.statement().entityInformation().entityName());
        assertEquals(2, teams.tiers.get(10L));
        assertEquals(1, service.queue(null, "pending", null).size());
    }

    @Test
    void upgrade_is_refused_for_a_pending_team_and_a_team_without_submission() {
        DomainError none = assertThrows(DomainError.class,
                () -> service.upgrade(new Commands.Upgrade(a, 10L, 3, null, null, null)));
        assertEquals("account kyc must be approved before an upgrade", none.getMessage());
        submit(a, 10, 2, KycTokens.NONE);
        DomainError pending = assertThrows(DomainError.class,
                () -> service.upgrade(new Commands.Upgrade(a, 10L, 3, null, null, null)));
        assertEquals("account kyc must be approved before an upgrade", pending.getMessage());
        assertEquals(DomainError.Shape.DEFAULT, pending.shape());
        DomainError foreign = assertThrows(DomainError.class,
                () -> service.upgrade(new Commands.Upgrade(b, 10L, 3, null, null, null)));
        assertEquals(DomainError.Kind.NOT_FOUND, foreign.kind());
    }

    @Test
    void review_approve_moves_team_and_records_the_reviewer() {
        AccountKyc kyc = submit(a, 10, 2, KycTokens.NONE);
        assertEquals(1, service.queue("pending", null, null).size());
        AccountKyc inReview = service.review(new Commands.Review(kyc.id(), "in_review", null, "looking", 7));
        assertEquals(KycStatus.IN_REVIEW, inReview.status());
        assertEquals(0, teams.tiers.get(10L));
        AccountKyc approved = service.review(new Commands.Review(kyc.id(), "approve", 4, "fine", 7));
        assertEquals(4, approved.kycTier());
        assertEquals(4, teams.tiers.get(10L));
        assertEquals(4, teams.orgTiers.get(1000L));
        assertEquals(7, approved.reviewInformation().reviewedBy());
        assertEquals(NOW, approved.reviewInformation().reviewedAt());
        assertEquals("approved", approved.accountInformation().kycStatus());
        assertEquals(0, service.queue("pending", null, null).size());
        assertEquals(List.of("10 account_kyc.approved approved"), events, "in_review is no decision");
    }

    @Test
    void review_reject_leaves_the_team_tier() {
        AccountKyc kyc = submit(a, 10, 2, KycTokens.NONE);
        AccountKyc rejected = service.review(new Commands.Review(kyc.id(), "reject", null, "blurry", 7));
        assertEquals(KycStatus.REJECTED, rejected.status());
        assertEquals(0, teams.tiers.get(10L));
        assertTrue(teams.verified.isEmpty());
        assertEquals(List.of("10 account_kyc.rejected rejected"), events);
    }

    @Test
    void review_rejects_unknown_decisions_records_and_statuses() {
        AccountKyc kyc = submit(a, 10, 2, KycTokens.NONE);
        assertThrows(DomainError.class, () -> service.review(new Commands.Review(kyc.id(), "maybe", null, null, 7)));
        DomainError missing = assertThrows(DomainError.class,
                () -> service.review(new Commands.Review(999, "approve", 2, null, 7)));
        assertEquals(DomainError.Kind.NOT_FOUND, missing.kind());
        assertThrows(DomainError.class, () -> service.queue("done", null, null));
        assertThrows(DomainError.class, () -> service.queue(null, null, 0));
    }

    @Test
    void upgrade_review_approve_sets_the_tier_and_reviewer() {
        submit(a, 10, 2, new KycTokens(nid(a), null, null));
        AccountKyc pending = service.upgrade(new Commands.Upgrade(a, 10L, 4, "big", null, null));
        AccountKyc approved = service.reviewUpgrade(new Commands.ReviewUpgrade(pending.id(), "approve", "ok", 7));
        assertEquals(4, approved.kycTier());
        assertEquals(UpgradeStatus.APPROVED, approved.upgradeInformation().upgradeStatus());
        assertEquals(7L, approved.upgradeInformation().upgradeReviewedBy());
        assertNotNull(approved.upgradeInformation().upgradeReviewedAt());
        assertEquals(4, teams.tiers.get(10L));
    }

    @Test
    void upgrade_review_reject_keeps_the_tier() {
        submit(a, 10, 2, new KycTokens(nid(a), null, null));
        AccountKyc pending = service.upgrade(new Commands.Upgrade(a, 10L, 4, "big", null, null));
        AccountKyc rejected = service.reviewUpgrade(new Commands.ReviewUpgrade(pending.id(), "reject", "no", 7));
        assertEquals(2, rejected.kycTier());
        assertEquals(UpgradeStatus.REJECTED, rejected.upgradeInformation().upgradeStatus());
        assertEquals(2, teams.tiers.get(10L));
        assertEquals(List.of("10 account_kyc.approved approved"), events, "upgrade decisions are not submission decisions");
    }
}
