package io.mizani.domain.beneficiary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.domain.common.Money;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** The words of a tier-0 refusal and the codes its rules travel under. */
class Tier0EnvelopeMessagesTest {

    private static Tier0Decision.Refused refused(String amountUsd, String lifetimeUsd) {
        return (Tier0Decision.Refused) Tier0Envelope.judge(KycLevel.TIER_0, "KES",
                Money.of(new BigDecimal(amountUsd), "USD"), Money.of(new BigDecimal(lifetimeUsd), "USD"));
    }

    @Test
    void an_amount_over_the_maximum_is_named_in_cents() {
        Tier0Decision.Refused r = refused("25.5", "0");
        assertEquals(Tier0Decision.Rule.OVER_TRANSACTION_MAX, r.rule());
        assertEquals("amount 25.50 USD is not under the tier-0 maximum of 20.00 USD per transaction", r.detail());
    }

    @Test
    void a_reached_lifetime_total_is_named_in_cents() {
        Tier0Decision.Refused r = refused("1", "200");
        assertEquals("lifetime tier-0 total 200.00 USD has reached the limit of 200.00 USD", r.detail());
    }

    @Test
    void rules_travel_under_their_codes() {
        assertEquals("currency_excluded", Tier0Decision.Rule.EXCLUDED_CURRENCY.code());
        assertEquals("amount_over_max", Tier0Decision.Rule.OVER_TRANSACTION_MAX.code());
        assertEquals("lifetime_limit_reached", Tier0Decision.Rule.LIFETIME_LIMIT_REACHED.code());
    }
}
