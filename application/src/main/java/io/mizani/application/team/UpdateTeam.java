package io.mizani.application.team;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.team.Team;

/** Input port: a manager changes a Team's settings. */
public interface UpdateTeam {

    Team update(MerchantContext ctx, TeamCommands.UpdateTeam cmd);
}
