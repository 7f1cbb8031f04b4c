package io.mizani.adapter.persistence.idempotency;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.idempotency.IdempotencyService;
import io.mizani.application.idempotency.IdempotencyStore;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Idempotency keys in {@code idempotency_keys}, Jdbi with named parameters: the key is claimed with
 * {@code INSERT ... ON CONFLICT DO NOTHING}, so exactly one of any number of concurrent requests (on any replica) wins
 * it; the others read the row. The stored answer may carry identifiers (a beneficiary's ID number, phone...): it is
 * stored sealed, and the body's fingerprint as a keyed hash (a plain SHA-256 of a body could be confirmed by guessing
 * the identifier in it).
 */
@Singleton
public class JdbcIdempotencyStore implements IdempotencyStore {

    private static final String FINGERPRINT_HASH = "idempotency.fingerprint";

    /** A key's row as a claim that lost the insert reads it (the answer still sealed). */
    private record Stored(String fingerprint, String state, int responseStatus, String responseBody,
                          Timestamp lockedAt, Timestamp createdAt, String recoveryKind, String recoveryRef) {
    }

    private static final RowMapper<Stored> STORED = (rs, ctx) -> new Stored(rs.getString("fingerprint"),
            rs.getString("state"), rs.getInt("response_status"), rs.getString("response_body"),
            rs.getTimestamp("locked_at"), rs.getTimestamp("created_at"), rs.getString("recovery_kind"),
            rs.getString("recovery_ref"));

    /** The recovery point as of a take-over. */
    private record RecoveryPoint(String kind, String ref) {
    }

    private static final RowMapper<RecoveryPoint> RECOVERY_POINT = (rs, ctx) ->
            new RecoveryPoint(rs.getString("recovery_kind"), rs.getString("recovery_ref"));

    private final Sql sql;
    private final SealedText sealed;

    @Inject
    public JdbcIdempotencyStore(Sql sql, SealedText sealed) {
        this.sql = sql;
        this.sealed = sealed;
    }

    /**
     * Runs {@code work} on one handle (the current transaction's connection when there is one); a failure of the
     * database surfaces as it always has: {@code IllegalStateException(failure)} caused by the SQLException.
     */
    private <T> T with(String failure, HandleCallback<T, RuntimeException> work) {
        try {
            return sql.with(work);
        } catch (JdbiException e) {
            if (e.getCause() instanceof SQLException s) {
                throw new IllegalStateException(failure, s);
            }
            throw e;
        }
    }

    /** The caller's fingerprint when the stored one is its keyed hash (under any accepted key), else the stored one. */
    private String compared(String stored, String fingerprint) {
        return stored.equals(fingerprint) || sealed.hashes(FINGERPRINT_HASH, fingerprint).contains(stored)
                ? fingerprint : stored;
    }

    @Override
    public Claim claim(long accountId, String key, String fingerprint, Instant now, Instant leaseExpiredBefore) {
        return with("idempotency claim failed", h -> {
            for (int attempt = 0; attempt < 3; attempt++) {
                String token = UUID.randomUUID().toString();
                if (insert(h, accountId, key, sealed.hash(FINGERPRINT_HASH, fingerprint), now, token)) {
                    return new Claim.Acquired(token, null, null);
                }
                Optional<Stored> found = h.createQuery("""
                                SELECT fingerprint, state, response_status, response_body, locked_at, created_at,
                                    recovery_kind, recovery_ref FROM idempotency_keys
                                WHERE account_id = :account AND idempotency_key = :key""")
                        .bind("account", accountId).bind("key", key).map(STORED).findFirst();
                if (found.isEmpty()) {
                    continue; // released meanwhile: try to insert again
                }
                Stored row = found.get();
                String storedFingerprint = compared(row.fingerprint(), fingerprint);
                if (row.createdAt().toInstant().isBefore(now.minus(IdempotencyService.RETENTION))) {
                    delete(h, accountId, key, row.createdAt());
                    continue; // expired, not yet purged
                }
                if ("completed".equals(row.state())) {
                    return new Claim.Completed(storedFingerprint, row.responseStatus(),
                            sealed.open(row.responseBody()));
                }
                if (storedFingerprint.equals(fingerprint) && row.lockedAt().toInstant().isBefore(leaseExpiredBefore)) {
                    Claim.Acquired taken = takeOver(h, accountId, key, row.lockedAt(), now, token);
                    if (taken != null) {
                        return taken;
                    }
                }
                if (storedFingerprint.equals(fingerprint) && row.recoveryRef() != null) {
                    // its change committed (the holder died or is about to store the answer): answer from the
                    // recovery point now, within the lease (no token: this request stores nothing)
                    return new Claim.Acquired(null, row.recoveryKind(), row.recoveryRef());
                }
                return new Claim.InFlight(storedFingerprint);
            }
            throw new IllegalStateException("idempotency key kept changing under us");
        });
    }

    private static boolean insert(Handle h, long accountId, String key, String fingerprint, Instant now,
                                  String token) {
        return h.createUpdate("""
                        INSERT INTO idempotency_keys (account_id, idempotency_key, fingerprint, state, created_at,
                            locked_at, lease_token)
                        VALUES (:account, :key, :fingerprint, 'in_flight', :now, :now, :token)
                        ON CONFLICT (account_id, idempotency_key) DO NOTHING""")
                .bind("account", accountId)
                .bind("key", key)
                .bind("fingerprint", fingerprint)
                .bind("now", Timestamp.from(now))
                .bind("token", token)
                .execute() == 1;
    }

    /**
     * Moves the lease to {@code token}, returning the recovery point as of that update: a dying holder's business
     * transaction that recorded one either committed before (the update waits for its row lock, then returns it) or
     * can no longer record it (its token no longer matches).
     */
    private static Claim.Acquired takeOver(Handle h, long accountId, String key, Timestamp lockedAt, Instant now,
                                           String token) {
        return h.createQuery("""
                        UPDATE idempotency_keys SET locked_at = :now, lease_token = :token
                        WHERE account_id = :account AND idempotency_key = :key AND state = 'in_flight'
                          AND locked_at = :lockedAt
                        RETURNING recovery_kind, recovery_ref""")
                .bind("now", Timestamp.from(now))
                .bind("token", token)
                .bind("account", accountId)
                .bind("key", key)
                .bind("lockedAt", lockedAt)
                .map(RECOVERY_POINT)
                .findFirst()
                .map(p -> new Claim.Acquired(token, p.kind(), p.ref()))
                .orElse(null);
    }

    private static void delete(Handle h, long accountId, String key, Timestamp createdAt) {
        h.createUpdate("""
                        DELETE FROM idempotency_keys
                        WHERE account_id = :account AND idempotency_key = :key AND created_at = :createdAt""")
                .bind("account", accountId).bind("key", key).bind("createdAt", createdAt).execute();
    }

    @Override
    public boolean recordRecoveryPoint(long accountId, String key, String leaseToken, String kind, String ref) {
        return with("idempotency recovery point failed", h -> h.createUpdate("""
                        UPDATE idempotency_keys SET recovery_kind = :kind, recovery_ref = :ref
                        WHERE account_id = :account AND idempotency_key = :key AND state = 'in_flight'
                          AND lease_token = :token
                          AND (recovery_ref IS NULL OR (recovery_kind = :kind AND recovery_ref = :ref))""")
                .bind("kind", kind)
                .bind("ref", ref)
                .bind("account", accountId)
                .bind("key", key)
                .bind("token", leaseToken)
                .execute() == 1);
    }

    @Override
    public void complete(long accountId, String key, String leaseToken, int status, String body) {
        with("idempotency complete failed", h -> h.createUpdate("""
                        UPDATE idempotency_keys SET state = 'completed', response_status = :status,
                            response_body = :body
                        WHERE account_id = :account AND idempotency_key = :key AND state = 'in_flight'
                          AND lease_token = :token""")
                .bind("status", status)
                .bind("body", sealed.seal(body))
                .bind("account", accountId)
                .bind("key", key)
                .bind("token", leaseToken)
                .execute());
    }

    @Override
    public void release(long accountId, String key, String leaseToken) {
        with("idempotency release failed", h -> h.createUpdate("""
                        DELETE FROM idempotency_keys
                        WHERE account_id = :account AND idempotency_key = :key AND state = 'in_flight'
                          AND lease_token = :token AND recovery_ref IS NULL""")
                .bind("account", accountId).bind("key", key).bind("token", leaseToken).execute());
    }

    @Override
    public int purgeCreatedBefore(Instant cutoff) {
        return with("idempotency purge failed", h -> h.createUpdate(
                        "DELETE FROM idempotency_keys WHERE created_at < :cutoff")
                .bind("cutoff", Timestamp.from(cutoff)).execute());
    }
}
