package io.mizani.application.teamkyc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.domain.team.Team;
import io.mizani.domain.team.TeamStatus;
import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.KycDetails;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** account_information takes each Team detail from the part of its name (values name their field). */
class TeamSnapshotTest {

    @Test
    void account_information_is_filled_from_the_teams_parts() {
        Team team = new Team(9, new Team.Identity(4, "uuid", "account_name", "description"),
                new Team.Contact("email", null, "phone_number"), new Team.Settings("currency", "account_type", null),
                new Team.Branding(null, null, null), new Team.Kyc(0, false), BigDecimal.ZERO,
                new Team.Lifecycle(TeamStatus.DELETED, Instant.EPOCH, Instant.EPOCH));
        TeamSnapshot snapshot = TeamSnapshot.of(team);
        AccountInformation info = snapshot.accountInformation(
                AccountKyc.submit(9, KycDetails.none(), List.of(), Instant.EPOCH));
        assertEquals(new AccountInformation("currency", "4", "account_name", "email", "phone_number", "pending",
                "deleted", false, false), info);
        assertEquals(9, snapshot.accountId());
    }
}
