package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.support.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A hosted checkout's token is unique among payments, and a payment found by its token is found through the index
 * (the checkout page and its hand-off read it so), while payments without a checkout (every mobile money and bank
 * payment) have no entry in that index at all (V29: a partial unique index instead of a unique constraint).
 */
class CheckoutTokenIndexTest {

    static DataSource ds;

    @BeforeAll
    static void database() {
        ds = TestDatabase.migrated("checkout_token_index").withTeam().dataSource();
    }

    static void insert(Statement s, String reference, String token) throws SQLException {
        s.executeUpdate("""
                INSERT INTO payments (account_id, reference, merchant_reference, checkout_token, request_type, rail,
                    provider, network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name,
                    customer_last_name, customer_email, customer_phone, account_number, callback_url, remark,
                    payment_category, status, checks, next_check_at, created_at, updated_at)
                VALUES (1, '%s', '%s', %s, 'payment', 'card', 'card_ke', 'net', 'ch', 100, 'KES', 'KE', 0.77, 0, 'Ada',
                    'Obi', 'a@example.com', 'pii:y', 'pii:z', 'http://x/cb', 'pay', 'salary', 'queued', 0, now(), now(),
                    now())""".formatted(reference, reference, token == null ? "NULL" : "'" + token + "'"));
    }

    @Test
    void a_token_belongs_to_one_payment_and_payments_without_one_are_many() throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            insert(s, "MZ-NONE-1", null);
            insert(s, "MZ-NONE-2", null);
            insert(s, "MZ-CARD-1", "tok_one");
            SQLException twice = assertThrows(SQLException.class, () -> insert(s, "MZ-CARD-2", "tok_one"));
            assertEquals("23505", twice.getSQLState(), twice.getMessage());
            assertTrue(twice.getMessage().contains("payments_checkout_token"), twice.getMessage());
            try (ResultSet rs = s.executeQuery(
                    "SELECT count(*) FILTER (WHERE checkout_token IS NULL), count(*) FROM payments")) {
                rs.next();
                assertEquals(2, rs.getInt(1));
                assertEquals(3, rs.getInt(2));
            }
        }
    }

    @Test
    void a_payment_is_found_by_its_token_through_the_index() throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("SET enable_seqscan = off"); // a near-empty table: only a usable index can avoid the scan
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = s.executeQuery(
                    "EXPLAIN SELECT id FROM payments WHERE checkout_token = 'tok_any' FOR UPDATE")) {
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
            }
            assertTrue(plan.toString().contains("Index Scan using payments_checkout_token on payments"), plan.toString());
        }
    }
}
