package io.mizani.adapter.persistence.verification;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.verification.IdentityCheckAvailability;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.JdbiException;
import org.jdbi.v3.core.mapper.RowMapper;

/** Reads {@code accounts.identity_checks_available} (set by the operator); a deleted or unknown account has none. */
@Singleton
public class JdbcIdentityCheckAvailability implements IdentityCheckAvailability {

    /** As JDBC reads it: a null would be false (the column is NOT NULL). */
    private static final RowMapper<Boolean> AVAILABLE = (rs, ctx) -> rs.getBoolean(1);

    private final Sql sql;

    @Inject
    public JdbcIdentityCheckAvailability(Sql sql) {
        this.sql = sql;
    }

    @Override
    public boolean available(long accountId) {
        try {
            return sql.with(h -> h.createQuery(
                            "SELECT identity_checks_available FROM accounts WHERE id = :account AND deleted_at IS NULL")
                    .bind("account", accountId).map(AVAILABLE).findFirst().orElse(false));
        } catch (JdbiException e) {
            throw new IllegalStateException("read identity check availability failed", e);
        }
    }
}
