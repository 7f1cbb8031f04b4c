package io.mizani.adapter.persistence.team;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.tenancy.OperatorDirectory;
import jakarta.inject.Singleton;

/** The operators' rows of {@code users} (V1): one per operator username, prefixed {@code operator:}. */
@Singleton
class JdbcOperatorDirectory implements OperatorDirectory {

    private final Sql sql;

    JdbcOperatorDirectory(Sql sql) {
        this.sql = sql;
    }

    @Override
    public long operatorUserId(String username) {
        // One statement, safe under concurrent first logins: the unique username decides.
        return sql.with(h -> h.createQuery("INSERT INTO users (username, is_admin, first_name) "
                        + "VALUES (:username, true, :username) "
                        + "ON CONFLICT (username) DO UPDATE SET is_admin = true RETURNING id")
                .bind("username", "operator:" + username).mapTo(Long.class).one());
    }
}
