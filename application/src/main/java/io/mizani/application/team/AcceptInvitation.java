package io.mizani.application.team;

import java.util.List;

/** Input port: the invited person accepts with the e-mailed token and gets a user and a credential. */
public interface AcceptInvitation {

    AcceptedInvitation accept(TeamCommands.AcceptInvitation cmd);

    record AcceptedInvitation(UserStore.User user, List<Long> accountIds, String username, String password) {
    }
}
