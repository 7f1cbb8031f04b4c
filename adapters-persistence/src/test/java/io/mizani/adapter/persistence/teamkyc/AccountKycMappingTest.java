package io.mizani.adapter.persistence.teamkyc;

import io.mizani.domain.verification.CheckStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.TestPii;
import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.ContactInformation;
import io.mizani.domain.teamkyc.EntityInformation;
import io.mizani.domain.teamkyc.KycDetails;
import io.mizani.domain.teamkyc.KycSlot;
import io.mizani.domain.teamkyc.ReviewDecision;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.teamkyc.UploadInformation;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccountKycMappingTest {

    private static final JdbcAccountKycStore STORE = new JdbcAccountKycStore(null, new SealedText(TestPii.INSTANCE));

    private static final Instant T0 = Instant.parse("2026-11-21T05:00:00Z");

    private static TokenSnapshot snapshot(KycSlot slot, String token, String check, String category, String actor,
                                          String subject, String masked, String reference) {
        return new TokenSnapshot(slot, new VerificationToken(LookupId.of(token),
                new VerificationToken.Checked(check, category, "KE"),
                new VerificationToken.Finding(CheckStatus.VERIFIED, "VERIFIED", true, actor, subject, masked, reference,
                        "sandbox"),
                T0, T0.plusSeconds(60)));
    }

    @Test
    void a_token_snapshot_is_stored_flat_as_rows_already_hold_it() {
        String stored = STORE.toRow(AccountKyc.submit(42, KycDetails.none(),
                List.of(snapshot(KycSlot.TIN, "lk_2", "kra_pin", "tax_id", "C", "Acme Ltd", "P0••••1Z", "R-9")), T0)
                .withId(7)).verificationInformation;
        assertTrue(stored.contains("\"verifications\":[{\"kind\":\"TIN\",\"token\":\"lk_2\",\"check\":\"kra_pin\","
                + "\"category\":\"tax_id\",\"country\":\"KE\",\"status\":\"verified\",\"verification_status\":\"VERIFIED\","
                + "\"verified\":true,\"actor_type\":\"C\",\"subject_name\":\"Acme Ltd\",\"identifier_masked\":\"P0••••1Z\","
                + "\"reference\":\"R-9\",\"source\":\"sandbox\",\"verified_at\":\"2026-11-21T05:00:00Z\","
                + "\"expires_at\":\"2026-11-21T05:01:00Z\"}]"), stored);
    }

    @Test
    void a_full_record_survives_the_row_mapping() {
        UploadInformation uploads = new UploadInformation("a", "b", "c", "d", "e", "f", "g", "h", "i");
        TokenSnapshot nid = snapshot(KycSlot.NATIONAL_ID, "lk_1", "national_id_ke", "national_id", "I", "Jane Doe",
                "12••••78", "ref");
        TokenSnapshot tin = snapshot(KycSlot.TIN, "lk_2", "kra_pin", "tax_id", "C", "Acme Ltd", "P0••••1Z", "ref2");
        AccountKyc kyc = AccountKyc.submit(42, new KycDetails("business", "KE", "Kenya", 2, "n",
                new ContactInformation("Jane", "Doe", "X", "individual", 12345678L, "national_id", 99L, "passport",
                        "active", "+254700000001", uploads),
                new EntityInformation("Acme", "Jane", "retail", "limited_company", "Nairobi", 7L, 8L, uploads)),
                List.of(nid, tin), T0).withId(5)
                .withAccountInformation(new AccountInformation("KES", "9", "Acme", "a@b.c", "+2547", "approved",
                        "active", true, false))
                .requestUpgrade(4, "more", null, List.of(), T0.plusSeconds(5));
        AccountKyc back = STORE.toDomain(STORE.toRow(kyc));
        assertEquals(kyc, back);
        assertTrue(STORE.toRow(kyc).accountInformation.contains("\"is_phone_verified\":true"),
                STORE.toRow(kyc).accountInformation);
        assertEquals("pending", STORE.toRow(kyc).upgradeStatus);
        var row = STORE.toRow(kyc);
        for (String clear : List.of("+254700000001", "12345678", "\"+2547\"", ":99", ":7,", ":8,")) {
            String stored = row.contactInformation + row.entityInformation + row.accountInformation;
            assertTrue(!stored.contains(clear), clear + " in the clear: " + stored);
        }
        assertTrue(row.contactInformation.contains("\"identification_number\":\"pii:a1:"), row.contactInformation);
    }

    @Test
    void a_bare_reviewed_record_survives_the_row_mapping() {
        AccountKyc kyc = AccountKyc.submit(42, KycDetails.none(), List.of(), T0).withId(6)
                .review(ReviewDecision.REJECT, null, "no", 3, T0.plusSeconds(1));
        assertEquals(kyc, STORE.toDomain(STORE.toRow(kyc)));
    }
}
