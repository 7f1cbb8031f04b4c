package io.mizani.application.team;

import io.mizani.domain.team.TeamStatus;
import java.time.Instant;
import java.util.List;

import io.mizani.domain.team.Team;

/** What the operator browses: merchants (organizations), their Teams and the Teams' API credentials. */
public interface MerchantDirectory {

    /** Merchants newest first, ids below {@code beforeId} when set, at most {@code max}. */
    List<Merchant> merchants(String nameContains, Long beforeId, int max);

    /** Teams newest first (deleted ones included when {@code status} is null or "deleted"). */
    List<Team> accounts(Long organizationId, TeamStatus status, Long beforeId, int max);

    /** The Team whatever its status (a deleted one too). */
    java.util.Optional<Team> account(long id);

    /** The Team's API credentials (usernames only: the secrets are stored as hashes), newest first. */
    List<CredentialInfo> credentials(long accountId);

    record Merchant(long id, String name, int kycTier, int accountCount, Instant createdAt) {
    }

    record CredentialInfo(String username, long userId, Instant createdAt, Instant revokedAt) {
    }
}
