package io.mizani.adapter.persistence.verification;

import io.mizani.application.verification.VerificationAccess;
import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** The operator's switch and the merchant's settings in one round trip (the first two steps of every verify). */
@ApplicationScoped
public class SqlVerificationAccess implements VerificationAccess {

    private final DataSource ds;

    @Inject
    public SqlVerificationAccess(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public Access of(long accountId) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT a.identity_checks_available AND a.deleted_at IS NULL, "
                     + "s.mode, s.provider_key_sealed FROM accounts a "
                     + "LEFT JOIN verification_settings s ON s.account_id = a.id WHERE a.id = ?")) {
            ps.setLong(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return new Access(false, VerificationSettings.DEFAULT);
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
