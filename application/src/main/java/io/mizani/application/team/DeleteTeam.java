package io.mizani.application.team;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.team.Team;

/** Input port: a manager deletes a Team (never the one the credentials belong to). */
public interface DeleteTeam {

    Team delete(MerchantContext ctx, long accountId);
}
