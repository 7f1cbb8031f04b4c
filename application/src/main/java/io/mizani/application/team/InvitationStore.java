package io.mizani.application.team;

import io.mizani.domain.team.InvitationStatus;
import io.mizani.domain.tenancy.UserId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public interface InvitationStore {

    long create(NewInvitation invitation);

    Optional<Invitation> findByTokenHash(byte[] tokenHash);

    /** Like {@link #findByTokenHash} but holds the invitation's row until the transaction ends (one acceptor at a time). */
    Optional<Invitation> lockByTokenHash(byte[] tokenHash);

    /** Marks it accepted unless it already is; false when someone accepted it first. */
    boolean markAccepted(long id, UserId userId, Instant at);

    /** Who is invited: the e-mail the link goes to and, optionally, a phone number. */
    record Invitee(String email, String phoneNumber) {
    }

    /** What accepting grants: the role on the invited Team (and on the assigned Teams) of the organization. */
    record Grant(long organizationId, long accountId, int roleId, List<Long> assignedAccountIds) {
    }

    record NewInvitation(byte[] tokenHash, Invitee invitee, Grant grant, long invitedBy, Instant expiresAt) {
    }

    record Invitation(long id, Invitee invitee, Grant grant, InvitationStatus status, Instant expiresAt, long invitedBy) {
    }
}
