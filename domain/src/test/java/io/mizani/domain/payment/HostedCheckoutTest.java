package io.mizani.domain.payment;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.*;

class HostedCheckoutTest {

    @Test
    void checkout_expires_exactly_ttl_after_acceptance() {
        Instant accepted = Instant.parse("2026-01-01T10:00:00Z");
        Duration ttl = Duration.ofMinutes(30);
        assertEquals(Instant.parse("2026-01-01T10:30:00Z"), HostedCheckout.expiresAt(accepted, ttl));
        assertFalse(HostedCheckout.expired(accepted, ttl, Instant.parse("2026-01-01T10:29:59.999Z")));
        assertTrue(HostedCheckout.expired(accepted, ttl, Instant.parse("2026-01-01T10:30:00Z")));
    }

    @Test
    void failure_reasons_are_the_contract_strings() {
        assertEquals("cancelled by the payer", HostedCheckout.CANCELLED_BY_THE_PAYER);
        assertEquals("checkout expired", HostedCheckout.CHECKOUT_EXPIRED);
    }

    @Test
    void test_cards_ignore_grouping() {
        assertEquals(TestCard.APPROVED, TestCard.of("4242 4242 4242 4242"));
        assertEquals(TestCard.DECLINED, TestCard.of("4000-0000-0000-0002"));
        assertEquals(TestCard.UNKNOWN, TestCard.of("4242"));
    }
}
