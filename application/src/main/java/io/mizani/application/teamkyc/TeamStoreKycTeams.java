package io.mizani.application.teamkyc;

import io.mizani.application.team.TeamStore;
import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;
import java.util.Optional;

/**
 * {@link KycTeams} on the foundation's Team port: a Team is visible exactly as for the Team use cases (the
 * credential's user holds a role on it, and it is not deleted).
 */
public final class TeamStoreKycTeams implements KycTeams {

    private final TeamStore teams;
    private final KycTierWriter tiers;

    public TeamStoreKycTeams(TeamStore teams, KycTierWriter tiers) {
        this.teams = teams;
        this.tiers = tiers;
    }

    @Override
    public Optional<TeamSnapshot> findVisible(MerchantContext caller, long accountId) {
        return teams.roleOf(AccountId.of(accountId), UserId.of(caller.userId())).flatMap(role -> find(accountId));
    }

    @Override
    public Optional<TeamSnapshot> find(long accountId) {
        return teams.team(accountId).map(TeamSnapshot::of);
    }

    @Override
    public void applyTier(long accountId, int tier) {
        tiers.applyTier(accountId, tier);
    }

}
