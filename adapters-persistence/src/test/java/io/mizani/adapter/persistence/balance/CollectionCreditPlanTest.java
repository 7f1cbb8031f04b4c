package io.mizani.adapter.persistence.balance;

import io.mizani.adapter.persistence.support.TestDatabase;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A collection's credit looks up its own entry before it writes one, on every final collection. The lookup must be a
 * probe of the partial unique index {@code balance_entries_payment_type} ({@code WHERE payment_id IS NOT NULL AND
 * refund_id IS NULL}), not a read of every entry: PostgreSQL only uses a partial index when the query implies its
 * predicate, and {@code payment_id = x AND type = y} alone does not imply {@code refund_id IS NULL}. Without it
 * bench/perf.sh's drain measured 27 ms per credit (docs/performance.md).
 */
class CollectionCreditPlanTest {

    @Test
    void the_collection_entry_lookup_probes_the_payment_type_index() throws Exception {
        var ds = TestDatabase.migrated("collection_credit_plan").dataSource();
        String lookup = "SELECT 1 FROM balance_entries WHERE" + JdbcBalanceLedger.COLLECTION_ENTRY
                .replace(":payment", "42").replace(":type", "'collection'");
        List<String> plan = new ArrayList<>();
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("SET enable_seqscan = off"); // a tiny table would be read whole anyway: ask what could be probed
            try (ResultSet rs = s.executeQuery("EXPLAIN " + lookup)) {
                while (rs.next()) {
                    plan.add(rs.getString(1));
                }
            }
        }
        String text = String.join("\n", plan);
        assertTrue(text.contains("balance_entries_payment_type"), text);
        assertFalse(text.contains("Seq Scan"), text);
    }
}
