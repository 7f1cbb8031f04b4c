package io.mizani.adapter.persistence.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.adapter.persistence.ownership.TableOwnershipTest;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The one store that writes other features' tables: the start-up conversion that seals identifiers under the current
 * key ({@link IdentifierSealing}). Its statements are built from table names at run time, so
 * {@code TableOwnershipTest}, which reads SQL literals, cannot see them; this test holds the list instead. A table
 * added to (or dropped from) the conversion must be named here with the feature that owns it, so the owner knows a
 * second writer touches its rows; a table the schema no longer has fails too.
 */
class IdentifierSealingTablesTest {

    /** Every table the conversion writes, and its owning feature (as TableOwnershipTest.OWNER has it). */
    private static final Map<String, String> WRITES = new TreeMap<>(Map.ofEntries(
            Map.entry("beneficiaries", "beneficiary"),
            Map.entry("payments", "payment"),
            Map.entry("accounts", "team"),
            Map.entry("users", "team"),
            Map.entry("invitations", "team"),
            Map.entry("idempotency_keys", "idempotency"),
            Map.entry("payout_batches", "payout"),
            Map.entry("account_kycs", "teamkyc"),
            Map.entry("verification_lookups", "verification"),
            Map.entry("verification_settings", "verification")));

    @Test
    void the_sealing_conversion_writes_exactly_the_tables_listed_here() {
        Set<String> written = new TreeSet<>();
        IdentifierSealing.TEXT_COLUMNS.forEach(t -> written.add(t.name()));
        written.add(IdentifierSealing.KYC_TABLE);
        written.addAll(IdentifierSealing.SEALED_BYTES.keySet());
        assertEquals(WRITES.keySet(), written, "a table the sealing conversion writes that is not listed here, or one"
                + " listed that it no longer writes");
    }

    @Test
    void every_table_it_writes_exists_and_is_owned_by_the_feature_named() throws IOException {
        Set<String> schema = TableOwnershipTest.schemaTables();
        assertTrue(schema.containsAll(WRITES.keySet()), "tables the schema does not have: "
                + WRITES.keySet().stream().filter(t -> !schema.contains(t)).toList());
        WRITES.forEach((table, owner) -> assertEquals(TableOwnershipTest.OWNER.get(table), owner,
                "the owner of " + table));
    }
}
