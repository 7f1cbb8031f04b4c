package io.mizani.application.team;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Input port: the invited person accepts with the e-mailed token and gets a user and a credential. */
public interface AcceptInvitation {

    AcceptedInvitation accept(TeamCommands.AcceptInvitation cmd);

    /**
     * What the invitation page shows before the person accepts: the Team, who invited them and the role; empty when
     * the token names no invitation that can still be accepted (never sent, used, or expired).
     */
    Optional<InvitationPreview> preview(String token);

    /** The invited Team's name, the inviter's name (or e-mail), the role's wire name and when the invitation lapses. */
    record InvitationPreview(String teamName, String invitedBy, String role, Instant expiresAt) {
    }

    record AcceptedInvitation(UserStore.User user, List<Long> accountIds, String username, String password) {
    }
}
