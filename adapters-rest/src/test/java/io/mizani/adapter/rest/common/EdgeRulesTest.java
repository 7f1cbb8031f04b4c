package io.mizani.adapter.rest.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class EdgeRulesTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private static byte[] json(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void a_nul_is_found_in_values_and_keys_at_any_depth_and_named() {
        assertEquals("first_name", NulGuard.nulAt(json("{\"first_name\":\"a\\u0000b\"}")));
        assertEquals("user.first_name", NulGuard.nulAt(json("{\"user\":{\"first_name\":\"\\u0000\"}}")));
        assertEquals("tags[1]", NulGuard.nulAt(json("{\"tags\":[\"ok\",\"\\u0000\"]}")));
        assertEquals("a field name in kyc_data", NulGuard.nulAt(json("{\"kyc_data\":{\"k\\u0000\":1}}")));
        assertEquals("the body", NulGuard.nulAt(json("\"\\u0000\"")));
        assertEquals("[0].x", NulGuard.nulAt(json("[{\"x\":\"\\u0000\"}]")));
    }

    @Test
    void an_escaped_backslash_before_u0000_is_not_a_nul_and_broken_json_is_left_to_the_reader() {
        assertNull(NulGuard.nulAt(json("{\"a\":\"\\\\u0000\"}")));
        assertNull(NulGuard.nulAt(json("{\"a\":\"plain\",\"b\":[1,2,{\"c\":null}]}")));
        assertNull(NulGuard.nulAt(json("{not json")));
        assertNull(NulGuard.nulAt(new byte[0]));
    }

    @Test
    void a_body_in_utf_16_is_still_read_for_a_nul_and_only_bodies_without_the_escape_or_a_zero_byte_skip_the_parse() {
        // UTF-16 puts a zero byte beside every ASCII character: the body is parsed, and its NUL found
        assertEquals("first_name", NulGuard.nulAt("{\"first_name\":\"a\\u0000b\"}".getBytes(StandardCharsets.UTF_16BE)));
        assertNull(NulGuard.nulAt("{\"first_name\":\"ab\"}".getBytes(StandardCharsets.UTF_16LE)));
        assertTrue(NulGuard.mayHoldNul(json("{\"a\":\"x\\u0000\"}")));
        assertTrue(NulGuard.mayHoldNul(json("{\"a\":\"\\\\u0000\"}"))); // parsed, then found to be no NUL (above)
        assertTrue(NulGuard.mayHoldNul(new byte[] {'{', 0, '}'}));
        assertFalse(NulGuard.mayHoldNul(json("{\"a\":\"\\u0001 u0000 \\u000 \\\\ 0000\"}")));
        assertFalse(NulGuard.mayHoldNul(json("{\"a\":\"\\u000")));
        assertFalse(NulGuard.mayHoldNul(new byte[0]));
    }

    @Test
    void a_nul_in_the_path_or_a_query_parameter_is_named() {
        assertEquals("the path", EdgeGuard.nulInPathOrQuery("/api/v1/kyc/tokens/%00", null));
        assertEquals("query parameter term", EdgeGuard.nulInPathOrQuery("/api/global/beneficiaries", "page=1&term=a%00"));
        assertEquals("query parameter x\\u0000", EdgeGuard.nulInPathOrQuery("/p", "x%00=1"));
        assertNull(EdgeGuard.nulInPathOrQuery("/api/global/beneficiaries", "term=%2500"));
        assertNull(EdgeGuard.nulInPathOrQuery("/api/global/beneficiaries", null));
    }

    @Test
    void basic_credentials_with_a_nul_in_username_or_password_are_recognised() {
        String nulUser = "Basic " + Base64.getEncoder().encodeToString("a\0b:pw".getBytes(StandardCharsets.UTF_8));
        String nulPassword = "Basic " + Base64.getEncoder().encodeToString("ab:p\0w".getBytes(StandardCharsets.UTF_8));
        String fine = "Basic " + Base64.getEncoder().encodeToString("ab:pw".getBytes(StandardCharsets.UTF_8));
        assertTrue(EdgeGuard.basicHasNul(nulUser));
        assertTrue(EdgeGuard.basicHasNul(nulPassword));
        assertFalse(EdgeGuard.basicHasNul(fine));
        assertFalse(EdgeGuard.basicHasNul("Basic !!!not-base64"));
    }

    @Test
    void more_than_20_failures_in_a_minute_block_for_a_minute_and_old_failures_expire() {
        AuthFailureThrottle t = new AuthFailureThrottle(20, Duration.ofMinutes(1), Duration.ofMinutes(1), now::get);
        for (int i = 0; i < 20; i++) {
            assertFalse(t.failure("10.0.0.1"));
        }
        assertEquals(0, t.blockedForSeconds("10.0.0.1"));
        assertTrue(t.failure("10.0.0.1"));
        assertEquals(60, t.blockedForSeconds("10.0.0.1"));
        assertEquals(0, t.blockedForSeconds("10.0.0.2"), "other addresses are not affected");
        now.addAndGet(Duration.ofSeconds(59).toNanos());
        assertEquals(1, t.blockedForSeconds("10.0.0.1"));
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertEquals(0, t.blockedForSeconds("10.0.0.1"), "a minute later it is lifted");

        // 20 failures spread over more than a minute never block
        AuthFailureThrottle slow = new AuthFailureThrottle(20, Duration.ofMinutes(1), Duration.ofMinutes(1), now::get);
        for (int i = 0; i < 100; i++) {
            assertFalse(slow.failure("10.0.0.3"));
            now.addAndGet(Duration.ofSeconds(4).toNanos());
        }
    }

    @Test
    void the_merchant_budget_counts_per_account_and_resets_with_its_window() {
        MerchantRateLimiter l = new MerchantRateLimiter(3, Duration.ofMinutes(1), now::get);
        assertEquals(2, l.take(1).remaining());
        assertEquals(1, l.take(1).remaining());
        assertEquals(0, l.take(1).remaining());
        MerchantRateLimiter.Verdict refused = l.take(1);
        assertFalse(refused.allowed());
        assertEquals(60, refused.resetSeconds());
        assertTrue(l.take(2).allowed(), "another merchant has its own budget");
        now.addAndGet(Duration.ofMinutes(1).toNanos());
        assertTrue(l.take(1).allowed());
        assertFalse(new MerchantRateLimiter(0, Duration.ofMinutes(1), now::get).enabled());
    }

    @Test
    void connection_failures_are_outages_other_sql_errors_are_not() {
        assertTrue(Outages.databaseUnreachable(new RuntimeException(new SQLException("refused", "08001"))));
        assertTrue(Outages.databaseUnreachable(new RuntimeException(new SQLException("terminating", "57P01"))));
        assertTrue(Outages.databaseUnreachable(new IllegalStateException(new java.net.ConnectException("refused"))));
        assertTrue(Outages.databaseUnreachable(new SQLException("Acquisition timeout while waiting for new connection")));
        assertFalse(Outages.databaseUnreachable(new RuntimeException(new SQLException("duplicate key", "23505"))));
        assertFalse(Outages.databaseUnreachable(new IllegalArgumentException("bad")));
    }
}
