package io.mizani.adapter.rest.teamkyc;

import io.mizani.domain.verification.CheckStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.KycDetails;
import io.mizani.domain.teamkyc.KycSlot;
import io.mizani.domain.teamkyc.KycStatus;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.teamkyc.UpgradeInformation;
import io.mizani.domain.teamkyc.UpgradeStatus;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Team KYC views hold each value in the field of its name (values name their field, so a swap fails). */
class AccountKycJsonTest {

    private static final Instant T0 = Instant.parse("2026-11-21T05:00:00.123456789Z");

    @Test
    void a_token_view_takes_every_field_from_the_token_part_of_that_name() {
        var token = new TokenSnapshot(KycSlot.TIN, new VerificationToken(LookupId.of("token"),
                new VerificationToken.Checked("check", "category", "country"),
                new VerificationToken.Finding(CheckStatus.NOT_VERIFIED, "verification_status", true, "actor_type",
                        "subject_name", "identifier_masked", "reference", "source"),
                T0, T0.plusSeconds(60)));
        var v = AccountKycJson.VerificationView.of(token);
        assertEquals(new AccountKycJson.VerificationView("tin", "token", "check", "category", "country", "not_verified",
                "verification_status", true, "actor_type", "subject_name", "identifier_masked", "reference", "source",
                T0, T0.plusSeconds(60)), v);
    }

    @Test
    void account_and_upgrade_views_take_each_field_by_name() {
        var info = AccountInformation.builder().currency("currency").organizationId("organization_id")
                .accountName("account_name").email("email").phoneNumber("phone_number").kycStatus("kyc_status")
                .accountStatus("account_status").phoneVerified(true).emailVerified(false).build();
        assertEquals(new AccountKycJson.AccountInformationView("currency", "organization_id", "account_name", "email",
                "phone_number", "kyc_status", "account_status", true, false), AccountKycJson.AccountInformationView.of(info));

        var decided = UpgradeInformation.requested(1, 3, "upgrade_notes", T0)
                .decided(UpgradeStatus.REJECTED, T0.plusSeconds(5), 42, "upgrade_review_notes");
        assertEquals(new AccountKycJson.UpgradeInformationView(true, 1, 3, "upgrade_notes", "rejected", T0,
                T0.plusSeconds(5), 42L, "upgrade_review_notes"), AccountKycJson.UpgradeInformationView.of(decided));
        assertEquals(new AccountKycJson.UpgradeInformationView(false, null, null, null, null, null, null, null, null),
                AccountKycJson.UpgradeInformationView.of(UpgradeInformation.NONE));
    }

    @Test
    void a_record_view_takes_standing_statement_and_times_from_their_parts() {
        AccountKyc kyc = AccountKyc.submit(42, new KycDetails("business", "KE", "Kenya", 2, "notes", null, null),
                List.of(), T0).withId(5);
        var view = AccountKycJson.AccountKycView.of(kyc);
        assertEquals(5, view.id());
        assertEquals(42, view.accountId());
        assertEquals("business", view.entityType());
        assertEquals(KycStatus.PENDING.wire(), view.status());
        assertEquals("KE", view.countryCode());
        assertEquals("Kenya", view.country());
        assertEquals(2, view.kycTier());
        assertEquals("notes", view.notes());
        assertEquals(T0, view.createdAt());
        assertEquals(T0, view.updatedAt());
        assertNull(view.verificationInformation());
    }
}
