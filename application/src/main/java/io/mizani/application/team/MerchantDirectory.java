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

    /**
     * Teams (deleted ones too) whose id or merchant id is {@code id} (when not null), or whose name, merchant name,
     * e-mail or a member's e-mail contains {@code text} (case-insensitive); exact id matches first, then newest first.
     */
    List<Found> search(Long id, String text, int max);

    /** A Team the search found, with its merchant's name. */
    record Found(Team team, String merchantName) {
    }

    record Merchant(long id, String name, int kycTier, int accountCount, Instant createdAt) {
    }

    record CredentialInfo(String username, long userId, Instant createdAt, Instant revokedAt) {
    }
}
