package io.mizani.adapter.persistence.team;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.Times;
import io.mizani.application.team.UserStore;
import io.mizani.domain.team.UserStatus;
import jakarta.inject.Singleton;

/** Owns the merchants' rows of {@code users} (V1); the operators' rows are {@link JdbcOperatorDirectory}'s. */
@Singleton
class JdbcUserStore implements UserStore {

    private static final String COLUMNS = "id, organization_id, first_name, last_name, email, phone_number, username, "
            + "is_admin, status, is_pin_set";

    private final Sql sql;
    /** A user's phone number is stored sealed (platform.md section 11). */
    private final SealedText sealed;

    JdbcUserStore(Sql sql, SealedText sealed) {
        this.sql = sql;
        this.sealed = sealed;
    }

    @Override
    public long create(NewUser u) {
        return sql.with(h -> h.createQuery("INSERT INTO users (organization_id, first_name, last_name, email, "
                        + "phone_number, username, is_admin, updated_at) VALUES (:organization_id, :first_name, "
                        + ":last_name, :email, :phone_number, :username, :is_admin, :updated_at) RETURNING id")
                .bind("organization_id", u.organizationId())
                .bind("first_name", u.person().firstName())
                .bind("last_name", u.person().lastName())
                .bind("email", u.person().email())
                .bind("phone_number", sealed.seal(u.person().phoneNumber()))
                .bind("username", u.username())
                .bind("is_admin", u.admin())
                .bind("updated_at", Times.utc(Times.stored(Instant.now())))
                .mapTo(Long.class).one());
    }

    @Override
    public Optional<User> find(long id) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM users WHERE id = :id")
                .bind("id", id).map((rs, ctx) -> user(rs)).findOne());
    }

    @Override
    public Optional<User> findByEmail(long organizationId, String email) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM users "
                        + "WHERE organization_id = :organization_id AND lower(email) = lower(:email) ORDER BY id LIMIT 1")
                .bind("organization_id", organizationId).bind("email", email).map((rs, ctx) -> user(rs)).findOne());
    }

    @Override
    public void lockEmail(long organizationId, String email) {
        sql.use(h -> h.createQuery("SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(:organization || ':' "
                        + "|| lower(:email), 0))")
                .bind("organization", Long.toString(organizationId)).bind("email", email).mapTo(Integer.class).one());
    }

    private User user(ResultSet rs) throws SQLException {
        long organizationId = rs.getLong("organization_id");
        return new User(rs.getLong("id"), rs.wasNull() ? null : organizationId,
                new Person(rs.getString("first_name"), rs.getString("last_name"), rs.getString("email"),
                        sealed.open(rs.getString("phone_number"))),
                new Login(rs.getString("username"), rs.getBoolean("is_admin"),
                        UserStatus.fromWire(rs.getString("status")), rs.getBoolean("is_pin_set")));
    }
}
