package io.mizani.adapter.persistence.idempotency;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.idempotency.IdempotencyStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Idempotency keys in {@code idempotency_keys}: the key is claimed with {@code INSERT ... ON CONFLICT DO NOTHING},
 * so exactly one of any number of concurrent requests (on any replica) wins it; the others read the row. The stored
 * answer may carry identifiers (a beneficiary's ID number, phone...): it is stored sealed, and the body's fingerprint
 * as a keyed hash (a plain SHA-256 of a body could be confirmed by guessing the identifier in it).
 */
@ApplicationScoped
public class JdbcIdempotencyStore implements IdempotencyStore {

    private static final String FINGERPRINT_HASH = "idempotency.fingerprint";

    private final DataSource ds;
    private final SealedText sealed;

    @Inject
    public JdbcIdempotencyStore(DataSource ds, SealedText sealed) {
        this.ds = ds;
        this.sealed = sealed;
    }

    /** The caller's fingerprint when the stored one is its keyed hash (under any accepted key), else the stored one. */
    private String compared(String stored, String fingerprint) {
        return stored.equals(fingerprint) || sealed.hashes(FINGERPRINT_HASH, fingerprint).contains(stored)
                ? fingerprint : stored;
    }

    @Override
    public Claim claim(long accountId, String key, String fingerprint, Instant now, Instant leaseExpiredBefore) {
        try (Connection c = ds.getConnection()) {
            for (int attempt = 0; attempt < 3; attempt++) {
                String token = UUID.randomUUID().toString();
                if (insert(c, accountId, key, sealed.hash(FINGERPRINT_HASH, fingerprint), now, token)) {
                    return new Claim.Acquired(token, null, null);
                }
                try (PreparedStatement ps = c.prepareStatement("SELECT fingerprint, state, response_status, "
                        + "response_body, locked_at, created_at, recovery_kind, recovery_ref FROM idempotency_keys "
                        + "WHERE account_id = ? AND idempotency_key = ?")) {
                    ps.setLong(1, accountId);
                    ps.setString(2, key);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (!rs.next()) {
                            continue; // released meanwhile: try to insert again
                        }
                        String storedFingerprint = compared(rs.getString(1), fingerprint);
                        String state = rs.getString(2);
                        Timestamp lockedAt = rs.getTimestamp(5);
                        Timestamp createdAt = rs.getTimestamp(6);
                        if (createdAt.toInstant().isBefore(now.minus(io.mizani.application.idempotency.IdempotencyService.RETENTION))) {
                            delete(c, accountId, key, createdAt);
                            continue; // expired, not yet purged
                        }
                        if ("completed".equals(state)) {
                            return new Claim.Completed(storedFingerprint, rs.getInt(3), sealed.open(rs.getString(4)));
                        }
                        if (storedFingerprint.equals(fingerprint) && lockedAt.toInstant().isBefore(leaseExpiredBefore)) {
                            Claim.Acquired taken = takeOver(c, accountId, key, lockedAt, now, token);
                            if (taken != null) {
                                return taken;
                            }
                        }
                        if (storedFingerprint.equals(fingerprint) && rs.getString(8) != null) {
                            // its change committed (the holder died or is about to store the answer): answer from
                            // the recovery point now, within the lease (no token: this request stores nothing)
                            return new Claim.Acquired(null, rs.getString(7), rs.getString(8));
                        }
                        return new Claim.InFlight(storedFingerprint);
                    }
                }
            }
            throw new IllegalStateException("idempotency key kept changing under us");
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency claim failed", e);
        }
    }

    private static boolean insert(Connection c, long accountId, String key, String fingerprint, Instant now,
                                  String token) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO idempotency_keys (account_id, idempotency_key, "
                + "fingerprint, state, created_at, locked_at, lease_token) VALUES (?, ?, ?, 'in_flight', ?, ?, ?) "
                + "ON CONFLICT (account_id, idempotency_key) DO NOTHING")) {
            ps.setLong(1, accountId);
            ps.setString(2, key);
            ps.setString(3, fingerprint);
            ps.setTimestamp(4, Timestamp.from(now));
            ps.setTimestamp(5, Timestamp.from(now));
            ps.setString(6, token);
            return ps.executeUpdate() == 1;
        }
    }

    /**
     * Moves the lease to {@code token}, returning the recovery point as of that update: a dying holder's business
     * transaction that recorded one either committed before (the update waits for its row lock, then returns it) or
     * can no longer record it (its token no longer matches).
     */
    private static Claim.Acquired takeOver(Connection c, long accountId, String key, Timestamp lockedAt, Instant now,
                                           String token) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE idempotency_keys SET locked_at = ?, lease_token = ? "
                + "WHERE account_id = ? AND idempotency_key = ? AND state = 'in_flight' AND locked_at = ? "
                + "RETURNING recovery_kind, recovery_ref")) {
            ps.setTimestamp(1, Timestamp.from(now));
            ps.setString(2, token);
            ps.setLong(3, accountId);
            ps.setString(4, key);
            ps.setTimestamp(5, lockedAt);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new Claim.Acquired(token, rs.getString(1), rs.getString(2)) : null;
            }
        }
    }

    private static void delete(Connection c, long accountId, String key, Timestamp createdAt) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM idempotency_keys "
                + "WHERE account_id = ? AND idempotency_key = ? AND created_at = ?")) {
            ps.setLong(1, accountId);
            ps.setString(2, key);
            ps.setTimestamp(3, createdAt);
            ps.executeUpdate();
        }
    }

    @Override
    public boolean recordRecoveryPoint(long accountId, String key, String leaseToken, String kind, String ref) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE idempotency_keys SET recovery_kind = ?, "
                     + "recovery_ref = ? WHERE account_id = ? AND idempotency_key = ? AND state = 'in_flight' "
                     + "AND lease_token = ? AND (recovery_ref IS NULL OR (recovery_kind = ? AND recovery_ref = ?))")) {
            ps.setString(1, kind);
            ps.setString(2, ref);
            ps.setLong(3, accountId);
            ps.setString(4, key);
            ps.setString(5, leaseToken);
            ps.setString(6, kind);
            ps.setString(7, ref);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency recovery point failed", e);
        }
    }

    @Override
    public void complete(long accountId, String key, String leaseToken, int status, String body) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE idempotency_keys SET state = 'completed', "
                     + "response_status = ?, response_body = ? WHERE account_id = ? AND idempotency_key = ? "
                     + "AND state = 'in_flight' AND lease_token = ?")) {
            ps.setInt(1, status);
            ps.setString(2, sealed.seal(body));
            ps.setLong(3, accountId);
            ps.setString(4, key);
            ps.setString(5, leaseToken);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency complete failed", e);
        }
    }

    @Override
    public void release(long accountId, String key, String leaseToken) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM idempotency_keys WHERE account_id = ? "
                     + "AND idempotency_key = ? AND state = 'in_flight' AND lease_token = ? AND recovery_ref IS NULL")) {
            ps.setLong(1, accountId);
            ps.setString(2, key);
            ps.setString(3, leaseToken);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency release failed", e);
        }
    }

    @Override
    public int purgeCreatedBefore(Instant cutoff) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("DELETE FROM idempotency_keys WHERE created_at < ?")) {
            ps.setTimestamp(1, Timestamp.from(cutoff));
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("idempotency purge failed", e);
        }
    }
}
