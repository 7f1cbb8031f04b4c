package io.mizani.bootstrap.teamkyc;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.Events;
import io.mizani.application.team.TeamStore;
import io.mizani.application.teamkyc.AccountKycRenderer;
import io.mizani.application.teamkyc.AccountKycStore;
import io.mizani.application.teamkyc.KycTeams;
import io.mizani.application.teamkyc.KycTierWriter;
import io.mizani.application.teamkyc.TeamKycService;
import io.mizani.application.teamkyc.TeamStoreKycTeams;
import io.mizani.application.teamkyc.VerificationEvidence;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** Team KYC: one service bean (typed as each of its four input ports), on the foundation's Team port and verification's evidence. */
@Singleton
public class TeamKycWiring {

    @Produces
    @Singleton
    KycTeams kycTeams(TeamStore teams, KycTierWriter tiers) {
        return new TeamStoreKycTeams(teams, tiers);
    }

    @Produces
    @Singleton
    TeamKycService teamKycService(AccountKycStore store, KycTeams teams, VerificationEvidence evidence,
            UnitOfWork unitOfWork, Clock clock, Events events, AccountKycRenderer renderer,
            io.mizani.application.idempotency.RecoveryPoints recoveryPoints) {
        return new TeamKycService(store, teams, evidence, unitOfWork, clock, events, renderer)
                .withRecoveryPoints(recoveryPoints);
    }

}
