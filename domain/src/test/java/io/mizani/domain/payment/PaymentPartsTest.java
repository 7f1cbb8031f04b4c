package io.mizani.domain.payment;

import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A payment's parts refuse values that have traded places, and its steps keep every accepted part. */
class PaymentPartsTest {

    static final Money KES = Money.of(new BigDecimal("1290.00"), "KES");
    static final Money USD = Money.of(new BigDecimal("10.00"), "USD");
    static final Money FEE = Money.of(new BigDecimal("15.00"), "KES");

    @Test
    void the_amount_its_usd_value_and_the_fee_cannot_trade_places() {
        assertDoesNotThrow(() -> new Payment.Amounts(KES, USD, FEE));
        assertThrows(IllegalArgumentException.class, () -> new Payment.Amounts(USD, KES, FEE), "amount and USD");
        assertThrows(IllegalArgumentException.class, () -> new Payment.Amounts(KES, FEE, USD), "USD and fee");
        assertThrows(IllegalArgumentException.class, () -> new Payment.Amounts(FEE, USD, USD), "fee in USD");
        assertEquals("KES", new Payment.Amounts(KES, USD, FEE).currency());
    }

    @Test
    void a_tier0_count_is_in_usd() {
        assertThrows(IllegalArgumentException.class, () -> new Payment.Beneficiary(1, UUID.randomUUID(), KES));
        assertNull(new Payment.Beneficiary(1, UUID.randomUUID(), null).tier0Counted());
    }

    @Test
    void network_limits_are_in_one_currency() {
        assertThrows(IllegalArgumentException.class, () -> new Network.Limits(KES, KES, USD));
        assertThrows(IllegalArgumentException.class, () -> new Network.Limits(USD, KES, KES));
        assertEquals("KES", new Network.Limits(FEE, KES, FEE).currency());
    }

    @Test
    void an_accepted_payment_is_queued_and_its_later_steps_keep_what_was_accepted() {
        Instant now = Instant.parse("2026-11-23T10:00:00Z");
        var refs = new Payment.References(PaymentReference.of("MZPX"), "ord-1", null);
        var routing = new Payment.Routing(RequestType.PAYMENT, "KE", Rail.MOMO, "mpesa_ke", "mpesa", "ch");
        var customer = new Payment.Customer("Ada", "Obi", null, null, null, "KE", null, null);
        var instructions = new Payment.Instructions("254700000123", "https://m.example/cb", null, null, null, null);
        Payment accepted = Payment.accepted(AccountId.of(7), refs, routing, new Payment.Amounts(KES, USD, FEE), null,
                customer, instructions, now);
        assertEquals(0, accepted.id());
        assertSame(Payment.Outcome.QUEUED, accepted.outcome());
        assertEquals(PaymentStatus.QUEUED, accepted.status());
        assertEquals(new Payment.Timestamps(now, now, null, null), accepted.times());

        Payment stored = accepted.stored(42);
        assertEquals(42, stored.id());
        var failed = new Payment.Outcome(PaymentStatus.FAILED, "declined", "prov-1", 2);
        var later = new Payment.Timestamps(now, now.plusSeconds(5), now.plusSeconds(1), now.plusSeconds(5));
        Payment done = stored.progressed(failed, later);
        assertEquals(new Payment(42, AccountId.of(7), refs, routing, new Payment.Amounts(KES, USD, FEE), null,
                customer, instructions, failed, later), done);
        assertEquals("MZPX", done.reference().value());
        assertEquals("Ada Obi", done.customer().fullName());
    }
}
