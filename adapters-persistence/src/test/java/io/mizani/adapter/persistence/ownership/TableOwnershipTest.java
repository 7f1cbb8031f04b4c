package io.mizani.adapter.persistence.ownership;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * One owner per table (docs/architecture.md, rule 4), read from the code itself: every table the Flyway migrations
 * create has one owning feature (a package under {@code io.mizani.adapter.persistence}); only that feature's stores
 * write it, by SQL ({@code INSERT INTO}, {@code UPDATE}, {@code DELETE FROM}, {@code MERGE INTO} in a string
 * literal; every store is SQL through Jdbi, there is no ORM); a store reads another feature's table only where the list below says
 * why. A new table without an owner, a write from another feature, an undocumented read or a documented read that no
 * longer happens fails the build. The one writer across features, the start-up sealing conversion, builds its SQL
 * from table names at run time, which this reading cannot see: {@code IdentifierSealingTablesTest} holds its list.
 */
public class TableOwnershipTest {

    private static final Path SOURCES = Path.of("src/main/java/io/mizani/adapter/persistence");
    private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");

    /** Every table and the feature that owns it (its only writer). */
    public static final Map<String, String> OWNER = new TreeMap<>(Map.ofEntries(
            Map.entry("organizations", "team"), Map.entry("accounts", "team"), Map.entry("users", "team"),
            Map.entry("roles", "team"), Map.entry("account_members", "team"), Map.entry("invitations", "team"),
            Map.entry("account_payment_providers", "team"),
            Map.entry("credentials", "tenancy"), Map.entry("api_keys", "tenancy"), Map.entry("auth_failures", "tenancy"),
            Map.entry("account_kycs", "teamkyc"),
            Map.entry("operators", "operator"), Map.entry("approvals", "operator"),
            Map.entry("audit_events", "audit"), Map.entry("audit_head", "audit"),
            Map.entry("service_wallets", "billing"), Map.entry("service_wallet_slots", "billing"),
            Map.entry("wallet_entries", "billing"),
            Map.entry("verification_lookups", "verification"), Map.entry("verification_settings", "verification"),
            Map.entry("verification_routes", "verification"), Map.entry("verification_provider_costs", "verification"),
            Map.entry("verification_provider_calls", "verification"),
            Map.entry("beneficiaries", "beneficiary"),
            Map.entry("payments", "payment"), Map.entry("checkout_hand_offs", "payment"),
            Map.entry("payment_countries", "payment"), Map.entry("payment_networks", "payment"),
            Map.entry("payment_providers", "payment"),
            Map.entry("payment_balances", "balance"), Map.entry("payment_balance_slots", "balance"),
            Map.entry("balance_entries", "balance"), Map.entry("tier_limits", "balance"),
            Map.entry("team_daily_usage", "balance"), Map.entry("payment_limit_counts", "balance"),
            Map.entry("refunds", "refund"), Map.entry("refund_totals", "refund"),
            Map.entry("payout_batches", "payout"),
            Map.entry("statements", "statement"), Map.entry("statement_chunks", "statement"),
            Map.entry("events", "events"), Map.entry("event_attempts", "events"), Map.entry("webhook_endpoints", "events"),
            Map.entry("screening_lists", "screening"), Map.entry("screening_entries", "screening"),
            Map.entry("screening_screens", "screening"), Map.entry("screening_cases", "screening"),
            Map.entry("idempotency_keys", "idempotency"),
            Map.entry("cache_versions", "common")));

    /**
     * Reads of another feature's table, "store file → table", each with its reason (docs/architecture.md, "One owner
     * per table"). Everything else a store reads is its own feature's.
     */
    static final Map<String, String> CROSS_READS = new TreeMap<>(Map.ofEntries(
            Map.entry("balance/JdbcBalanceLedger.java accounts", "a Team must exist before its balance is read (404)"),
            Map.entry("balance/JdbcBalanceLedger.java payments", "an entry's merchant reference, joined in the ledger's one read"),
            Map.entry("balance/JdbcLedgerExport.java payments", "a statement line's merchant reference, joined in one read"),
            Map.entry("balance/JdbcTeamLimitStore.java accounts", "the Team's KYC tier decides its daily limit, read in the counting statement"),
            Map.entry("balance/JdbcTeamLimitStore.java payments", "the day's count rebuilt from the payments it counts"),
            Map.entry("events/JdbcEventStore.java accounts", "a Team's organization: an organization's events reach the merchant"),
            Map.entry("events/JdbcCallbackOutbox.java accounts", "the Team's webhook secret, joined in the claim of due callbacks so a round signs without another read"),
            Map.entry("payment/JdbcPaymentCatalogue.java account_payment_providers", "the providers assigned to the Team, joined in discovery's one read"),
            Map.entry("payout/JdbcPayoutBatchStore.java payments", "a batch's items are its payments, counted by status"),
            Map.entry("screening/JdbcScreeningStore.java beneficiaries", "the look-back screens stored beneficiaries after a list load"),
            Map.entry("team/JdbcMerchantDirectory.java credentials", "the operator's merchant search shows each merchant's credential"),
            Map.entry("team/JdbcTeamStore.java service_wallet_slots", "the Team view's service wallet balance (should ask ServiceWallet.balance)"),
            Map.entry("tenancy/JdbcCredentialStore.java accounts", "a credential's Teams, joined when the credential is resolved"),
            Map.entry("verification/JdbcIdentityCheckAvailability.java accounts", "the operator's identity-check switch"),
            Map.entry("verification/JdbcVerificationAccess.java accounts", "the switch joined with verification_settings in the first step of every verify"),
            Map.entry("common/IdentifierSealing.java account_kycs", "the start-up conversion of sealed fields to the current key")));

    private static final Pattern CREATE = Pattern.compile("CREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?([a-z_][a-z_0-9]*)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern RENAME = Pattern.compile("ALTER\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?([a-z_][a-z_0-9]*)\\s+RENAME\\s+TO\\s+([a-z_][a-z_0-9]*)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern DROP = Pattern.compile("DROP\\s+TABLE\\s+(?:IF\\s+EXISTS\\s+)?([a-z_][a-z_0-9]*)",
            Pattern.CASE_INSENSITIVE);
    /** A write's table; a keyword is not a table ("... FOR UPDATE" read beside "UPDATE t SET" is not a write of "update"). */
    private static final Pattern WRITE = Pattern.compile("\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM|MERGE\\s+INTO)\\s+"
            + "(?!(?:UPDATE|INSERT|DELETE|MERGE|SELECT|SET|WHERE)\\b)([a-z_][a-z_0-9]*)", Pattern.CASE_INSENSITIVE);

    /** The start-up sealing conversion: its writes of other features' tables are held by IdentifierSealingTablesTest. */
    private static final String SEALING = "common/IdentifierSealing.java";
    private static final Pattern READ = Pattern.compile("\\b(?:FROM|JOIN)\\s+([a-z_][a-z_0-9]*)", Pattern.CASE_INSENSITIVE);
    private static final Pattern TEXT_BLOCK = Pattern.compile("\"\"\"(.*?)\"\"\"", Pattern.DOTALL);
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    record Store(String feature, String file, String sql, String source) {
        String key(String table) {
            return feature + "/" + file + " " + table;
        }
    }

    public static Set<String> schemaTables() throws IOException {
        Set<String> tables = new TreeSet<>();
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".sql")).sorted(TableOwnershipTest::byVersion).toList()) {
                String sql = COMMENT.matcher(Files.readString(f)).replaceAll(" ").replaceAll("--[^\\n]*", " ");
                // in the order written: a table created, renamed or dropped later in one file
                Matcher m = Pattern.compile(CREATE.pattern() + "|" + RENAME.pattern() + "|" + DROP.pattern(),
                        Pattern.CASE_INSENSITIVE).matcher(sql);
                while (m.find()) {
                    if (m.group(1) != null) {
                        tables.add(m.group(1).toLowerCase());
                    } else if (m.group(2) != null) {
                        tables.remove(m.group(2).toLowerCase());
                        tables.add(m.group(3).toLowerCase());
                    } else {
                        tables.remove(m.group(4).toLowerCase());
                    }
                }
            }
        }
        return tables;
    }

    /** Flyway's order: V15 before V15_1 before V16. */
    private static int byVersion(Path a, Path b) {
        int[] x = version(a);
        int[] y = version(b);
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            if (x[i] != y[i]) {
                return Integer.compare(x[i], y[i]);
            }
        }
        return Integer.compare(x.length, y.length);
    }

    private static int[] version(Path p) {
        String n = p.getFileName().toString();
        return java.util.Arrays.stream(n.substring(1, n.indexOf("__")).split("[._]")).mapToInt(Integer::parseInt).toArray();
    }

    static List<Store> stores() throws IOException {
        List<Store> stores = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String feature = SOURCES.relativize(f).getName(0).toString();
                String source = COMMENT.matcher(Files.readString(f)).replaceAll(" ");
                StringBuilder sql = new StringBuilder();
                Matcher blocks = TEXT_BLOCK.matcher(source);
                while (blocks.find()) {
                    sql.append(blocks.group(1)).append(' ');
                }
                Matcher literals = LITERAL.matcher(TEXT_BLOCK.matcher(source).replaceAll(" "));
                while (literals.find()) {
                    sql.append(literals.group(1)).append(' ');
                }
                stores.add(new Store(feature, f.getFileName().toString(), sql.toString(), source));
            }
        }
        return stores;
    }

    @Test
    void every_table_of_the_schema_has_one_owning_feature() throws IOException {
        Set<String> tables = schemaTables();
        assertTrue(tables.size() > 40, "the migrations were read: " + tables);
        assertEquals(tables, OWNER.keySet(), "a table without an owner, or an owner of a table that is gone");
    }

    @Test
    void a_table_is_written_only_by_the_feature_that_owns_it() throws IOException {
        List<String> strangers = new ArrayList<>();
        int writes = 0;
        for (Store s : stores()) {
            Matcher w = WRITE.matcher(s.sql());
            while (w.find()) {
                String table = w.group(1).toLowerCase();
                if (OWNER.containsKey(table)) {
                    writes++;
                    if (!OWNER.get(table).equals(s.feature()) && !s.key(table).startsWith(SEALING + " ")) {
                        strangers.add(s.key(table) + " (owner: " + OWNER.get(table) + ")");
                    }
                }
            }
        }
        assertTrue(writes > 100, "the stores' SQL was read: " + writes + " writes");
        assertEquals(List.of(), strangers, "tables written by a feature that does not own them");
    }

    @Test
    void a_store_reads_another_features_table_only_where_documented() throws IOException {
        Set<String> found = new TreeSet<>();
        for (Store s : stores()) {
            Matcher r = READ.matcher(s.sql());
            while (r.find()) {
                String table = r.group(1).toLowerCase();
                if (OWNER.containsKey(table) && !OWNER.get(table).equals(s.feature())) {
                    found.add(s.key(table));
                }
            }
        }
        Set<String> undocumented = new TreeSet<>(found);
        undocumented.removeAll(CROSS_READS.keySet());
        Set<String> stale = new TreeSet<>(CROSS_READS.keySet());
        stale.removeAll(found);
        assertEquals(Set.of(), undocumented, "reads of another feature's table without a reason in CROSS_READS");
        assertEquals(Set.of(), stale, "CROSS_READS lists reads that no longer happen");
    }
}
