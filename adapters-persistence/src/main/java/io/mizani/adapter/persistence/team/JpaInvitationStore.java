package io.mizani.adapter.persistence.team;

import io.mizani.domain.team.InvitationStatus;
import io.mizani.domain.tenancy.UserId;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.team.InvitationStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

@ApplicationScoped
class JpaInvitationStore implements InvitationStore {

    private final EntityManager em;
    /** The invitee's phone number is stored sealed (platform.md section 11). */
    private final SealedText sealed;

    JpaInvitationStore(EntityManager em, SealedText sealed) {
        this.em = em;
        this.sealed = sealed;
    }

    @Override
    public long create(NewInvitation n) {
        InvitationEntity e = new InvitationEntity();
        e.tokenHash = n.tokenHash();
        e.organizationId = n.grant().organizationId();
        e.accountId = n.grant().accountId();
        e.email = n.invitee().email();
        e.phoneNumber = sealed.seal(n.invitee().phoneNumber());
        e.roleId = n.grant().roleId();
        e.assignedAccountIds = n.grant().assignedAccountIds().toArray(Long[]::new);
        e.invitedBy = n.invitedBy();
        e.expiresAt = n.expiresAt();
        e.persist();
        return e.id;
    }

    @Override
    public Optional<Invitation> findByTokenHash(byte[] tokenHash) {
        return InvitationEntity.<InvitationEntity>find("tokenHash", tokenHash).firstResultOptional()
                .map(this::toInvitation);
    }

    @Override
    public Optional<Invitation> lockByTokenHash(byte[] tokenHash) {
        return InvitationEntity.<InvitationEntity>find("tokenHash", tokenHash)
                .withLock(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).firstResultOptional()
                .map(this::toInvitation);
    }

    /** The one mapping of a row: both reads open the sealed phone number the same way. */
    private Invitation toInvitation(InvitationEntity e) {
        return new Invitation(e.id, new Invitee(e.email, sealed.open(e.phoneNumber)),
                new Grant(e.organizationId, e.accountId, e.roleId,
                        e.assignedAccountIds == null ? java.util.List.of() : Arrays.asList(e.assignedAccountIds)),
                InvitationStatus.fromWire(e.status), e.expiresAt, e.invitedBy);
    }

    @Override
    public boolean markAccepted(long id, UserId userId, Instant at) {
        return em.createNativeQuery("UPDATE invitations SET status = 'accepted', accepted_user_id = ?2, accepted_at = ?3 "
                        + "WHERE id = ?1 AND status = 'pending'")
                .setParameter(1, id).setParameter(2, userId.value()).setParameter(3, at).executeUpdate() == 1;
    }
}
