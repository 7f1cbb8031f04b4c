package io.mizani.domain.teamkyc;

import static io.mizani.domain.teamkyc.Tokens.nationalId;
import static io.mizani.domain.teamkyc.Tokens.notVerified;
import static io.mizani.domain.teamkyc.Tokens.phone;
import static io.mizani.domain.teamkyc.Tokens.tin;
import static io.mizani.domain.teamkyc.Tokens.token;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TokenTierRuleTest {

    private static int tier(TokenSnapshot... tokens) {
        return TokenTierRule.justify(Arrays.asList(tokens)).tier();
    }

    @Test
    void phone_token_alone_grants_tier_2() {
        assertEquals(2, tier(phone()));
    }

    @Test
    void national_id_token_alone_grants_tier_2() {
        assertEquals(2, tier(nationalId()));
    }

    @Test
    void national_id_with_company_tax_id_grants_tier_3() {
        TierJustification j = TokenTierRule.justify(List.of(nationalId(), tin("C")));
        assertEquals(3, j.tier());
        assertEquals("C", j.actorType());
    }

    @Test
    void national_id_with_individual_tax_id_grants_tier_2() {
        TierJustification j = TokenTierRule.justify(List.of(nationalId(), tin("I")));
        assertEquals(2, j.tier());
        assertEquals("I", j.actorType());
    }

    @Test
    void national_id_with_tax_id_of_unknown_class_grants_tier_2() {
        assertEquals(2, tier(nationalId(), tin(null)));
    }

    @Test
    void tax_id_alone_justifies_nothing() {
        assertEquals(0, tier(tin("C")));
        assertEquals(0, tier(tin("I")));
        assertFalse(TokenTierRule.justify(List.of(tin("C"))).justifiesAnything());
    }

    @Test
    void phone_with_company_tax_id_but_no_national_id_grants_tier_2() {
        assertEquals(2, tier(phone(), tin("C")));
    }

    @Test
    void all_three_with_company_tax_id_grant_tier_3_never_more() {
        assertEquals(3, tier(phone(), nationalId(), tin("C")));
    }

    @Test
    void not_verified_tokens_contribute_nothing() {
        assertEquals(0, tier(notVerified(KycSlot.PHONE_NUMBER)));
        assertEquals(0, tier(notVerified(KycSlot.NATIONAL_ID)));
        assertEquals(0, tier(notVerified(KycSlot.NATIONAL_ID), notVerified(KycSlot.PHONE_NUMBER),
                notVerified(KycSlot.TIN)));
        assertEquals(2, tier(nationalId(), notVerified(KycSlot.TIN)));
        assertEquals(0, tier(notVerified(KycSlot.NATIONAL_ID), tin("C")));
        assertNull(TokenTierRule.justify(List.of(notVerified(KycSlot.TIN))).actorType());
    }

    @Test
    void no_tokens_justify_nothing() {
        assertEquals(TierJustification.NOTHING, TokenTierRule.justify(List.of()));
    }

    @Test
    void coverage_of_a_requested_tier() {
        TierJustification three = TokenTierRule.justify(List.of(nationalId(), tin("C")));
        assertTrue(three.covers(3));
        assertTrue(three.covers(2));
        assertFalse(three.covers(4));
        TierJustification two = TokenTierRule.justify(List.of(nationalId(), tin("I")));
        assertFalse(two.covers(3));
        assertFalse(TierJustification.NOTHING.covers(0));
    }

    /** Every combination of (absent | verified | not verified) per slot and every tax-ID actor type. */
    @Test
    void exhaustive_combinations_follow_the_tier_table() {
        String[] states = {"absent", "verified", "not_verified"};
        String[] actors = {"C", "I", null};
        int combinations = 0;
        for (String nid : states) {
            for (String ph : states) {
                for (String tx : states) {
                    for (String actor : actors) {
                        List<TokenSnapshot> tokens = new ArrayList<>();
                        add(tokens, KycSlot.NATIONAL_ID, nid, "I");
                        add(tokens, KycSlot.PHONE_NUMBER, ph, "I");
                        add(tokens, KycSlot.TIN, tx, actor);
                        boolean n = nid.equals("verified");
                        boolean p = ph.equals("verified");
                        boolean t = tx.equals("verified");
                        int expected = n && t && "C".equals(actor) ? 3 : (n || p) ? 2 : 0;
                        int actual = TokenTierRule.justify(tokens).tier();
                        assertEquals(expected, actual, "nid=" + nid + " phone=" + ph + " tin=" + tx + "/" + actor);
                        assertTrue(actual <= TokenTierRule.MAX_TOKEN_TIER);
                        combinations++;
                    }
                }
            }
        }
        assertEquals(81, combinations);
    }

    private static void add(List<TokenSnapshot> tokens, KycSlot slot, String state, String actor) {
        if (!state.equals("absent")) {
            tokens.add(token(slot, state.equals("verified"), actor));
        }
    }
}
