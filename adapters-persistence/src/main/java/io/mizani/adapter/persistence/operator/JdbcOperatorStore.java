package io.mizani.adapter.persistence.operator;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.operator.OperatorStore;
import io.mizani.domain.operator.OperatorRole;
import jakarta.inject.Singleton;

/** The one store of table {@code operators}. */
@Singleton
class JdbcOperatorStore implements OperatorStore {

    private final Sql sql;

    JdbcOperatorStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Optional<Operator> insert(String username, OperatorRole role, byte[] secretHash) {
        return sql.with(h -> h.createQuery("INSERT INTO operators (username, role, secret_hash) "
                        + "VALUES (:username, :role, :hash) ON CONFLICT (username) WHERE deleted_at IS NULL DO NOTHING "
                        + "RETURNING id, username, role, created_at")
                .bind("username", username).bind("role", role.wire()).bind("hash", secretHash)
                .map((rs, ctx) -> operator(rs)).findOne());
    }

    @Override
    public void upsertBootstrap(String username, byte[] secretHash) {
        sql.use(h -> {
            int n = h.createUpdate("UPDATE operators SET secret_hash = :hash, role = 'admin' "
                            + "WHERE username = :username AND deleted_at IS NULL")
                    .bind("username", username).bind("hash", secretHash).execute();
            if (n == 0) {
                h.createUpdate("INSERT INTO operators (username, role, secret_hash) VALUES (:username, 'admin', :hash) "
                                + "ON CONFLICT (username) WHERE deleted_at IS NULL DO UPDATE SET secret_hash = :hash")
                        .bind("username", username).bind("hash", secretHash).execute();
            }
        });
    }

    @Override
    public Optional<StoredOperator> find(String username) {
        return sql.with(h -> h.createQuery("SELECT id, username, role, created_at, secret_hash, console_signed_out_at "
                        + "FROM operators WHERE username = :username AND deleted_at IS NULL")
                .bind("username", username)
                .map((rs, ctx) -> {
                    OffsetDateTime out = rs.getObject("console_signed_out_at", OffsetDateTime.class);
                    return new StoredOperator(operator(rs), rs.getBytes("secret_hash"), out == null ? null : out.toInstant());
                }).findOne());
    }

    @Override
    public List<Operator> list() {
        return sql.with(h -> h.createQuery("SELECT id, username, role, created_at FROM operators "
                        + "WHERE deleted_at IS NULL ORDER BY id")
                .map((rs, ctx) -> operator(rs)).list());
    }

    @Override
    public boolean delete(String username) {
        return sql.with(h -> h.createUpdate("UPDATE operators SET deleted_at = now() "
                        + "WHERE username = :username AND deleted_at IS NULL")
                .bind("username", username).execute()) > 0;
    }

    @Override
    public void signOutConsole(long operatorId, Instant at) {
        sql.use(h -> h.createUpdate("UPDATE operators SET console_signed_out_at = greatest(console_signed_out_at, :at) "
                        + "WHERE id = :id")
                .bind("id", operatorId).bind("at", OffsetDateTime.ofInstant(at, java.time.ZoneOffset.UTC)).execute());
    }

    private static Operator operator(ResultSet rs) throws SQLException {
        return new Operator(rs.getLong("id"), rs.getString("username"),
                OperatorRole.parse(rs.getString("role")), rs.getObject("created_at", OffsetDateTime.class).toInstant());
    }
}
