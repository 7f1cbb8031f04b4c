package io.mizani.application.teamkyc;

import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.team.Team;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.KycStatus;
import io.mizani.domain.teamkyc.UpgradeStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

final class Fakes {

    private Fakes() {
    }

    static final class Store implements AccountKycStore {
        final Map<Long, AccountKyc> rows = new LinkedHashMap<>();
        final Map<Long, Long> submitters = new HashMap<>();
        long next = 1;

        @Override
        public Optional<AccountKyc> find(long id) {
            return Optional.ofNullable(rows.get(id));
        }

        @Override
        public Optional<AccountKyc> findForUpdate(long id) {
            return find(id);
        }

        @Override
        public Optional<AccountKyc> findByAccount(long accountId) {
            return rows.values().stream().filter(k -> k.accountId() == accountId).findFirst();
        }

        @Override
        public Optional<AccountKyc> findByAccountForUpdate(long accountId) {
            return findByAccount(accountId);
        }

        @Override
        public Optional<AccountKyc> insert(AccountKyc kyc, long submittedBy) {
            if (findByAccount(kyc.accountId()).isPresent()) {
                return Optional.empty();
            }
            AccountKyc saved = kyc.withId(next++);
            rows.put(saved.id(), saved);
            submitters.put(saved.id(), submittedBy);
            return Optional.of(saved);
        }

        @Override
        public long submitter(long id) {
            return submitters.getOrDefault(id, rows.get(id).accountId());
        }

        @Override
        public void update(AccountKyc kyc) {
            rows.put(kyc.id(), kyc);
        }

        @Override
        public List<AccountKyc> list(KycStatus status, UpgradeStatus upgradeStatus, int limit) {
            return rows.values().stream()
                    .filter(k -> status == null || k.status() == status)
                    .filter(k -> upgradeStatus == null || k.upgradeInformation().upgradeStatus() == upgradeStatus)
                    .limit(limit).toList();
        }
    }

    /** Teams with members: user id → the Team ids it holds a role on. */
    static final class Teams implements KycTeams {
        final Map<Long, TeamSnapshot> teams = new HashMap<>();
        final Map<Long, Set<Long>> roles = new HashMap<>();
        final Map<Long, Integer> tiers = new HashMap<>();
        final Map<Long, Integer> orgTiers = new HashMap<>();
        final List<Long> verified = new ArrayList<>();

        void add(long accountId, long organizationId, long userId) {
            teams.put(accountId, new TeamSnapshot(accountId,
                    new Team.Identity(organizationId, "team-" + accountId, "Team " + accountId, null),
                    new Team.Contact("t" + accountId + "@example.com", null, "+254700000" + accountId), "KES",
                    "active", false));
            roles.computeIfAbsent(userId, u -> new java.util.HashSet<>()).add(accountId);
            tiers.put(accountId, 0);
        }

        @Override
        public Optional<TeamSnapshot> findVisible(MerchantContext caller, long accountId) {
            return roles.getOrDefault(caller.userId(), Set.of()).contains(accountId)
                    ? Optional.ofNullable(teams.get(accountId)) : Optional.empty();
        }

        @Override
        public Optional<TeamSnapshot> find(long accountId) {
            return Optional.ofNullable(teams.get(accountId));
        }

        @Override
        public void applyTier(long accountId, int tier) {
            tiers.put(accountId, tier);
            orgTiers.put(teams.get(accountId).identity().organizationId(), tier);
            verified.add(accountId);
        }
    }

    /** Tokens issued per merchant account. */
    static final class Evidence implements VerificationEvidence {
        final Map<String, Map.Entry<Long, VerificationToken>> issued = new HashMap<>();
        int lookups;

        String issue(long accountId, String check, String category, boolean verified, String actorType) {
            String token = "lk_" + (issued.size() + 1);
            issued.put(token, Map.entry(accountId, new VerificationToken(LookupId.of(token),
                    new VerificationToken.Checked(check, category, "KE"),
                    new VerificationToken.Finding(verified ? CheckStatus.VERIFIED : CheckStatus.NOT_VERIFIED,
                            verified ? "VERIFIED" : "NOT_VERIFIED", verified, actorType, "Jane Doe", "12••••78",
                            "ref-" + token, "sandbox"),
                    Instant.parse("2026-11-21T05:00:00Z"), Instant.parse("2026-12-21T05:00:00Z"))));
            return token;
        }

        @Override
        public Optional<VerificationToken> find(long accountId, String token) {
            lookups++;
            var entry = issued.get(token);
            return entry != null && entry.getKey() == accountId ? Optional.of(entry.getValue()) : Optional.empty();
        }
    }

    static final class DirectUnitOfWork implements UnitOfWork {
        int transactions;
        boolean inside;

        @Override
        public <T> T inTransaction(Supplier<T> work) {
            transactions++;
            boolean outer = !inside;
            inside = true;
            try {
                return work.get();
            } finally {
                if (outer) {
                    inside = false;
                }
            }
        }

        @Override
        public <T> T inNewTransaction(Supplier<T> work) {
            return inTransaction(work);
        }
    }
}
