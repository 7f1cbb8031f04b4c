package io.mizani.adapter.persistence.common;

import io.mizani.adapter.persistence.beneficiary.JdbcBeneficiaryStore;
import io.mizani.adapter.persistence.teamkyc.JpaAccountKycStore;
import io.mizani.application.verification.PiiProtection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * Seals, at start, every stored identifier that is not sealed under the current {@code MIZANI_PII_KEY}: rows written
 * before identifiers were sealed (V10) and, during a key rotation, values sealed under a previous key. The key is
 * only known at runtime, so this is the data half of the V10 migration (Flyway changes the schema, this converts the
 * rows). It runs under a PostgreSQL advisory lock (replicas starting together convert once; the others wait, then
 * find nothing to do), in batches of {@value #BATCH} rows, each batch its own transaction ({@code FOR UPDATE}, so a
 * row being converted is never lost to a concurrent write). Running it again converts nothing.
 */
@ApplicationScoped
public class IdentifierSealing {

    private static final Logger LOG = Logger.getLogger(IdentifierSealing.class);

    /** {@code hashtext('mizani.identifier-sealing')}-like constant: the advisory lock this conversion holds. */
    static final long LOCK = 0x6d697a5049494bL;
    static final int BATCH = 500;

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

    /** Identifiers inside the Team KYC jsonb columns. */
    static final Map<String, Set<String>> KYC_JSON = Map.of(
            "contact_information", JpaAccountKycStore.CONTACT_IDENTIFIERS,
            "entity_information", JpaAccountKycStore.ENTITY_IDENTIFIERS,
            "account_information", JpaAccountKycStore.ACCOUNT_IDENTIFIERS);

    /** AES-GCM sealed bytea columns of verification: sealed again under the current key while a rotation runs. */
    static final Map<String, String> SEALED_BYTES = Map.of(
            "verification_lookups", "payload_sealed",
            "verification_settings", "provider_key_sealed");

    private final DataSource dataSource;
    private final SealedText sealed;
    private final SealedJsonFields sealedJson;
    private final PiiProtection pii;

    @Inject
    public IdentifierSealing(DataSource dataSource, SealedText sealed, PiiProtection pii) {
        this.dataSource = dataSource;
        this.sealed = sealed;
        this.sealedJson = new SealedJsonFields(sealed);
        this.pii = pii;
    }

    /** Converts what needs converting; returns the rows changed per table (tables absent from the schema skipped). */
    public Map<String, Integer> run() {
        Map<String, Integer> changed = new LinkedHashMap<>();
        try (Connection c = dataSource.getConnection()) {
            boolean autoCommit = c.getAutoCommit();
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_lock(?)")) {
                lock.setLong(1, LOCK);
                lock.execute();
            }
            try {
                c.setAutoCommit(false);
                for (Table t : TEXT_COLUMNS) {
                    if (exists(c, t.name())) {
                        changed.put(t.name(), convertText(c, t));
                    }
                }
                if (exists(c, "account_kycs")) {
                    changed.put("account_kycs", convertKycJson(c));
                }
                if (pii.keyedHashes("probe").size() > 1) {
                    for (var e : SEALED_BYTES.entrySet()) {
                        if (exists(c, e.getKey())) {
                            changed.put(e.getKey(), resealBytes(c, e.getKey(), e.getValue()));
                        }
                    }
                }
            } finally {
                c.rollback();
                c.setAutoCommit(autoCommit);
                try (PreparedStatement unlock = c.prepareStatement("SELECT pg_advisory_unlock(?)")) {
                    unlock.setLong(1, LOCK);
                    unlock.execute();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("sealing stored identifiers failed: " + e.getMessage(), e);
        }
        int total = changed.values().stream().mapToInt(Integer::intValue).sum();
        if (total > 0) {
            LOG.infof("identifiers sealed under key %s: %s", pii.keyId(), changed);
        }
        return changed;
    }

    private static boolean exists(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    private int convertText(Connection c, Table t) throws SQLException {
        List<String> conditions = new ArrayList<>();
        List<String> selected = new ArrayList<>();
        List<String> sets = new ArrayList<>();
        for (Column col : t.columns()) {
            conditions.add("(" + col.name() + " IS NOT NULL AND " + col.name() + " NOT LIKE ?)");
            selected.add(col.name());
            sets.add(col.name() + " = ?");
            if (col.hashColumn() != null) {
                sets.add(col.hashColumn() + " = ?");
            }
        }
        String select = "SELECT ctid, " + String.join(", ", selected) + " FROM " + t.name() + " WHERE "
                + String.join(" OR ", conditions) + " LIMIT " + BATCH + " FOR UPDATE";
        String update = "UPDATE " + t.name() + " SET " + String.join(", ", sets) + " WHERE ctid = ?::tid";
        String pattern = SealedText.PREFIX + pii.keyId() + ":%";
        int total = 0;
        while (true) {
            int batch = 0;
            try (PreparedStatement ps = c.prepareStatement(select); PreparedStatement up = c.prepareStatement(update)) {
                for (int i = 0; i < t.columns().size(); i++) {
                    ps.setString(i + 1, pattern);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        int p = 1;
                        for (int i = 0; i < t.columns().size(); i++) {
                            Column col = t.columns().get(i);
                            String stored = rs.getString(i + 2);
                            String clear = sealed.open(stored);
                            up.setString(p++, sealed.needsSealing(stored) ? sealed.seal(clear) : stored);
                            if (col.hashColumn() != null) {
                                String key = clear == null ? null : col.hashKey().apply(clear);
                                up.setString(p++, key == null ? null : sealed.hash(col.hashPurpose(), key));
                            }
                        }
                        up.setString(p, rs.getString(1));
                        up.addBatch();
                        batch++;
                    }
                }
                if (batch > 0) {
                    up.executeBatch();
                }
            }
            c.commit();
            total += batch;
            if (batch < BATCH) {
                return total;
            }
        }
    }

    private int convertKycJson(Connection c) throws SQLException {
        String pattern = SealedText.PREFIX + pii.keyId() + ":%";
        List<String> conditions = new ArrayList<>();
        List<String> columns = new ArrayList<>(KYC_JSON.keySet());
        for (String column : columns) {
            for (String field : KYC_JSON.get(column)) {
                conditions.add("(jsonb_typeof(" + column + " -> '" + field + "') NOT IN ('null') AND (jsonb_typeof("
                        + column + " -> '" + field + "') <> 'string' OR " + column + " ->> '" + field
                        + "' NOT LIKE ?))");
            }
        }
        String select = "SELECT ctid, " + String.join(", ", columns.stream().map(col -> col + "::text").toList())
                + " FROM account_kycs WHERE " + String.join(" OR ", conditions) + " LIMIT " + BATCH + " FOR UPDATE";
        String update = "UPDATE account_kycs SET "
                + String.join(", ", columns.stream().map(col -> col + " = ?::jsonb").toList()) + " WHERE ctid = ?::tid";
        int total = 0;
        while (true) {
            int batch = 0;
            try (PreparedStatement ps = c.prepareStatement(select); PreparedStatement up = c.prepareStatement(update)) {
                for (int i = 0; i < conditions.size(); i++) {
                    ps.setString(i + 1, pattern);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        for (int i = 0; i < columns.size(); i++) {
                            up.setString(i + 1, sealedJson.seal(rs.getString(i + 2), KYC_JSON.get(columns.get(i))));
                        }
                        up.setString(columns.size() + 1, rs.getString(1));
                        up.addBatch();
                        batch++;
                    }
                }
                if (batch > 0) {
                    up.executeBatch();
                }
            }
            c.commit();
            total += batch;
            if (batch < BATCH) {
                return total;
            }
        }
    }

    /** Only while a rotation runs: AES-GCM values whose header (format 2, key id) is not the current key's. */
    private int resealBytes(Connection c, String table, String column) throws SQLException {
        byte[] header = HexFormat.of().parseHex("02" + pii.keyId());
        String select = "SELECT ctid, " + column + " FROM " + table + " WHERE " + column + " IS NOT NULL AND substring("
                + column + " from 1 for " + header.length + ") <> ? LIMIT " + BATCH + " FOR UPDATE";
        String update = "UPDATE " + table + " SET " + column + " = ? WHERE ctid = ?::tid";
        int total = 0;
        while (true) {
            int batch = 0;
            try (PreparedStatement ps = c.prepareStatement(select); PreparedStatement up = c.prepareStatement(update)) {
                ps.setBytes(1, header);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        up.setBytes(1, pii.seal(pii.open(rs.getBytes(2))));
                        up.setString(2, rs.getString(1));
                        up.addBatch();
                        batch++;
                    }
                }
                if (batch > 0) {
                    up.executeBatch();
                }
            }
            c.commit();
            total += batch;
            if (batch < BATCH) {
                return total;
            }
        }
    }
}
