package io.mizani.domain.teamkyc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KycSlotTest {

    @Test
    void national_id_slot_accepts_national_id_checks_and_nin_only() {
        assertTrue(KycSlot.NATIONAL_ID.accepts("national_id_ke"));
        assertTrue(KycSlot.NATIONAL_ID.accepts("national_id_za"));
        assertTrue(KycSlot.NATIONAL_ID.accepts("nin"));
        assertFalse(KycSlot.NATIONAL_ID.accepts("national_id_"));
        assertFalse(KycSlot.NATIONAL_ID.accepts("passport_ke"));
        assertFalse(KycSlot.NATIONAL_ID.accepts("voter_id_tz"));
        assertFalse(KycSlot.NATIONAL_ID.accepts("bvn"));
        assertFalse(KycSlot.NATIONAL_ID.accepts("kra_pin"));
        assertFalse(KycSlot.NATIONAL_ID.accepts(null));
    }

    @Test
    void phone_slot_accepts_phone_and_phone_status_global_only() {
        assertTrue(KycSlot.PHONE_NUMBER.accepts("phone"));
        assertTrue(KycSlot.PHONE_NUMBER.accepts("phone_status_global"));
        assertFalse(KycSlot.PHONE_NUMBER.accepts("phone_ng"));
        assertFalse(KycSlot.PHONE_NUMBER.accepts("nin"));
    }

    @Test
    void tin_slot_accepts_kra_pin_and_tin_global_only() {
        assertTrue(KycSlot.TIN.accepts("kra_pin"));
        assertTrue(KycSlot.TIN.accepts("tin_global"));
        assertFalse(KycSlot.TIN.accepts("tin_ng"));
        assertFalse(KycSlot.TIN.accepts("kra_pin_from_id_ke"));
        assertFalse(KycSlot.TIN.accepts("company_global"));
        assertFalse(KycSlot.TIN.accepts("national_id_ke"));
    }

    @Test
    void slots_name_their_field() {
        assertEquals("kyc_tokens.tin", KycSlot.TIN.field());
        assertEquals("kyc_tokens.national_id", KycSlot.NATIONAL_ID.field());
        assertEquals("kyc_tokens.phone_number", KycSlot.PHONE_NUMBER.field());
    }
}
