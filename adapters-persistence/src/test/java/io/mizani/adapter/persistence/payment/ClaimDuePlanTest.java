package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.support.TestDatabase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fair claim reads each merchant's candidates from {@code payments_due_by_account}, the index made for that read.
 * With 8 merchants and 600 due payments each (bench/perf.sh's drain: 8 merchants, thousands queued), PostgreSQL at its
 * default page costs reads them from another index: once {@code payments_due} filtered by merchant (7 rows thrown away
 * of every 8), and since that index was dropped (V29) {@code (account_id, merchant_reference)}, all of each merchant's
 * payments as a bitmap, then sorted. {@link JdbcPaymentStore#CLAIM_DUE_PLANNER}, run before the claim in its
 * transaction, makes it read only the rows it keeps. The setting changes no result: the same candidates come back in
 * the same order with and without it.
 */
class ClaimDuePlanTest {

    static DataSource ds;

    /** 4,800 payments of one merchant, due now, in a table last analysed and vacuumed while none was due. */
    static DataSource staleStatistics() {
        var db = TestDatabase.migrated("claim_due_lock_plan").withTeam();
        db.execute("ALTER TABLE payments SET (autovacuum_enabled = false)", """
                INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider,
                    network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name,
                    customer_last_name, customer_email, customer_phone, account_number, callback_url, remark,
                    payment_category, status, checks, next_check_at, created_at, updated_at)
                SELECT 1, 'r-' || i, 'r-' || i, 'payment', 'momo', 'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE',
                    0.77, 0, 'Ada', 'Obi', 'a@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60),
                    'http://x/cb', 'pay', 'salary', 'succeeded', 0, NULL, now(), now()
                FROM generate_series(1, 4800) AS i""", "VACUUM ANALYZE payments",
                // a burst: all of them queued again (as a backlog of new payments would be), no statistics since
                "UPDATE payments SET status = 'queued', next_check_at = now() - interval '10 minutes' + id * interval '100 ms'");
        return db.dataSource();
    }

    @BeforeAll
    static void backlog() {
        var db = TestDatabase.migrated("claim_due_plan").withTeam();
        for (int team = 2; team <= 8; team++) {
            db.execute("INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, "
                    + "webhook_secret) VALUES (" + team + ", 1, 'team-" + team + "', 'Team " + team + "', 'KES', "
                    + "'+254', 'n" + team + "', 's" + team + "')");
        }
        // 600 due payments per merchant, accepted in turn as a burst of 8 connections would
        db.execute("""
                INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider,
                    network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name,
                    customer_last_name, customer_email, customer_phone, account_number, callback_url, remark,
                    payment_category, status, checks, next_check_at, created_at, updated_at)
                SELECT 1 + i % 8, 'r-' || i, 'r-' || i, 'payment', 'momo', 'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE',
                    0.77, 0, 'Ada', 'Obi', 'a@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60),
                    'http://x/cb', 'pay', 'salary', 'queued', 0,
                    now() - interval '10 minutes' + i * interval '100 ms', now(), now()
                FROM generate_series(1, 4800) AS i""", "ANALYZE payments");
        ds = db.dataSource();
    }

    /** The claim with the worker's values in place of its parameters: a round of 100, a pool of 200. */
    static String claim() {
        return JdbcPaymentStore.CLAIM_DUE
                .replace(":leaseEnd", "(now() + interval '20 seconds')")
                .replace(":now", "now()")
                .replace(":pool", "200")
                .replace(":round", "100")
                .replace(":worker", "'w'");
    }

    static List<String> rows(Statement s, String query) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(query)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    @Test
    void the_claim_reads_each_merchants_candidates_from_the_index_made_for_them() throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute(JdbcPaymentStore.CLAIM_DUE_PLANNER);
            String plan = String.join("\n", rows(s, "EXPLAIN " + claim()));
            c.rollback();
            // each merchant's candidates: an index scan of payments_due_by_account by that merchant and due time
            assertTrue(plan.matches("(?s).*Index Scan using payments_due_by_account on payments \\w+[^\n]*\n\\s*Index Cond: "
                    + "\\(\\(account_id = m_1\\.account_id\\) AND \\(next_check_at <= now\\(\\)\\)\\)\n.*"), plan);
        }
    }

    /**
     * Each candidate is locked through the primary key. With the re-check's conditions beside {@code id =
     * candidate.id} in the locking subquery, they implied the predicate of {@code payments_due_by_account}, and with
     * statistics taken while no payment was due PostgreSQL chose that index for each of the 200 locks, reading every
     * due entry to find one id (300-570 ms a claim during a backlog of 4,000, docs/performance.md "The paced drain").
     * Checked: with the conditions back inside the subquery, this test failed.
     */
    @Test
    void each_candidate_is_locked_by_its_primary_key_whatever_the_statistics_say() throws Exception {
        try (Connection c = staleStatistics().getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute(JdbcPaymentStore.CLAIM_DUE_PLANNER);
            String plan = String.join("\n", rows(s, "EXPLAIN " + claim()));
            c.rollback();
            assertTrue(plan.matches("(?s).*Index Scan using payments_pkey on payments \\w+ .*\n\\s*Index Cond: "
                    + "\\(id = candidate\\.id\\)\n.*"), plan);
            assertFalse(plan.matches("(?s).*Index Cond: \\([^\n]*\\(id = candidate\\.id\\)\\)\n.*"), plan);
        }
    }

    @Test
    void the_planner_setting_changes_no_candidate_and_no_order() throws Exception {
        String pool = claim().substring(0, claim().indexOf("due AS (")).stripTrailing();
        String candidates = pool.substring(0, pool.length() - 1) + " SELECT ids::text FROM pool";
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            List<String> plain = rows(s, candidates);
            s.execute(JdbcPaymentStore.CLAIM_DUE_PLANNER);
            List<String> set = rows(s, candidates);
            c.rollback();
            assertEquals(1, plain.size());
            assertEquals(200, plain.get(0).split(",").length, "a pool of 200 out of 8 merchants' backlogs");
            assertEquals(plain, set);
        }
    }
}
