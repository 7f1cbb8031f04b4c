package io.mizani.adapter.persistence.verification;

import io.mizani.adapter.persistence.common.Param;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.verification.LookupRecord;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.LookupId;
import io.mizani.application.verification.LookupStore;
import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.verification.ProviderReply;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.SqlStatement;

/**
 * Calls of checks in {@code verification_lookups}, Jdbi with named parameters inside the caller's (JTA) transaction.
 * The row holds a subject's name and sealed payloads: a failing statement's message names no bound value
 * ({@link Sql#with}). {@code charge_status} moves only as the domain's {@code ChargeStateMachine} allows:
 * the table's trigger (V26) refuses any other move.
 */
@Singleton
public class JdbcLookupStore implements LookupStore {

    private static final String COLUMNS = "lookup_id, account_id, check_key, category, country, status, "
            + "verification_status, actor_type, subject_name, identifier_hash, identifier_masked, cache_key, reference, "
            + "detail, response_code, payload_sealed, source, cached, fetched_at, expires_at, charged_amount, "
            + "charge_currency, charge_reference, charge_status, duration_ms, created_at, token_issued, settled, "
            + "identity_sealed";

    /** The columns a settlement writes, with their named parameters ({@link #bindOutcome}). */
    private static final String OUTCOME = "status = :status, verification_status = :verificationStatus, "
            + "actor_type = :actorType, subject_name = :subjectName, reference = :reference, detail = :detail, "
            + "response_code = :responseCode, payload_sealed = :payloadSealed, fetched_at = :fetchedAt, "
            + "expires_at = :expiresAt, charge_status = :chargeStatus, duration_ms = :durationMs, "
            + "token_issued = :tokenIssued, source = :source, identity_sealed = :identitySealed, settled = true";

    private static final RowMapper<LookupRecord> LOOKUP = (rs, ctx) -> read(rs);

    private final Sql sql;

    @Inject
    public JdbcLookupStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void insert(LookupRecord r) {
        run("insert lookup failed", h -> bindAll(h.createUpdate("INSERT INTO verification_lookups (" + COLUMNS
                + ") VALUES (:lookupId, :accountId, :check, :category, :country, :status, :verificationStatus, "
                + ":actorType, :subjectName, :identifierHash, :identifierMasked, :cacheKey, :reference, :detail, "
                + ":responseCode, :payloadSealed, :source, :cached, :fetchedAt, :expiresAt, :chargedAmount, "
                + ":chargeCurrency, :chargeReference, :chargeStatus, :durationMs, :createdAt, :tokenIssued, :settled, "
                + ":identitySealed)"), r).execute());
    }

    @Override
    public boolean settle(LookupRecord r) {
        return run("settle lookup failed", h -> bindOutcome(h.createUpdate("UPDATE verification_lookups SET "
                + OUTCOME + " WHERE lookup_id = :lookupId AND NOT settled"), r)
                .bind("lookupId", r.id().value()).execute() == 1);
    }

    @Override
    public void updateSettlement(LookupRecord r) {
        run("update settlement failed", h -> bindOutcome(h.createUpdate("UPDATE verification_lookups SET "
                + OUTCOME + ", refund_retry_at = NULL WHERE lookup_id = :lookupId"), r)
                .bind("lookupId", r.id().value()).execute());
    }

    @Override
    public void recordRefundFailure(LookupRecord r, Instant retryAt) {
        run("record refund failure failed", h -> h.createUpdate("UPDATE verification_lookups SET "
                        + "charge_status = 'refund_failed', refund_retry_at = :retryAt, "
                        + "refund_attempts = refund_attempts + 1 WHERE lookup_id = :lookupId")
                .bind("retryAt", Timestamp.from(retryAt)).bind("lookupId", r.id().value()).execute());
    }

    @Override
    public boolean recordRefundFailureIfStill(ChargeStatus claimedAs, LookupRecord failed, Instant retryAt) {
        return run("record refund failure failed", h -> bindOutcome(h.createUpdate("UPDATE verification_lookups SET "
                        + OUTCOME + ", refund_retry_at = :retryAt, refund_attempts = refund_attempts + 1 "
                        + "WHERE lookup_id = :lookupId AND charge_status = :claimedAs"), failed)
                .bind("retryAt", Timestamp.from(retryAt)).bind("lookupId", failed.id().value())
                .bind("claimedAs", claimedAs.wire()).execute() == 1);
    }

    @Override
    public Optional<LookupRecord> findReplayable(long accountId, String check, String cacheKey, Instant now) {
        return one(h -> h.createQuery("SELECT " + COLUMNS + " FROM verification_lookups WHERE account_id = :accountId "
                        + "AND check_key = :check AND cache_key = :cacheKey AND status = 'verified' AND NOT cached "
                        + "AND expires_at > :now ORDER BY fetched_at DESC LIMIT 1")
                .bind("accountId", Param.of(accountId)).bind("check", Param.of(check))
                .bind("cacheKey", Param.of(cacheKey))
                .bind("now", Param.of(Timestamp.from(now))).map(LOOKUP).findFirst());
    }

    @Override
    public Optional<LookupRecord> findCall(long accountId, String lookupId) {
        return one(h -> h.createQuery("SELECT " + COLUMNS
                        + " FROM verification_lookups WHERE lookup_id = :lookupId AND account_id = :accountId")
                .bind("lookupId", lookupId).bind("accountId", accountId).map(LOOKUP).findFirst());
    }

    @Override
    public Optional<LookupRecord> findToken(long accountId, String lookupId) {
        return one(h -> h.createQuery("SELECT " + COLUMNS + " FROM verification_lookups WHERE lookup_id = :lookupId "
                        + "AND account_id = :accountId AND token_issued AND settled")
                .bind("lookupId", lookupId).bind("accountId", accountId).map(LOOKUP).findFirst());
    }

    @Override
    public List<LookupRecord> history(long accountId, int limit) {
        return run("lookup query failed", h -> h.createQuery("SELECT " + COLUMNS
                        + " FROM verification_lookups WHERE account_id = :accountId AND settled "
                        + "ORDER BY created_at DESC, id DESC LIMIT :limit")
                .bind("accountId", accountId).bind("limit", limit).map(LOOKUP).list());
    }

    @Override
    public Optional<LookupRecord> claimForSweep(Instant strandedBefore, Instant now) {
        return one(h -> h.createQuery("SELECT " + COLUMNS + " FROM verification_lookups "
                        + "WHERE (NOT settled AND created_at < :strandedBefore) "
                        + "OR (charge_status = 'refund_failed' AND (refund_retry_at IS NULL OR refund_retry_at <= :now)) "
                        + "ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED")
                .bind("strandedBefore", Timestamp.from(strandedBefore)).bind("now", Timestamp.from(now))
                .map(LOOKUP).findFirst());
    }

    private Optional<LookupRecord> one(Function<Handle, Optional<LookupRecord>> query) {
        return run("lookup query failed", query);
    }

    /**
     * {@code work} on a handle of the caller's transaction; a database failure surfaces as before, an
     * {@link IllegalStateException} saying what failed, the driver's {@link SQLException} in its cause chain.
     */
    private <T> T run(String failure, Function<Handle, T> work) {
        try {
            return sql.with(work::apply);
        } catch (JdbiException e) {
            throw new IllegalStateException(failure, e);
        }
    }

    private static <S extends SqlStatement<S>> S bindOutcome(S st, LookupRecord r) {
        LookupRecord.Outcome o = r.outcome();
        return st.bind("status", Param.of(o.status() == null ? null : o.status().wire()))
                .bind("verificationStatus", Param.of(o.found().verificationStatus()))
                .bind("actorType", Param.of(o.found().actorType()))
                .bind("subjectName", Param.of(o.found().subjectName()))
                .bind("reference", Param.of(o.reply().reference()))
                .bind("detail", Param.of(o.reply().detail()))
                .bind("responseCode", Param.of(o.reply().responseCode()))
                .bind("payloadSealed", Param.of(o.sealed().payload()))
                .bind("fetchedAt", Param.of(ts(o.fetchedAt())))
                .bind("expiresAt", Param.of(ts(o.expiresAt())))
                .bind("chargeStatus", Param.of(r.charge().status().wire()))
                .bind("durationMs", Param.of(r.routing().durationMs()))
                .bind("tokenIssued", Param.of(r.tokenIssued()))
                .bind("source", Param.of(r.routing().source()))
                .bind("identitySealed", Param.of(o.sealed().identity()));
    }

    private static <S extends SqlStatement<S>> S bindAll(S st, LookupRecord r) {
        LookupRecord.Subject s = r.subject();
        LookupRecord.Charge charge = r.charge();
        return bindOutcome(st, r)
                .bind("lookupId", Param.of(r.id().value()))
                .bind("accountId", Param.of(r.accountId().value()))
                .bind("check", Param.of(s.check()))
                .bind("category", Param.of(s.category()))
                .bind("country", Param.of(s.country()))
                .bind("identifierHash", Param.of(s.identifierHash()))
                .bind("identifierMasked", Param.of(s.identifierMasked()))
                .bind("cacheKey", Param.of(s.cacheKey()))
                .bind("cached", Param.of(r.routing().cached()))
                .bind("chargedAmount", Param.of(charge.amount().amount()))
                .bind("chargeCurrency", Param.of(charge.amount().currency()))
                .bind("chargeReference", Param.of(charge.reference()))
                .bind("createdAt", Param.of(ts(r.createdAt())))
                .bind("settled", Param.of(r.settled()));
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

    private static Timestamp ts(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
