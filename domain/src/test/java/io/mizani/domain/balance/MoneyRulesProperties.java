package io.mizani.domain.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;

import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.beneficiary.Tier0Decision;
import io.mizani.domain.beneficiary.Tier0Envelope;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The money rules of platform.md sections 8 and 9 on random amounts (docs/rules.md): a collection's credit is never
 * negative, a withdrawal needs exactly amount + fee, Money's arithmetic is exact and never mixes currencies, the
 * two-decimals rule accepts exactly the amounts with two decimals or fewer, and a tier-0 beneficiary's lifetime total
 * only grows while payments clear, stops growing once it reaches the limit, and grows again only after a failure
 * gives its amount back.
 */
class MoneyRulesProperties {

    /** Amounts with two decimals from 0.00 to 99,999,999.99. */
    @Provide
    Arbitrary<BigDecimal> amounts() {
        return Arbitraries.longs().between(0, 9_999_999_999L).map(c -> BigDecimal.valueOf(c, 2));
    }

    /** Tier-0 sized USD amounts: 0.01 to 25.00 (some over the 20 USD maximum). */
    @Provide
    Arbitrary<BigDecimal> smallUsd() {
        return Arbitraries.longs().between(1, 2_500).map(c -> BigDecimal.valueOf(c, 2));
    }

    @Property(tries = 500)
    void a_collection_credit_is_never_negative_and_is_amount_less_fee_when_it_covers_it(
            @ForAll("amounts") BigDecimal amount, @ForAll("amounts") BigDecimal fee) {
        Money credit = BalanceRules.collectionCredit(kes(amount), kes(fee));
        assertEquals("KES", credit.currency());
        assertTrue(!credit.isNegative(), credit::twoDecimals);
        assertEquals(2, credit.amount().scale());
        if (amount.compareTo(fee) >= 0) {
            assertTrue(credit.plus(kes(fee)).isSameAs(kes(amount)));
        } else {
            assertTrue(credit.isZero());
        }
    }

    @Property(tries = 500)
    void a_withdrawal_needs_exactly_amount_plus_fee(@ForAll("amounts") BigDecimal amount,
                                                    @ForAll("amounts") BigDecimal fee) {
        Money need = BalanceRules.withdrawalNeed(kes(amount), kes(fee));
        assertEquals(2, need.amount().scale());
        assertTrue(need.minus(kes(fee)).isSameAs(kes(amount)));
        assertTrue(BalanceRules.withdrawalNeed(kes(amount), null).isSameAs(kes(amount)), "no fee: the amount");
    }

    private static Money kes(BigDecimal amount) {
        return Money.of(amount, "KES");
    }

    private static Money usd(BigDecimal amount) {
        return Money.of(amount, Tier0Envelope.USD);
    }

    @Property(tries = 500)
    void money_arithmetic_is_exact_and_keeps_one_currency(@ForAll("amounts") BigDecimal a,
                                                          @ForAll("amounts") BigDecimal b) {
        Money x = Money.of(a, "KES");
        Money y = Money.of(b, "KES");
        assertTrue(x.plus(y).minus(y).isSameAs(x));
        assertEquals(x.compareTo(y) >= 0, x.isAtLeast(y));
        assertEquals(x.compareTo(y) > 0, x.isGreaterThan(y));
        assertEquals(a.signum() == 0, x.isZero());
        assertEquals(x.minus(y).isNegative(), y.isGreaterThan(x));
        assertTrue(x.minus(y).atLeastZero().isAtLeast(Money.zero("KES")));
        Money other = Money.of(b, "UGX");
        assertThrows(Money.CurrencyMismatch.class, () -> x.plus(other));
        assertThrows(Money.CurrencyMismatch.class, () -> x.minus(other));
        assertThrows(Money.CurrencyMismatch.class, () -> x.isAtLeast(other));
    }

    @Property(tries = 500)
    void two_decimals_accepts_exactly_the_amounts_with_two_decimals_or_fewer(
            @ForAll("amounts") BigDecimal cents, @ForAll @IntRange(min = 0, max = 6) int scale) {
        BigDecimal amount = cents.setScale(scale, java.math.RoundingMode.DOWN);
        BigDecimal withThird = amount.add(new BigDecimal("0.001"));
        assertEquals(0, Money.twoDecimals("amount", amount).compareTo(amount));
        assertEquals(2, Money.twoDecimals("amount", amount).scale());
        DomainError e = assertThrows(DomainError.class, () -> Money.twoDecimals("amount", withThird));
        assertEquals("amount must have at most two decimal places", e.getMessage());
    }

    /** One payment of a tier-0 sequence: its USD amount and whether it fails later (giving its amount back). */
    record Step(BigDecimal usd, boolean fails) {
    }

    @Provide
    Arbitrary<Step> steps() {
        return smallUsd().flatMap(usd -> Arbitraries.of(true, false, false, false).map(f -> new Step(usd, f)));
    }

    @Property(tries = 300)
    void the_tier_0_lifetime_total_grows_until_the_limit_and_only_a_failure_gives_back(
            @ForAll @Size(max = 60) List<@From("steps") Step> steps) {
        Money lifetime = Money.zero(Tier0Envelope.USD);
        for (Step s : steps) {
            Tier0Decision d = Tier0Envelope.judge(KycLevel.TIER_0, "KES", usd(s.usd()), lifetime);
            Money before = lifetime;
            if (d instanceof Tier0Decision.Clear clear) {
                assertTrue(clear.counted());
                assertTrue(Tier0Envelope.MAX_TRANSACTION.isGreaterThan(usd(s.usd())));
                assertFalse(Tier0Envelope.limitReached(before), "nothing clears once the limit is reached");
                lifetime = lifetime.plus(usd(s.usd()));
                assertTrue(lifetime.isGreaterThan(before), "a cleared payment counts");
                if (s.fails()) {
                    lifetime = lifetime.minus(usd(s.usd())); // the failure releases exactly what it counted
                    assertTrue(lifetime.isSameAs(before));
                }
            } else {
                Tier0Decision.Refused refused = assertInstanceOf(Tier0Decision.Refused.class, d);
                assertTrue(refused.rule() == Tier0Decision.Rule.OVER_TRANSACTION_MAX
                        || Tier0Envelope.limitReached(before), refused.detail());
            }
            // never past the limit by more than one payment under the maximum
            assertTrue(Tier0Envelope.LIFETIME_LIMIT.plus(Tier0Envelope.MAX_TRANSACTION).isGreaterThan(lifetime));
            assertTrue(usd(Tier0Envelope.remaining(lifetime.amount()))
                    .isSameAs(Tier0Envelope.LIFETIME_LIMIT.minus(lifetime).atLeastZero()));
        }
        // a full beneficiary is never judged or counted
        assertEquals(new Tier0Decision.Clear(false), Tier0Envelope.judge(KycLevel.FULL, "NGN",
                usd(new BigDecimal("5000")), lifetime));
    }
}
