package io.mizani.application.team;

import io.mizani.application.tenancy.MerchantContext;

/** Input port: a manager invites someone by e-mail; the link's token is only in the e-mail. */
public interface InviteMember {

    void invite(MerchantContext ctx, TeamCommands.Invite cmd);
}
