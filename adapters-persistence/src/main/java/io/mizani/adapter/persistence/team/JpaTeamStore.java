package io.mizani.adapter.persistence.team;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.team.TeamStore;
import io.mizani.domain.team.Role;
import io.mizani.domain.team.Team;
import io.mizani.domain.team.TeamStatus;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

@ApplicationScoped
class JpaTeamStore implements TeamStore {

    private final EntityManager em;
    /** The Team's phone number is an identifier like any other (platform.md section 11): stored sealed. */
    private final SealedText sealed;
    /** Per-instance caches of what this store changes (verification access, assigned payment providers). */
    private final io.mizani.adapter.persistence.common.CacheVersions caches;

    JpaTeamStore(EntityManager em, SealedText sealed, io.mizani.adapter.persistence.common.CacheVersions caches) {
        this.em = em;
        this.sealed = sealed;
        this.caches = caches;
    }

    @Override
    public long createOrganization(String name) {
        OrganizationEntity org = new OrganizationEntity();
        org.name = name;
        org.updatedAt = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        org.persist();
        return org.id;
    }

    @Override
    public Optional<Organization> organization(long id) {
        return OrganizationEntity.<OrganizationEntity>findByIdOptional(id)
                .map(o -> new Organization(o.id, o.name, o.kycTier));
    }

    @Override
    public long createTeam(NewTeam t) {
        AccountEntity a = new AccountEntity();
        a.organizationId = t.identity().organizationId();
        a.uuid = t.identity().uuid();
        a.name = t.identity().name();
        a.description = t.identity().description();
        a.currency = t.currency();
        a.dialCode = t.contact().dialCode();
        a.number = sealed.seal(t.contact().number());
        a.email = t.contact().email();
        a.createdBy = t.createdBy();
        a.webhookSecret = t.webhookSecret();
        a.createdAt = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        a.updatedAt = a.createdAt;
        a.persist();
        return a.id;
    }

    @Override
    public Optional<Team> team(long id) {
        return live(id).map(this::toTeam);
    }

    private Optional<AccountEntity> live(long id) {
        return AccountEntity.<AccountEntity>findByIdOptional(id).filter(a -> a.deletedAt == null);
    }

    Team toTeam(AccountEntity a) {
        Object balance = em.createNativeQuery(
                "SELECT coalesce(sum(balance), 0.00) FROM service_wallet_slots WHERE account_id = ?1")
                .setParameter(1, a.id).getResultStream().findFirst().orElse(BigDecimal.ZERO.setScale(2));
        return new Team(a.id,
                new Team.Identity(a.organizationId, a.uuid, a.name, a.description),
                new Team.Contact(a.email, a.dialCode, sealed.open(a.number)),
                new Team.Settings(a.currency, a.accountType, a.notifyAmount),
                new Team.Branding(a.logo, a.themeColor, a.paymentNote),
                new Team.Kyc(a.kycTier, a.kycVerified),
                (BigDecimal) balance,
                new Team.Lifecycle(TeamStatus.fromWire(a.status), a.createdAt, a.updatedAt));
    }

    @Override
    public boolean uuidTaken(String uuid) {
        return AccountEntity.count("uuid", uuid) > 0;
    }

    @Override
    public void update(long id, TeamChanges c) {
        AccountEntity a = live(id).orElseThrow();
        if (c.description() != null) {
            a.description = c.description();
        }
        if (c.email() != null) {
            a.email = c.email();
        }
        if (c.logo() != null) {
            a.logo = c.logo();
        }
        if (c.themeColor() != null) {
            a.themeColor = c.themeColor();
        }
        if (c.paymentNote() != null) {
            a.paymentNote = c.paymentNote();
        }
        if (c.notifyAmount() != null) {
            a.notifyAmount = c.notifyAmount();
        }
        a.updatedAt = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        em.flush();
    }

    @Override
    public Team markDeleted(long id) {
        AccountEntity a = live(id).orElseThrow();
        // timestamptz keeps microseconds: the answer shows the time a later read gives back
        a.deletedAt = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        a.status = TeamStatus.DELETED.wire();
        a.updatedAt = a.deletedAt;
        em.flush();
        caches.changed(io.mizani.adapter.persistence.common.CacheVersions.VERIFICATION_ACCESS);
        return toTeam(a);
    }

    @Override
    public void setIdentityChecksAvailable(long id, boolean available) {
        AccountEntity a = live(id).orElseThrow();
        a.identityChecksAvailable = available;
        a.updatedAt = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MICROS);
        caches.changed(io.mizani.adapter.persistence.common.CacheVersions.VERIFICATION_ACCESS);
    }

    @Override
    public void grant(AccountId accountId, UserId userId, Role role) {
        em.createNativeQuery("INSERT INTO account_members (account_id, user_id, role_id) VALUES (?1, ?2, ?3) "
                        + "ON CONFLICT (account_id, user_id) DO UPDATE SET role_id = EXCLUDED.role_id")
                .setParameter(1, accountId.value()).setParameter(2, userId.value()).setParameter(3, role.id())
                .executeUpdate();
    }

    @Override
    public Optional<Role> roleOf(AccountId accountId, UserId userId) {
        return em.createNativeQuery("SELECT m.role_id FROM account_members m JOIN accounts a ON a.id = m.account_id "
                        + "WHERE m.account_id = ?1 AND m.user_id = ?2 AND a.deleted_at IS NULL")
                .setParameter(1, accountId.value()).setParameter(2, userId.value()).getResultStream().findFirst()
                .flatMap(r -> Role.byId(((Number) r).intValue()));
    }

    @Override
    public Map<Team, Role> teamsOf(long userId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT m.account_id, m.role_id FROM account_members m "
                        + "JOIN accounts a ON a.id = m.account_id WHERE m.user_id = ?1 AND a.deleted_at IS NULL "
                        + "ORDER BY m.account_id")
                .setParameter(1, userId).getResultList();
        Map<Team, Role> out = new LinkedHashMap<>();
        for (Object[] row : rows) {
            long accountId = ((Number) row[0]).longValue();
            team(accountId).ifPresent(t -> out.put(t, Role.byId(((Number) row[1]).intValue()).orElse(Role.MEMBER)));
        }
        return out;
    }

    @Override
    public int countWithRole(long accountId, Role role) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM account_members WHERE account_id = ?1 AND role_id = ?2")
                .setParameter(1, accountId).setParameter(2, role.id()).getSingleResult()).intValue();
    }

    @Override
    public long ownerOf(long accountId) {
        return ((Number) em.createNativeQuery("SELECT user_id FROM account_members WHERE account_id = ?1 "
                        + "ORDER BY role_id, created_at LIMIT 1")
                .setParameter(1, accountId).getSingleResult()).longValue();
    }

    @Override
    public boolean removeMember(AccountId accountId, UserId userId) {
        return em.createNativeQuery("DELETE FROM account_members WHERE account_id = ?1 AND user_id = ?2")
                .setParameter(1, accountId.value()).setParameter(2, userId.value()).executeUpdate() > 0;
    }

    @Override
    public String webhookSecret(long accountId) {
        return live(accountId).map(a -> a.webhookSecret).orElseThrow();
    }

    @Override
    public void replacePaymentProviders(long accountId, List<String> providerCodes) {
        em.createNativeQuery("DELETE FROM account_payment_providers WHERE account_id = ?1")
                .setParameter(1, accountId).executeUpdate();
        for (String code : providerCodes) {
            em.createNativeQuery("INSERT INTO account_payment_providers (account_id, provider_code) VALUES (?1, ?2)")
                    .setParameter(1, accountId).setParameter(2, code).executeUpdate();
        }
        caches.changed(io.mizani.adapter.persistence.common.CacheVersions.PAYMENT_CATALOGUE);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<String> paymentProviders(long accountId) {
        return em.createNativeQuery("SELECT provider_code FROM account_payment_providers WHERE account_id = ?1 "
                + "ORDER BY provider_code").setParameter(1, accountId).getResultList();
    }
}
