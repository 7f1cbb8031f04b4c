package io.mizani.adapter.persistence.verification;

import io.mizani.adapter.persistence.common.CacheVersions;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.verification.VerificationAccess;
import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationSettings;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;

/**
 * The operator's switch and the merchant's settings in one round trip (the first two steps of every verify), cached
 * per instance ({@link CacheVersions}: dropped within one poll interval of a change committed on any replica, at once
 * on the replica that made it). An unknown account is not cached.
 */
@Singleton
public class JdbcVerificationAccess implements VerificationAccess {

    private static final RowMapper<Access> ACCESS = (rs, ctx) -> {
        String mode = rs.getString(2);
        VerificationSettings settings = mode == null ? VerificationSettings.DEFAULT
                : new VerificationSettings(VerificationMode.fromWire(mode).orElseThrow(), rs.getBytes(3));
        return new Access(rs.getBoolean(1), settings);
    };

    private final Sql sql;
    private final CacheVersions.Cache<Long, Access> cache;

    @Inject
    public JdbcVerificationAccess(Sql sql, CacheVersions versions) {
        this.sql = sql;
        this.cache = versions.cache(CacheVersions.VERIFICATION_ACCESS, 100_000);
    }

    @Override
    public Access of(long accountId) {
        Access a = cache.get(accountId, this::read);
        return a == null ? new Access(false, VerificationSettings.DEFAULT) : a;
    }

    private Access read(long accountId) {
        try {
            return sql.with(h -> h.createQuery("SELECT a.identity_checks_available AND a.deleted_at IS NULL, "
                            + "s.mode, s.provider_key_sealed FROM accounts a "
                            + "LEFT JOIN verification_settings s ON s.account_id = a.id WHERE a.id = :account")
                    .bind("account", accountId).map(ACCESS).findFirst().orElse(null));
        } catch (JdbiException e) {
            throw new IllegalStateException("read verification access failed", e);
        }
    }
}
