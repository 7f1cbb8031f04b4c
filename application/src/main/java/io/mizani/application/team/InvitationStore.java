package io.mizani.application.team;

import io.mizani.domain.team.InvitationStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public interface InvitationStore {

    long create(NewInvitation invitation);

    Optional<Invitation> findByTokenHash(byte[] tokenHash);

    /** Like {@link #findByTokenHash} but holds the invitation's row until the transaction ends (one acceptor at a time). */
    Optional<Invitation> lockByTokenHash(byte[] tokenHash);

    /** Marks it accepted unless it already is; false when someone accepted it first. */
    boolean markAccepted(long id, long userId, Instant at);

    record NewInvitation(byte[] tokenHash, long organizationId, long accountId, String email, String phoneNumber,
                         int roleId, List<Long> assignedAccountIds, long invitedBy, Instant expiresAt) {
    }

    record Invitation(long id, long organizationId, long accountId, String email, String phoneNumber, int roleId,
                      List<Long> assignedAccountIds, InvitationStatus status, Instant expiresAt) {
    }
}
