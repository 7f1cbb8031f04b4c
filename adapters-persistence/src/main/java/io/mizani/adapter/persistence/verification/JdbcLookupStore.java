package io.mizani.adapter.persistence.verification;

import io.mizani.application.verification.LookupRecord;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.LookupId;
import io.mizani.application.verification.LookupStore;
import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.verification.ProviderReply;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** Calls of checks in {@code verification_lookups}, by plain JDBC inside the caller's (JTA) transaction. */
@ApplicationScoped
public class JdbcLookupStore implements LookupStore {

    private static final String COLUMNS = "lookup_id, account_id, check_key, category, country, status, "
            + "verification_status, actor_type, subject_name, identifier_hash, identifier_masked, cache_key, reference, "
            + "detail, response_code, payload_sealed, source, cached, fetched_at, expires_at, charged_amount, "
            + "charge_currency, charge_reference, charge_status, duration_ms, created_at, token_issued, settled, "
            + "identity_sealed";

    private final DataSource ds;

    @Inject
    public JdbcLookupStore(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public void insert(LookupRecord r) {
        String sql = "INSERT INTO verification_lookups (" + COLUMNS + ") VALUES "
                + "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            bindAll(ps, r, 1);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("insert lookup failed", e);
        }
    }

    @Override
    public boolean settle(LookupRecord r) {
        String sql = "UPDATE verification_lookups SET status = ?, verification_status = ?, actor_type = ?, "
                + "subject_name = ?, reference = ?, detail = ?, response_code = ?, payload_sealed = ?, fetched_at = ?, "
                + "expires_at = ?, charge_status = ?, duration_ms = ?, token_issued = ?, source = ?, identity_sealed = ?, "
                + "settled = true "
                + "WHERE lookup_id = ? AND NOT settled";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            int i = bindOutcome(ps, r);
            ps.setString(i, r.id().value());
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("settle lookup failed", e);
        }
    }

    @Override
    public void updateSettlement(LookupRecord r) {
        String sql = "UPDATE verification_lookups SET status = ?, verification_status = ?, actor_type = ?, "
                + "subject_name = ?, reference = ?, detail = ?, response_code = ?, payload_sealed = ?, fetched_at = ?, "
                + "expires_at = ?, charge_status = ?, duration_ms = ?, token_issued = ?, source = ?, identity_sealed = ?, "
                + "settled = true, "
                + "refund_retry_at = NULL WHERE lookup_id = ?";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            int i = bindOutcome(ps, r);
            ps.setString(i, r.id().value());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("update settlement failed", e);
        }
    }

    @Override
    public void recordRefundFailure(LookupRecord r, Instant retryAt) {
        String sql = "UPDATE verification_lookups SET charge_status = 'refund_failed', refund_retry_at = ?, "
                + "refund_attempts = refund_attempts + 1 WHERE lookup_id = ?";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setTimestamp(1, Timestamp.from(retryAt));
            ps.setString(2, r.id().value());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("record refund failure failed", e);
        }
    }

    @Override
    public Optional<LookupRecord> findReplayable(long accountId, String check, String cacheKey, Instant now) {
        return one("SELECT " + COLUMNS + " FROM verification_lookups WHERE account_id = ? AND check_key = ? "
                + "AND cache_key = ? AND status = 'verified' AND NOT cached AND expires_at > ? "
                + "ORDER BY fetched_at DESC LIMIT 1", ps -> {
            ps.setLong(1, accountId);
            ps.setString(2, check);
            ps.setString(3, cacheKey);
            ps.setTimestamp(4, Timestamp.from(now));
        });
    }

    @Override
    public Optional<LookupRecord> findCall(long accountId, String lookupId) {
        return one("SELECT " + COLUMNS + " FROM verification_lookups WHERE lookup_id = ? AND account_id = ?", ps -> {
            ps.setString(1, lookupId);
            ps.setLong(2, accountId);
        });
    }

    @Override
    public Optional<LookupRecord> findToken(long accountId, String lookupId) {
        return one("SELECT " + COLUMNS + " FROM verification_lookups WHERE lookup_id = ? AND account_id = ? "
                + "AND token_issued AND settled", ps -> {
            ps.setString(1, lookupId);
            ps.setLong(2, accountId);
        });
    }

    @Override
    public List<LookupRecord> history(long accountId, int limit) {
        return many("SELECT " + COLUMNS + " FROM verification_lookups WHERE account_id = ? AND settled "
                + "ORDER BY created_at DESC, id DESC LIMIT ?", ps -> {
            ps.setLong(1, accountId);
            ps.setInt(2, limit);
        });
    }

    @Override
    public Optional<LookupRecord> claimForSweep(Instant strandedBefore, Instant now) {
        return one("SELECT " + COLUMNS + " FROM verification_lookups WHERE (NOT settled AND created_at < ?) "
                + "OR (charge_status = 'refund_failed' AND (refund_retry_at IS NULL OR refund_retry_at <= ?)) "
                + "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED", ps -> {
            ps.setTimestamp(1, Timestamp.from(strandedBefore));
            ps.setTimestamp(2, Timestamp.from(now));
        });
    }

    private interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    private Optional<LookupRecord> one(String sql, Binder binder) {
        List<LookupRecord> rows = many(sql, binder);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    private List<LookupRecord> many(String sql, Binder binder) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            binder.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                List<LookupRecord> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(read(rs));
                }
                return out;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("lookup query failed", e);
        }
    }

    private static int bindOutcome(PreparedStatement ps, LookupRecord r) throws SQLException {
        int i = 1;
        LookupRecord.Outcome o = r.outcome();
        ps.setString(i++, o.status() == null ? null : o.status().wire());
        ps.setString(i++, o.found().verificationStatus());
        ps.setString(i++, o.found().actorType());
        ps.setString(i++, o.found().subjectName());
        ps.setString(i++, o.reply().reference());
        ps.setString(i++, o.reply().detail());
        ps.setString(i++, o.reply().responseCode());
        ps.setBytes(i++, o.sealed().payload());
        ps.setTimestamp(i++, ts(o.fetchedAt()));
        ps.setTimestamp(i++, ts(o.expiresAt()));
        ps.setString(i++, r.charge().status().wire());
        setInt(ps, i++, r.routing().durationMs());
        ps.setBoolean(i++, r.tokenIssued());
        ps.setString(i++, r.routing().source());
        ps.setBytes(i++, o.sealed().identity());
        return i;
    }

    private static void bindAll(PreparedStatement ps, LookupRecord r, int start) throws SQLException {
        int i = start;
        LookupRecord.Subject s = r.subject();
        LookupRecord.Outcome o = r.outcome();
        LookupRecord.Routing via = r.routing();
        LookupRecord.Charge charge = r.charge();
        ps.setString(i++, r.id().value());
        ps.setLong(i++, r.accountId().value());
        ps.setString(i++, s.check());
        ps.setString(i++, s.category());
        ps.setString(i++, s.country());
        ps.setString(i++, o.status() == null ? null : o.status().wire());
        ps.setString(i++, o.found().verificationStatus());
        ps.setString(i++, o.found().actorType());
        ps.setString(i++, o.found().subjectName());
        ps.setString(i++, s.identifierHash());
        ps.setString(i++, s.identifierMasked());
        ps.setString(i++, s.cacheKey());
        ps.setString(i++, o.reply().reference());
        ps.setString(i++, o.reply().detail());
        ps.setString(i++, o.reply().responseCode());
        ps.setBytes(i++, o.sealed().payload());
        ps.setString(i++, via.source());
        ps.setBoolean(i++, via.cached());
        ps.setTimestamp(i++, ts(o.fetchedAt()));
        ps.setTimestamp(i++, ts(o.expiresAt()));
        ps.setBigDecimal(i++, charge.amount().amount());
        ps.setString(i++, charge.amount().currency());
        ps.setString(i++, charge.reference());
        ps.setString(i++, charge.status().wire());
        setInt(ps, i++, via.durationMs());
        ps.setTimestamp(i++, ts(r.createdAt()));
        ps.setBoolean(i++, r.tokenIssued());
        ps.setBoolean(i++, r.settled());
        ps.setBytes(i, o.sealed().identity());
    }

    private static LookupRecord read(ResultSet rs) throws SQLException {
        String status = rs.getString("status");
        int duration = rs.getInt("duration_ms");
        Integer durationMs = rs.wasNull() ? null : duration;
        String currency = rs.getString("charge_currency");
        return new LookupRecord(LookupId.of(rs.getString("lookup_id")), AccountId.of(rs.getLong("account_id")),
                new LookupRecord.Subject(rs.getString("check_key"), rs.getString("category"), rs.getString("country"),
                        rs.getString("identifier_hash"), rs.getString("identifier_masked"), rs.getString("cache_key")),
                new LookupRecord.Outcome(status == null ? null : CheckStatus.fromWire(status),
                        new LookupRecord.Found(rs.getString("verification_status"), rs.getString("actor_type"),
                                rs.getString("subject_name")),
                        new ProviderReply(rs.getString("reference"), rs.getString("detail"),
                                rs.getString("response_code")),
                        LookupRecord.Sealed.of(rs.getBytes("payload_sealed"), rs.getBytes("identity_sealed")),
                        instant(rs.getTimestamp("fetched_at")), instant(rs.getTimestamp("expires_at"))),
                new LookupRecord.Routing(rs.getString("source"), rs.getBoolean("cached"), durationMs),
                new LookupRecord.Charge(Money.of(rs.getBigDecimal("charged_amount"), currency),
                        rs.getString("charge_reference"), ChargeStatus.fromWire(rs.getString("charge_status"))),
                instant(rs.getTimestamp("created_at")), rs.getBoolean("token_issued"), rs.getBoolean("settled"));
    }

    private static void setInt(PreparedStatement ps, int i, Integer v) throws SQLException {
        if (v == null) {
            ps.setNull(i, Types.INTEGER);
        } else {
            ps.setInt(i, v);
        }
    }

    private static Timestamp ts(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
