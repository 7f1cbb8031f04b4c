package io.mizani.application.team;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.team.Team;

/** Input port: a merchant creates a Team (account) in its organization; the caller becomes its admin. */
public interface CreateTeam {

    Team create(MerchantContext ctx, TeamCommands.CreateTeam cmd);
}
