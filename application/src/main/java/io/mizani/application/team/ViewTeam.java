package io.mizani.application.team;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.team.Team;

/** Input port: a Team the caller holds a role on (else 404). */
public interface ViewTeam {

    Team get(MerchantContext ctx, long accountId);
}
