package io.mizani.adapter.persistence.team;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.Times;
import io.mizani.application.team.InvitationStore;
import io.mizani.domain.team.InvitationStatus;
import io.mizani.domain.tenancy.UserId;
import jakarta.inject.Singleton;

/** Owns {@code invitations} (V1). */
@Singleton
class JdbcInvitationStore implements InvitationStore {

    private static final String SELECT = "SELECT id, organization_id, account_id, email, phone_number, role_id, "
            + "assigned_account_ids, invited_by, status, expires_at FROM invitations WHERE token_hash = :token_hash";

    private final Sql sql;
    /** The invitee's phone number is stored sealed (platform.md section 11). */
    private final SealedText sealed;

    JdbcInvitationStore(Sql sql, SealedText sealed) {
        this.sql = sql;
        this.sealed = sealed;
    }

    @Override
    public long create(NewInvitation n) {
        return sql.with(h -> h.createQuery("INSERT INTO invitations (token_hash, organization_id, account_id, email, "
                        + "phone_number, role_id, assigned_account_ids, invited_by, expires_at) VALUES (:token_hash, "
                        + ":organization_id, :account_id, :email, :phone_number, :role_id, :assigned, :invited_by, "
                        + ":expires_at) RETURNING id")
                .bind("token_hash", n.tokenHash())
                .bind("organization_id", n.grant().organizationId())
                .bind("account_id", n.grant().accountId())
                .bind("email", n.invitee().email())
                .bind("phone_number", sealed.seal(n.invitee().phoneNumber()))
                .bind("role_id", n.grant().roleId())
                .bind("assigned", Sql.array("bigint", n.grant().assignedAccountIds().toArray(Long[]::new)))
                .bind("invited_by", n.invitedBy())
                .bind("expires_at", Times.utc(n.expiresAt()))
                .mapTo(Long.class).one());
    }

    @Override
    public Optional<Invitation> findByTokenHash(byte[] tokenHash) {
        return sql.with(h -> h.createQuery(SELECT).bind("token_hash", tokenHash)
                .map((rs, ctx) -> invitation(rs)).findOne());
    }

    @Override
    public Optional<Invitation> lockByTokenHash(byte[] tokenHash) {
        return sql.with(h -> h.createQuery(SELECT + " FOR UPDATE").bind("token_hash", tokenHash)
                .map((rs, ctx) -> invitation(rs)).findOne());
    }

    /** The one mapping of a row: both reads open the sealed phone number the same way. */
    private Invitation invitation(ResultSet rs) throws SQLException {
        Long[] assigned = (Long[]) rs.getArray("assigned_account_ids").getArray();
        return new Invitation(rs.getLong("id"),
                new Invitee(rs.getString("email"), sealed.open(rs.getString("phone_number"))),
                new Grant(rs.getLong("organization_id"), rs.getLong("account_id"), rs.getInt("role_id"),
                        Arrays.asList(assigned)),
                InvitationStatus.fromWire(rs.getString("status")), Times.instant(rs, "expires_at"),
                rs.getLong("invited_by"));
    }

    @Override
    public boolean markAccepted(long id, UserId userId, Instant at) {
        return sql.with(h -> h.createUpdate("UPDATE invitations SET status = 'accepted', accepted_user_id = :user_id, "
                        + "accepted_at = :at WHERE id = :id AND status = 'pending'")
                .bind("id", id).bind("user_id", userId.value()).bind("at", Times.utc(at)).execute()) == 1;
    }
}
