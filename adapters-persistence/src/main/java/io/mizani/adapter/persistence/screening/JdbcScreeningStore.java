package io.mizani.adapter.persistence.screening;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.jdbi.v3.core.statement.PreparedBatch;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.screening.ScreeningStore;
import io.mizani.domain.audit.CanonicalJson;
import io.mizani.domain.audit.JsonText;
import io.mizani.domain.screening.CaseStatus;
import io.mizani.domain.screening.EntryType;
import io.mizani.domain.screening.ListEntry;
import io.mizani.domain.screening.ListFormat;
import io.mizani.domain.screening.ListId;
import jakarta.inject.Singleton;

/**
 * Screening's tables (V23): {@code screening_lists} (a row per loaded version, with its look-back progress),
 * {@code screening_entries}, {@code screening_screens} and {@code screening_cases}. A version number is taken under a
 * transaction-scoped advisory lock on the list's name, so two replicas loading the same list at once get two
 * consecutive versions; the unique (name, version) key stands behind it.
 */
@Singleton
class JdbcScreeningStore implements ScreeningStore {

    private static final String LIST_COLUMNS = "id, name, version, format, entry_count, loaded_at";
    private static final String CASE_COLUMNS = "id, account_id, subject_key, subject, hits, status, created_at, "
            + "decided_by, decided_at, note";

    private final Sql sql;
    private final SealedText sealed;

    JdbcScreeningStore(Sql sql, SealedText sealed) {
        this.sql = sql;
        this.sealed = sealed;
    }

    @Override
    public LoadedList insertVersion(String name, ListFormat format, List<ListEntry> entries, Instant now) {
        return sql.with(h -> {
            h.createQuery("SELECT pg_advisory_xact_lock(hashtext('screening_list:' || :name)) IS NULL")
                    .bind("name", name).mapTo(Boolean.class).one();
            int version = h.createQuery("SELECT coalesce(max(version), 0) + 1 FROM screening_lists WHERE name = :name")
                    .bind("name", name).mapTo(Integer.class).one();
            LoadedList list = h.createQuery("INSERT INTO screening_lists (name, version, format, entry_count, "
                            + "loaded_at) VALUES (:name, :version, :format, :count, :at) RETURNING " + LIST_COLUMNS)
                    .bind("name", name).bind("version", version).bind("format", format.wire())
                    .bind("count", entries.size()).bind("at", OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
                    .map((rs, ctx) -> list(rs)).one();
            PreparedBatch batch = h.prepareBatch("INSERT INTO screening_entries (list_id, entry_id, type, name, "
                    + "aliases, birth_year, countries) VALUES (:list, :entry, :type, :name, :aliases, :year, :countries)");
            for (ListEntry e : entries) {
                batch.bind("list", list.id()).bind("entry", e.entryId()).bind("type", e.type().wire())
                        .bind("name", e.name()).bindArray("aliases", String.class, e.aliases())
                        .bind("year", e.birthYear()).bindArray("countries", String.class, e.countries()).add();
            }
            if (!entries.isEmpty()) {
                batch.execute();
            }
            return list;
        });
    }

    @Override
    public List<LoadedList> current() {
        return sql.with(h -> h.createQuery("SELECT DISTINCT ON (name) " + LIST_COLUMNS + " FROM screening_lists "
                        + "ORDER BY name, version DESC")
                .map((rs, ctx) -> list(rs)).list());
    }

    @Override
    public long fingerprint() {
        return sql.with(h -> h.createQuery("SELECT coalesce(max(id), 0) FROM screening_lists")
                .mapTo(Long.class).one());
    }

    @Override
    public List<ListEntry> entries(long listId) {
        return sql.with(h -> h.createQuery("SELECT entry_id, type, name, aliases, birth_year, countries "
                        + "FROM screening_entries WHERE list_id = :id ORDER BY entry_id")
                .bind("id", listId)
                .map((rs, ctx) -> new ListEntry(rs.getString("entry_id"),
                        EntryType.fromWire(rs.getString("type")).orElseThrow(), rs.getString("name"),
                        strings(rs.getArray("aliases")), integer(rs, "birth_year"), strings(rs.getArray("countries"))))
                .list());
    }

    @Override
    public Optional<LoadedList> previous(LoadedList list) {
        return sql.with(h -> h.createQuery("SELECT " + LIST_COLUMNS + " FROM screening_lists WHERE name = :name "
                        + "AND version < :version ORDER BY version DESC LIMIT 1")
                .bind("name", list.name()).bind("version", list.version())
                .map((rs, ctx) -> list(rs)).findOne());
    }

    @Override
    public Optional<Lookback> claimLookback() {
        return sql.with(h -> h.createQuery("SELECT " + LIST_COLUMNS + ", lookback_after_id FROM screening_lists "
                        + "WHERE lookback_done_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED")
                .map((rs, ctx) -> new Lookback(list(rs), rs.getLong("lookback_after_id"))).findOne());
    }

    @Override
    public void lookbackProgress(ListId listId, long afterBeneficiaryId, boolean done, Instant now) {
        sql.use(h -> h.createUpdate("UPDATE screening_lists SET lookback_after_id = :after, "
                        + "lookback_done_at = CASE WHEN :done THEN CAST(:at AS timestamptz) END WHERE id = :id")
                .bind("after", afterBeneficiaryId).bind("done", done)
                .bind("at", OffsetDateTime.ofInstant(now, ZoneOffset.UTC)).bind("id", listId.value()).execute());
    }

    @Override
    public List<ScreenedBeneficiary> beneficiariesAfter(long afterId, int limit) {
        return sql.with(h -> h.createQuery("SELECT id, uuid, account_id, first_name, last_name, surname, "
                        + "customer_type, date_of_birth, country, account_number, phone_number FROM beneficiaries "
                        + "WHERE deleted_at IS NULL AND id > :after ORDER BY id LIMIT :n")
                .bind("after", afterId).bind("n", limit)
                .map((rs, ctx) -> {
                    OffsetDateTime dob = rs.getObject("date_of_birth", OffsetDateTime.class);
                    String account = sealed.open(rs.getString("account_number"));
                    if (account == null) {
                        account = sealed.open(rs.getString("phone_number"));
                    }
                    return new ScreenedBeneficiary(rs.getLong("id"), rs.getObject("uuid", UUID.class),
                            rs.getLong("account_id"), ScreenedBeneficiary.fullName(rs.getString("first_name"),
                            rs.getString("surname"), rs.getString("last_name")),
                            ScreenedBeneficiary.typeOf(rs.getString("customer_type")),
                            dob == null ? null : dob.getYear(), rs.getString("country"), account);
                }).list());
    }

    @Override
    public Optional<StoredCase> openCase(StoredCase draft) {
        return sql.with(h -> h.createQuery("INSERT INTO screening_cases (id, account_id, subject_key, subject, hits, "
                        + "status, created_at) VALUES (:id, :account, :key, CAST(:subject AS jsonb), "
                        + "CAST(:hits AS jsonb), 'open', :at) ON CONFLICT (account_id, subject_key) WHERE status = 'open' "
                        + "DO NOTHING RETURNING " + CASE_COLUMNS)
                .bind("id", draft.id()).bind("account", draft.accountId()).bind("key", draft.subjectKey())
                .bind("subject", CanonicalJson.of(draft.subject())).bind("hits", CanonicalJson.of(draft.hits()))
                .bind("at", OffsetDateTime.ofInstant(draft.createdAt(), ZoneOffset.UTC))
                .map((rs, ctx) -> storedCase(rs)).findOne());
    }

    @Override
    public List<CaseStatus> statusesOf(long accountId, String subjectKey) {
        return sql.with(h -> h.createQuery("SELECT DISTINCT status FROM screening_cases WHERE account_id = :account "
                        + "AND subject_key = :key")
                .bind("account", accountId).bind("key", subjectKey)
                .map((rs, ctx) -> CaseStatus.fromWire(rs.getString("status")).orElseThrow()).list());
    }

    @Override
    public List<StoredCase> cases(CaseStatus status, int limit) {
        return sql.with(h -> {
            var q = h.createQuery("SELECT " + CASE_COLUMNS + " FROM screening_cases"
                    + (status == null ? "" : " WHERE status = :status") + " ORDER BY created_at DESC, id LIMIT :n")
                    .bind("n", limit);
            if (status != null) {
                q.bind("status", status.wire());
            }
            return q.map((rs, ctx) -> storedCase(rs)).list();
        });
    }

    @Override
    public Optional<StoredCase> lockCase(String id) {
        return sql.with(h -> h.createQuery("SELECT " + CASE_COLUMNS + " FROM screening_cases WHERE id = :id FOR UPDATE")
                .bind("id", id).map((rs, ctx) -> storedCase(rs)).findOne());
    }

    @Override
    public void decide(String id, CaseStatus status, Decision decision) {
        sql.use(h -> h.createUpdate("UPDATE screening_cases SET status = :status, decided_by = :by, decided_at = :at, "
                        + "note = :note WHERE id = :id AND status = 'open'")
                .bind("status", status.wire()).bind("by", decision.decidedBy())
                .bind("at", OffsetDateTime.ofInstant(decision.decidedAt(), ZoneOffset.UTC))
                .bind("note", decision.note()).bind("id", id).execute());
    }

    @Override
    public void insertScreen(StoredScreen s) {
        sql.use(h -> h.createUpdate("INSERT INTO screening_screens (screen_id, account_id, verdict, hits, "
                        + "charged_amount, charge_status, charge_reference, created_at) VALUES (:id, :account, :verdict, "
                        + "CAST(:hits AS jsonb), :amount, :status, :reference, :at)")
                .bind("id", s.screenId()).bind("account", s.accountId()).bind("verdict", s.verdict())
                .bind("hits", CanonicalJson.of(s.hits())).bind("amount", s.chargedAmount().amount())
                .bind("status", s.chargeStatus().wire()).bind("reference", s.chargeReference())
                .bind("at", OffsetDateTime.ofInstant(s.createdAt(), ZoneOffset.UTC)).execute());
    }

    private static LoadedList list(ResultSet rs) throws SQLException {
        return new LoadedList(rs.getLong("id"), rs.getString("name"), rs.getInt("version"),
                ListFormat.fromWire(rs.getString("format")).orElseThrow(), rs.getInt("entry_count"),
                rs.getObject("loaded_at", OffsetDateTime.class).toInstant());
    }

    @SuppressWarnings("unchecked")
    private static StoredCase storedCase(ResultSet rs) throws SQLException {
        OffsetDateTime decidedAt = rs.getObject("decided_at", OffsetDateTime.class);
        Decision decision = decidedAt == null ? null
                : new Decision(rs.getString("decided_by"), decidedAt.toInstant(), rs.getString("note"));
        return new StoredCase(rs.getString("id"), rs.getLong("account_id"), rs.getString("subject_key"),
                (Map<String, Object>) JsonText.parse(rs.getString("subject")),
                (List<Map<String, Object>>) JsonText.parse(rs.getString("hits")),
                CaseStatus.fromWire(rs.getString("status")).orElseThrow(),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(), decision);
    }

    private static List<String> strings(Array array) throws SQLException {
        if (array == null) {
            return List.of();
        }
        return new ArrayList<>(Arrays.asList((String[]) array.getArray()));
    }

    private static Integer integer(ResultSet rs, String column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? null : v;
    }
}
