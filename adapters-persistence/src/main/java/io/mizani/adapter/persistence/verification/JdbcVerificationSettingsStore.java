package io.mizani.adapter.persistence.verification;

import io.mizani.adapter.persistence.common.CacheVersions;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationSettings;
import io.mizani.application.verification.VerificationSettingsStore;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import java.util.Optional;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;

/**
 * A merchant's verification settings ({@code verification_settings}), Jdbi with named parameters. The row holds the
 * merchant's sealed provider key: a failing statement's message names no bound value ({@link Sql#with}).
 */
@Singleton
public class JdbcVerificationSettingsStore implements VerificationSettingsStore {

    private static final RowMapper<VerificationSettings> SETTINGS = (rs, ctx) -> new VerificationSettings(
            VerificationMode.fromWire(rs.getString(1)).orElseThrow(), rs.getBytes(2));

    private final Sql sql;
    private final CacheVersions versions;

    @Inject
    public JdbcVerificationSettingsStore(Sql sql, CacheVersions versions) {
        this.sql = sql;
        this.versions = versions;
    }

    @Override
    public Optional<VerificationSettings> find(long accountId) {
        try {
            return sql.with(h -> h.createQuery(
                            "SELECT mode, provider_key_sealed FROM verification_settings WHERE account_id = :account")
                    .bind("account", accountId).map(SETTINGS).findFirst());
        } catch (JdbiException e) {
            throw new IllegalStateException("read verification settings failed", e);
        }
    }

    @Override
    public void save(long accountId, VerificationSettings settings) {
        try {
            sql.use(h -> h.createUpdate("INSERT INTO verification_settings (account_id, mode, "
                            + "provider_key_sealed, updated_at) VALUES (:account, :mode, :providerKeySealed, now()) "
                            + "ON CONFLICT (account_id) DO UPDATE SET mode = excluded.mode, "
                            + "provider_key_sealed = excluded.provider_key_sealed, updated_at = now()")
                    .bind("account", accountId).bind("mode", settings.mode().wire())
                    .bind("providerKeySealed", settings.sealedProviderKey()).execute());
        } catch (JdbiException e) {
            throw new IllegalStateException("save verification settings failed", e);
        }
        versions.changed(CacheVersions.VERIFICATION_ACCESS); // the trigger tells the other replicas
    }
}
