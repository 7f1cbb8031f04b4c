package io.mizani.domain.teamkyc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a lone token proves when its actor type is unknown, and what a lone TIN proves. */
class TokenTierActorTest {

    @Test
    void a_verified_phone_without_an_actor_type_still_justifies_tier_two() {
        assertEquals(new TierJustification(2, null),
                TokenTierRule.justify(List.of(Tokens.token(KycSlot.PHONE_NUMBER, true, null))));
    }

    @Test
    void a_lone_company_tin_names_the_actor_but_justifies_no_tier() {
        TierJustification j = TokenTierRule.justify(List.of(Tokens.tin("C")));
        assertEquals(new TierJustification(0, "C"), j);
        assertEquals(false, j.justifiesAnything());
    }

    @Test
    void nothing_counted_is_nothing() {
        assertEquals(TierJustification.NOTHING,
                TokenTierRule.justify(List.of(Tokens.notVerified(KycSlot.NATIONAL_ID))));
    }
}
