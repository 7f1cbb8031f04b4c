package io.mizani.adapter.persistence.verification;

import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationSettings;
import io.mizani.application.verification.VerificationSettingsStore;
import io.mizani.adapter.persistence.common.CacheVersions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;

@ApplicationScoped
public class JdbcVerificationSettingsStore implements VerificationSettingsStore {

    private final DataSource ds;
    private final CacheVersions versions;

    @Inject
    public JdbcVerificationSettingsStore(DataSource ds, CacheVersions versions) {
        this.ds = ds;
        this.versions = versions;
    }

    @Override
    public Optional<VerificationSettings> find(long accountId) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT mode, provider_key_sealed FROM verification_settings WHERE account_id = ?")) {
            ps.setLong(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new VerificationSettings(
                        VerificationMode.fromWire(rs.getString(1)).orElseThrow(), rs.getBytes(2)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read verification settings failed", e);
        }
    }

    @Override
    public void save(long accountId, VerificationSettings settings) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "INSERT INTO verification_settings (account_id, mode, provider_key_sealed, updated_at) "
                             + "VALUES (?, ?, ?, now()) ON CONFLICT (account_id) DO UPDATE SET mode = excluded.mode, "
                             + "provider_key_sealed = excluded.provider_key_sealed, updated_at = now()")) {
            ps.setLong(1, accountId);
            ps.setString(2, settings.mode().wire());
            ps.setBytes(3, settings.sealedProviderKey());
            ps.executeUpdate();
            versions.changed(CacheVersions.VERIFICATION_ACCESS); // the trigger tells the other replicas
        } catch (SQLException e) {
            throw new IllegalStateException("save verification settings failed", e);
        }
    }
}
