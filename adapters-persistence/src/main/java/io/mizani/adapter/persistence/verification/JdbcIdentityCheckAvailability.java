package io.mizani.adapter.persistence.verification;

import io.mizani.application.verification.IdentityCheckAvailability;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Reads {@code accounts.identity_checks_available} (set by the operator); a deleted or unknown account has none. */
@ApplicationScoped
public class JdbcIdentityCheckAvailability implements IdentityCheckAvailability {

    private final DataSource ds;

    @Inject
    public JdbcIdentityCheckAvailability(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public boolean available(long accountId) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement(
                     "SELECT identity_checks_available FROM accounts WHERE id = ? AND deleted_at IS NULL")) {
            ps.setLong(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read identity check availability failed", e);
        }
    }
}
