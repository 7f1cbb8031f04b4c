package io.mizani.adapter.persistence.verification;

import io.mizani.application.verification.VerificationAccess;
import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationSettings;
import io.mizani.adapter.persistence.common.CacheVersions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The operator's switch and the merchant's settings in one round trip (the first two steps of every verify), cached
 * per instance ({@link CacheVersions}: dropped within one poll interval of a change committed on any replica, at once
 * on the replica that made it). An unknown account is not cached.
 */
@ApplicationScoped
public class JdbcVerificationAccess implements VerificationAccess {

    private final DataSource ds;
    private final CacheVersions.Cache<Long, Access> cache;

    @Inject
    public JdbcVerificationAccess(DataSource ds, CacheVersions versions) {
        this.ds = ds;
        this.cache = versions.cache(CacheVersions.VERIFICATION_ACCESS, 100_000);
    }

    @Override
    public Access of(long accountId) {
        Access a = cache.get(accountId, this::read);
        return a == null ? new Access(false, VerificationSettings.DEFAULT) : a;
    }

    private Access read(long accountId) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT a.identity_checks_available AND a.deleted_at IS NULL, "
                     + "s.mode, s.provider_key_sealed FROM accounts a "
                     + "LEFT JOIN verification_settings s ON s.account_id = a.id WHERE a.id = ?")) {
            ps.setLong(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String mode = rs.getString(2);
                VerificationSettings settings = mode == null ? VerificationSettings.DEFAULT
                        : new VerificationSettings(VerificationMode.fromWire(mode).orElseThrow(), rs.getBytes(3));
                return new Access(rs.getBoolean(1), settings);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read verification access failed", e);
        }
    }
}
