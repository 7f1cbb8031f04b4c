package io.mizani.adapter.persistence.common;

import io.mizani.adapter.persistence.beneficiary.JdbcBeneficiaryStore;
import io.mizani.adapter.persistence.teamkyc.JdbcAccountKycStore;
import io.mizani.application.verification.PiiProtection;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.jboss.logging.Logger;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;

/**
 * Seals, at start, every stored identifier that is not sealed under the current {@code MIZANI_PII_KEY}: rows written
 * before identifiers were sealed (V10) and, during a key rotation, values sealed under a previous key. The key is
 * only known at runtime, so this is the data half of the V10 migration (Flyway changes the schema, this converts the
 * rows). It runs under a PostgreSQL advisory lock (replicas starting together convert once; the others wait, then
 * find nothing to do), in batches of {@value #BATCH} rows, each batch its own transaction ({@code FOR UPDATE}, so a
 * row being converted is never lost to a concurrent write). Running it again converts nothing. Jdbi with named
 * parameters on one handle (the lock is the session's); a failing statement's message names no bound value
 * ({@link Sql#with}), and nothing here logs or throws a stored value.
 */
@Singleton
public class IdentifierSealing {

    private static final Logger LOG = Logger.getLogger(IdentifierSealing.class);

    /** {@code hashtext('mizani.identifier-sealing')}-like constant: the advisory lock this conversion holds. */
    static final long LOCK = 0x6d697a5049494bL;
    static final int BATCH = 500;

    /** A row to convert: its {@code ctid} and the selected columns' stored text, in order. */
    private record Row(String ctid, List<String> values) {
    }

    /** {@code ctid} first, then every other selected column as text. */
    private static final RowMapper<Row> ROW = (rs, ctx) -> {
        int n = rs.getMetaData().getColumnCount();
        List<String> values = new ArrayList<>(n - 1);
        for (int i = 2; i <= n; i++) {
            values.add(rs.getString(i));
        }
        return new Row(rs.getString(1), values);
    };

    /** {@code ctid} and one sealed bytea column. */
    private record Sealed(String ctid, byte[] value) {
    }

    private static final RowMapper<Sealed> SEALED = (rs, ctx) -> new Sealed(rs.getString(1), rs.getBytes(2));

    /** A sealed text column, with the keyed-hash column (and how its value is derived) when it is matched. */
    record Column(String name, String hashColumn, String hashPurpose, UnaryOperator<String> hashKey) {
        static Column sealed(String name) {
            return new Column(name, null, null, null);
        }
    }

    record Table(String name, List<Column> columns) {
    }

    /** Every text column that holds an identifier (platform.md section 11). */
    static final List<Table> TEXT_COLUMNS = List.of(
            new Table("beneficiaries", List.of(
                    new Column("phone_number", "phone_hash", JdbcBeneficiaryStore.PHONE_HASH, PhoneKey::of),
                    new Column("national_id", "national_id_hash", JdbcBeneficiaryStore.ID_NUMBER_HASH,
                            UnaryOperator.identity()),
                    Column.sealed("additional_id_number"),
                    Column.sealed("account_number"))),
            new Table("payments", List.of(Column.sealed("customer_phone"), Column.sealed("customer_id_number"),
                    Column.sealed("account_number"))),
            new Table("accounts", List.of(Column.sealed("number"))),
            new Table("users", List.of(Column.sealed("phone_number"))),
            new Table("invitations", List.of(Column.sealed("phone_number"))),
            new Table("idempotency_keys", List.of(Column.sealed("response_body"))),
            new Table("payout_batches", List.of(Column.sealed("drafts"))));

    /** The Team KYC table, whose jsonb columns below hold identifiers. */
    static final String KYC_TABLE = "account_kycs";

    /** Identifiers inside the Team KYC jsonb columns. */
    static final Map<String, Set<String>> KYC_JSON = Map.of(
            "contact_information", JdbcAccountKycStore.CONTACT_IDENTIFIERS,
            "entity_information", JdbcAccountKycStore.ENTITY_IDENTIFIERS,
            "account_information", JdbcAccountKycStore.ACCOUNT_IDENTIFIERS);

    /** AES-GCM sealed bytea columns of verification: sealed again under the current key while a rotation runs. */
    static final Map<String, String> SEALED_BYTES = Map.of(
            "verification_lookups", "payload_sealed",
            "verification_settings", "provider_key_sealed");

    private final Sql sql;
    private final SealedText sealed;
    private final SealedJsonFields sealedJson;
    private final PiiProtection pii;

    @Inject
    public IdentifierSealing(Sql sql, SealedText sealed, PiiProtection pii) {
        this.sql = sql;
        this.sealed = sealed;
        this.sealedJson = new SealedJsonFields(sealed);
        this.pii = pii;
    }

    /** Converts what needs converting; returns the rows changed per table (tables absent from the schema skipped). */
    public Map<String, Integer> run() {
        Map<String, Integer> changed = new LinkedHashMap<>();
        try {
            sql.use(h -> {
                h.createUpdate("SELECT pg_advisory_lock(:lock)").bind("lock", LOCK).execute();
                try {
                    for (Table t : TEXT_COLUMNS) {
                        if (exists(h, t.name())) {
                            changed.put(t.name(), convertText(h, t));
                        }
                    }
                    if (exists(h, KYC_TABLE)) {
                        changed.put(KYC_TABLE, convertKycJson(h));
                    }
                    if (pii.keyedHashes("probe").size() > 1) {
                        for (var e : SEALED_BYTES.entrySet()) {
                            if (exists(h, e.getKey())) {
                                changed.put(e.getKey(), resealBytes(h, e.getKey(), e.getValue()));
                            }
                        }
                    }
                } finally {
                    h.createUpdate("SELECT pg_advisory_unlock(:lock)").bind("lock", LOCK).execute();
                }
            });
        } catch (JdbiException e) {
            throw new IllegalStateException("sealing stored identifiers failed: " + driverMessage(e), e);
        }
        int total = changed.values().stream().mapToInt(Integer::intValue).sum();
        if (total > 0) {
            LOG.infof("identifiers sealed under key %s: %s", pii.keyId(), changed);
        }
        return changed;
    }

    /** The driver's own message (as this conversion reported it before Jdbi), else Jdbi's, which names no value. */
    private static String driverMessage(JdbiException e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException) {
                return t.getMessage();
            }
        }
        return e.getMessage();
    }

    private static boolean exists(Handle h, String table) {
        return h.createQuery("SELECT to_regclass(:table) IS NOT NULL").bind("table", table)
                .mapTo(Boolean.class).one();
    }

    private int convertText(Handle h, Table t) {
        List<String> conditions = new ArrayList<>();
        List<String> selected = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        for (Column col : t.columns()) {
            conditions.add("(" + col.name() + " IS NOT NULL AND " + col.name() + " NOT LIKE :pattern)");
            selected.add(col.name());
            sets.add(col.name() + " = :" + col.name());
            if (col.hashColumn() != null) {
                sets.add(col.hashColumn() + " = :" + col.hashColumn());
            }
        }
        String select = "SELECT ctid, " + String.join(", ", selected) + " FROM " + t.name() + " WHERE "
                + String.join(" OR ", conditions) + " LIMIT " + BATCH + " FOR UPDATE";
        String update = "UPDATE " + t.name() + " SET " + String.join(", ", sets) + " WHERE ctid = :ctid::tid";
        String pattern = SealedText.PREFIX + pii.keyId() + ":%";
        int total = 0;
        while (true) {
            int batch = h.inTransaction(tx -> {
                List<Row> rows = tx.createQuery(select).bind("pattern", pattern).map(ROW).list();
                PreparedBatch up = tx.prepareBatch(update);
                for (Row row : rows) {
                    for (int i = 0; i < t.columns().size(); i++) {
                        Column col = t.columns().get(i);
                        String stored = row.values().get(i);
                        String clear = sealed.open(stored);
                        up.bind(col.name(), sealed.needsSealing(stored) ? sealed.seal(clear) : stored);
                        if (col.hashColumn() != null) {
                            String key = clear == null ? null : col.hashKey().apply(clear);
                            up.bind(col.hashColumn(), key == null ? null : sealed.hash(col.hashPurpose(), key));
                        }
                    }
                    up.bind("ctid", row.ctid()).add();
                }
                if (!rows.isEmpty()) {
                    up.execute();
                }
                return rows.size();
            });
            total += batch;
            if (batch < BATCH) {
                return total;
            }
        }
    }

    private int convertKycJson(Handle h) {
        String pattern = SealedText.PREFIX + pii.keyId() + ":%";
        List<String> conditions = new ArrayList<>();
        List<String> columns = new ArrayList<>(KYC_JSON.keySet());
        for (String column : columns) {
            for (String field : KYC_JSON.get(column)) {
                conditions.add("(jsonb_typeof(" + column + " -> '" + field + "') NOT IN ('null') AND (jsonb_typeof("
                        + column + " -> '" + field + "') <> 'string' OR " + column + " ->> '" + field
                        + "' NOT LIKE :pattern))");
            }
        }
        String select = "SELECT ctid, " + String.join(", ", columns.stream().map(col -> col + "::text").toList())
                + " FROM account_kycs WHERE " + String.join(" OR ", conditions) + " LIMIT " + BATCH + " FOR UPDATE";
        String update = "UPDATE account_kycs SET "
                + String.join(", ", columns.stream().map(col -> col + " = :" + col + "::jsonb").toList())
                + " WHERE ctid = :ctid::tid";
        int total = 0;
        while (true) {
            int batch = h.inTransaction(tx -> {
                List<Row> rows = tx.createQuery(select).bind("pattern", pattern).map(ROW).list();
                PreparedBatch up = tx.prepareBatch(update);
                for (Row row : rows) {
                    for (int i = 0; i < columns.size(); i++) {
                        up.bind(columns.get(i), sealedJson.seal(row.values().get(i), KYC_JSON.get(columns.get(i))));
                    }
                    up.bind("ctid", row.ctid()).add();
                }
                if (!rows.isEmpty()) {
                    up.execute();
                }
                return rows.size();
            });
            total += batch;
            if (batch < BATCH) {
                return total;
            }
        }
    }

    /** Only while a rotation runs: AES-GCM values whose header (format 2, key id) is not the current key's. */
    private int resealBytes(Handle h, String table, String column) {
        byte[] header = HexFormat.of().parseHex("02" + pii.keyId());
        String select = "SELECT ctid, " + column + " FROM " + table + " WHERE " + column + " IS NOT NULL AND substring("
                + column + " from 1 for " + header.length + ") <> :header LIMIT " + BATCH + " FOR UPDATE";
        String update = "UPDATE " + table + " SET " + column + " = :value WHERE ctid = :ctid::tid";
        int total = 0;
        while (true) {
            int batch = h.inTransaction(tx -> {
                List<Sealed> rows = tx.createQuery(select).bind("header", header).map(SEALED).list();
                PreparedBatch up = tx.prepareBatch(update);
                for (Sealed row : rows) {
                    up.bind("value", pii.seal(pii.open(row.value()))).bind("ctid", row.ctid()).add();
                }
                if (!rows.isEmpty()) {
                    up.execute();
                }
                return rows.size();
            });
            total += batch;
            if (batch < BATCH) {
                return total;
            }
        }
    }
}
