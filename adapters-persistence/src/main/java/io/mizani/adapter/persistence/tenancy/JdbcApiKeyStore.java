package io.mizani.adapter.persistence.tenancy;

import static io.mizani.adapter.persistence.common.Times.instant;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.tenancy.ApiKey;
import io.mizani.application.tenancy.ApiKeyStore;
import io.mizani.domain.tenancy.ApiKeyId;
import io.mizani.domain.tenancy.Scopes;
import jakarta.inject.Singleton;

/**
 * Owns {@code api_keys} (V17). Reads join {@code credentials} (same feature) only to leave out revoked keys: a key is
 * revoked by revoking its credential, the one place every replica's authentication looks.
 */
@Singleton
class JdbcApiKeyStore implements ApiKeyStore {

    private static final String COLUMNS = "k.key_id, k.name, k.scopes, k.created_at, k.expires_at, k.last_used_at";
    private static final RowMapper<ApiKey> KEY = JdbcApiKeyStore::key;

    private final Sql sql;

    JdbcApiKeyStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Optional<ApiKey> insert(NewKey key) {
        // the expiry is judged by PostgreSQL's clock, in the statement that stores the key
        return sql.with(h -> h.createQuery("INSERT INTO api_keys AS k (key_id, username, account_id, created_by, name, "
                        + "scopes, expires_at) SELECT :key_id, :username, :account_id, :created_by, :name, :scopes, "
                        + "CAST(:expires_at AS timestamptz) "
                        + "WHERE CAST(:expires_at AS timestamptz) IS NULL OR CAST(:expires_at AS timestamptz) > now() "
                        + "RETURNING " + COLUMNS)
                .bind("key_id", key.id().value())
                .bind("username", key.username())
                .bind("account_id", key.accountId())
                .bind("created_by", key.createdBy())
                .bind("name", key.name())
                .bindArray("scopes", String.class, key.scopes().wire())
                .bind("expires_at", key.expiresAt() == null ? null : key.expiresAt().toString())
                .map(KEY).findOne());
    }

    @Override
    public List<ApiKey> list(long accountId) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM api_keys k "
                        + "JOIN credentials c ON c.username = k.username "
                        + "WHERE k.account_id = :account_id AND c.revoked_at IS NULL ORDER BY k.created_at DESC, k.key_id")
                .bind("account_id", accountId).map(KEY).list());
    }

    @Override
    public Optional<Owned> find(long accountId, ApiKeyId id) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + ", k.username FROM api_keys k "
                        + "JOIN credentials c ON c.username = k.username "
                        + "WHERE k.key_id = :key_id AND k.account_id = :account_id AND c.revoked_at IS NULL")
                .bind("key_id", id.value()).bind("account_id", accountId)
                .map((rs, ctx) -> new Owned(key(rs, ctx), rs.getString("username"))).findOne());
    }

    @Override
    public boolean recordUse(String keyId, int minutes) {
        return sql.with(h -> h.createUpdate("UPDATE api_keys SET last_used_at = now() WHERE key_id = :key_id "
                        + "AND (last_used_at IS NULL OR last_used_at <= now() - make_interval(mins => :minutes))")
                .bind("key_id", keyId).bind("minutes", minutes).execute()) == 1;
    }

    private static ApiKey key(ResultSet rs, StatementContext ctx) throws SQLException {
        Array scopes = rs.getArray("scopes");
        List<String> wire = Arrays.asList((String[]) scopes.getArray());
        return new ApiKey(new ApiKeyId(rs.getString("key_id")), rs.getString("name"), Scopes.stored(wire),
                new ApiKey.Times(instant(rs, "created_at"), instant(rs, "expires_at"), instant(rs, "last_used_at")));
    }
}
