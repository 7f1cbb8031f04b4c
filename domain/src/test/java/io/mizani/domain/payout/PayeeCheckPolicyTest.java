package io.mizani.domain.payout;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.*;

class PayeeCheckPolicyTest {

    static final PayeeMatch EXACT = PayeeMatch.of("Amani", "Otieno", "Amani Otieno");
    static final PayeeMatch PARTIAL = PayeeMatch.of("A", "Otieno", "Amani Otieno");
    static final PayeeMatch MISMATCH = PayeeMatch.of("Zebedee", "Quixworth", "Amani Otieno");

    @Test
    void the_match_is_section_13s_over_two_names() {
        assertEquals(100, EXACT.score());
        assertEquals(75, PARTIAL.score());
        assertEquals(0, MISMATCH.score());
        assertEquals(100, PayeeMatch.of("otieno", "AMANI", "Amani Otieno").score(), "any order, any case");
        assertEquals(io.mizani.domain.verification.match.MatchVerdict.PARTIAL, PARTIAL.overall());
        assertEquals(io.mizani.domain.verification.match.MatchVerdict.MISMATCH,
                PayeeMatch.of("Amani", "Quixworth", "Amani Otieno").overall(), "one name wrong is a mismatch");
    }

    @Test
    void off_refuses_nothing() {
        for (PayeeStatus s : PayeeStatus.values()) {
            assertEquals(Optional.empty(), PayeeCheckPolicy.OFF.refusal(s, s == PayeeStatus.RESOLVED ? MISMATCH : null));
        }
    }

    @Test
    void lenient_refuses_only_a_mismatch_or_not_found() {
        var p = PayeeCheckPolicy.LENIENT;
        assertEquals(Optional.of("mismatch"), p.refusal(PayeeStatus.RESOLVED, MISMATCH));
        assertEquals(Optional.of("not_found"), p.refusal(PayeeStatus.NOT_FOUND, null));
        assertEquals(Optional.empty(), p.refusal(PayeeStatus.RESOLVED, PARTIAL));
        assertEquals(Optional.empty(), p.refusal(PayeeStatus.RESOLVED, EXACT));
        assertEquals(Optional.empty(), p.refusal(PayeeStatus.UNAVAILABLE, null));
        assertEquals(Optional.empty(), p.refusal(PayeeStatus.UNSUPPORTED, null));
    }

    @Test
    void strict_refuses_anything_but_an_exact_match() {
        var p = PayeeCheckPolicy.STRICT;
        assertEquals(Optional.empty(), p.refusal(PayeeStatus.RESOLVED, EXACT));
        assertEquals(Optional.of("partial"), p.refusal(PayeeStatus.RESOLVED, PARTIAL));
        assertEquals(Optional.of("mismatch"), p.refusal(PayeeStatus.RESOLVED, MISMATCH));
        assertEquals(Optional.of("not_found"), p.refusal(PayeeStatus.NOT_FOUND, null));
        assertEquals(Optional.of("unavailable"), p.refusal(PayeeStatus.UNAVAILABLE, null));
        assertEquals(Optional.of("unsupported"), p.refusal(PayeeStatus.UNSUPPORTED, null));
        assertEquals("payee name check failed: partial", PayeeCheckPolicy.refusalMessage("partial"));
    }

    @Test
    void policies_parse_from_their_wire_names_and_absent_is_off() {
        assertEquals(Optional.of(PayeeCheckPolicy.OFF), PayeeCheckPolicy.parse(null));
        assertEquals(Optional.of(PayeeCheckPolicy.OFF), PayeeCheckPolicy.parse(" "));
        assertEquals(Optional.of(PayeeCheckPolicy.STRICT), PayeeCheckPolicy.parse("Strict"));
        assertEquals(Optional.empty(), PayeeCheckPolicy.parse("always"));
    }
}
