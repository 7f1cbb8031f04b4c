package io.mizani.adapter.persistence.tenancy;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.KeyGrant;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.Scopes;
import io.mizani.domain.tenancy.UserId;
import jakarta.inject.Singleton;

/** Owns {@code credentials} (V1): the secrets merchants authenticate with, stored as hashes. */
@Singleton
class JdbcCredentialStore implements CredentialStore {

    private final Sql sql;

    JdbcCredentialStore(Sql sql) {
        this.sql = sql;
    }

    /**
     * The credential with what it grants: a credential with an {@code api_keys} row (V17, same feature, read here so
     * that authentication stays one round trip) is an API key, limited to its scopes, with the time it has left as
     * PostgreSQL's clock says; any other holds every scope and never expires.
     */
    @Override
    public Optional<StoredCredential> find(String username) {
        return sql.with(h -> h.createQuery("SELECT c.username, c.secret_hash, c.account_id, c.user_id, "
                        + "a.organization_id, c.revoked_at IS NOT NULL AS revoked, a.deleted_at IS NULL AS live, "
                        + "k.key_id, k.scopes, "
                        + "CAST(floor(EXTRACT(EPOCH FROM (k.expires_at - clock_timestamp())) * 1000) AS bigint) AS left_ms "
                        + "FROM credentials c JOIN accounts a ON a.id = c.account_id "
                        + "LEFT JOIN api_keys k ON k.username = c.username WHERE c.username = :username")
                .bind("username", username)
                .map((rs, ctx) -> new StoredCredential(rs.getString("username"), rs.getBytes("secret_hash"),
                        new Holder(rs.getLong("account_id"), rs.getLong("user_id"), rs.getLong("organization_id")),
                        rs.getBoolean("revoked"), rs.getBoolean("live"), grant(rs)))
                .findOne());
    }

    private static KeyGrant grant(ResultSet rs) throws SQLException {
        String keyId = rs.getString("key_id");
        if (keyId == null) {
            return KeyGrant.FULL;
        }
        Array scopes = rs.getArray("scopes");
        long left = rs.getLong("left_ms");
        Duration remaining = rs.wasNull() ? null : Duration.ofMillis(left);
        return new KeyGrant(keyId, Scopes.stored(Arrays.asList((String[]) scopes.getArray())), remaining);
    }

    @Override
    public void insert(String username, byte[] secretHash, AccountId accountId, UserId userId) {
        sql.use(h -> h.createUpdate("INSERT INTO credentials (username, secret_hash, account_id, user_id) "
                        + "VALUES (:username, :secret_hash, :account_id, :user_id)")
                .bind("username", username).bind("secret_hash", secretHash)
                .bind("account_id", accountId.value()).bind("user_id", userId.value()).execute());
    }

    @Override
    public boolean revoke(String username) {
        return sql.with(h -> h.createUpdate("UPDATE credentials SET revoked_at = now() "
                        + "WHERE username = :username AND revoked_at IS NULL")
                .bind("username", username).execute()) == 1;
    }

    @Override
    public int revokeAll(AccountId accountId, UserId userId) {
        return sql.with(h -> h.createUpdate("UPDATE credentials SET revoked_at = now() "
                        + "WHERE account_id = :account_id AND user_id = :user_id AND revoked_at IS NULL")
                .bind("account_id", accountId.value()).bind("user_id", userId.value()).execute());
    }
}
