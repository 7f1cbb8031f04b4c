package io.mizani.application.team;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.mizani.domain.team.Role;
import io.mizani.domain.team.Team;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;

/** Organizations, Teams and who holds which role on them. */
public interface TeamStore {

    long createOrganization(String name);

    Optional<Organization> organization(long id);

    long createTeam(NewTeam team);

    /** The Team unless it is deleted. */
    Optional<Team> team(long id);

    boolean uuidTaken(String uuid);

    void update(long id, TeamChanges changes);

    /** Marks the Team deleted and answers it as it now is (status "deleted", updated_at the deletion time). */
    Team markDeleted(long id);

    void setIdentityChecksAvailable(long id, boolean available);

    void grant(AccountId accountId, UserId userId, Role role);

    Optional<Role> roleOf(AccountId accountId, UserId userId);

    /** Live Teams the user holds a role on, with the role. */
    Map<Team, Role> teamsOf(long userId);

    int countWithRole(long accountId, Role role);

    /** The user id of the Team's first owner. */
    long ownerOf(long accountId);

    boolean removeMember(AccountId accountId, UserId userId);

    String webhookSecret(long accountId);

    void replacePaymentProviders(long accountId, List<String> providerCodes);

    List<String> paymentProviders(long accountId);

    record Organization(long id, String name, int kycTier) {
    }

    /** A Team to create: who it is, how to reach it, its currency, who creates it and its webhook secret. */
    record NewTeam(Team.Identity identity, Team.Contact contact, String currency, Long createdBy,
                   String webhookSecret) {
    }

    record TeamChanges(String description, String email, String logo, String themeColor, String paymentNote,
                       Long notifyAmount) {
    }
}
