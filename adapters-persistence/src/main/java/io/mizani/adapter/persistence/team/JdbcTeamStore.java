package io.mizani.adapter.persistence.team;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

import io.mizani.adapter.persistence.common.CacheVersions;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.Times;
import io.mizani.application.team.TeamStore;
import io.mizani.domain.team.Role;
import io.mizani.domain.team.Team;
import io.mizani.domain.team.TeamStatus;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;
import jakarta.inject.Singleton;

/** Owns {@code organizations}, {@code accounts}, {@code account_members} and {@code account_payment_providers} (V1). */
@Singleton
class JdbcTeamStore implements TeamStore {

    /** A Team's columns and its service wallet balance, for {@link #team(ResultSet)}; {@code accounts} is {@code a}. */
    static final String TEAM_COLUMNS = "a.id, a.organization_id, a.uuid, a.name, a.description, a.currency, "
            + "a.dial_code, a.number, a.email, a.status, a.account_type, a.kyc_tier, a.kyc_verified, a.logo, "
            + "a.theme_color, a.payment_note, a.notify_amount, a.created_at, a.updated_at, "
            + "(SELECT coalesce(sum(s.balance), 0.00) FROM service_wallet_slots s WHERE s.account_id = a.id) "
            + "AS wallet_balance";

    private final Sql sql;
    /** The Team's phone number is an identifier like any other (platform.md section 11): stored sealed. */
    private final SealedText sealed;
    /** Per-instance caches of what this store changes (verification access, assigned payment providers). */
    private final CacheVersions caches;

    JdbcTeamStore(Sql sql, SealedText sealed, CacheVersions caches) {
        this.sql = sql;
        this.sealed = sealed;
        this.caches = caches;
    }

    private static Instant now() {
        return Times.stored(Instant.now());
    }

    @Override
    public long createOrganization(String name) {
        return sql.with(h -> h.createQuery("INSERT INTO organizations (name, updated_at) VALUES (:name, :at) "
                        + "RETURNING id")
                .bind("name", name).bind("at", Times.utc(now())).mapTo(Long.class).one());
    }

    @Override
    public Optional<Organization> organization(long id) {
        return sql.with(h -> h.createQuery("SELECT id, name, kyc_tier FROM organizations WHERE id = :id")
                .bind("id", id)
                .map((rs, ctx) -> new Organization(rs.getLong("id"), rs.getString("name"), rs.getInt("kyc_tier")))
                .findOne());
    }

    @Override
    public long createTeam(NewTeam t) {
        Instant at = now();
        return sql.with(h -> h.createQuery("INSERT INTO accounts (organization_id, uuid, name, description, currency, "
                        + "dial_code, number, email, created_by, webhook_secret, created_at, updated_at) "
                        + "VALUES (:organization_id, :uuid, :name, :description, :currency, :dial_code, :number, "
                        + ":email, :created_by, :webhook_secret, :at, :at) RETURNING id")
                .bind("organization_id", t.identity().organizationId())
                .bind("uuid", t.identity().uuid())
                .bind("name", t.identity().name())
                .bind("description", t.identity().description())
                .bind("currency", t.currency())
                .bind("dial_code", t.contact().dialCode())
                .bind("number", sealed.seal(t.contact().number()))
                .bind("email", t.contact().email())
                .bind("created_by", t.createdBy())
                .bind("webhook_secret", t.webhookSecret())
                .bind("at", Times.utc(at))
                .mapTo(Long.class).one());
    }

    @Override
    public Optional<Team> team(long id) {
        return sql.with(h -> h.createQuery("SELECT " + TEAM_COLUMNS + " FROM accounts a "
                        + "WHERE a.id = :id AND a.deleted_at IS NULL")
                .bind("id", id).map((rs, ctx) -> team(rs)).findOne());
    }

    /** The Team of the current row of a query of {@link #TEAM_COLUMNS}. */
    Team team(ResultSet rs) throws SQLException {
        long notify = rs.getLong("notify_amount");
        Long notifyAmount = rs.wasNull() ? null : notify;
        return new Team(rs.getLong("id"),
                new Team.Identity(rs.getLong("organization_id"), rs.getString("uuid"), rs.getString("name"),
                        rs.getString("description")),
                new Team.Contact(rs.getString("email"), rs.getString("dial_code"), sealed.open(rs.getString("number"))),
                new Team.Settings(rs.getString("currency"), rs.getString("account_type"), notifyAmount),
                new Team.Branding(rs.getString("logo"), rs.getString("theme_color"), rs.getString("payment_note")),
                new Team.Kyc(rs.getInt("kyc_tier"), rs.getBoolean("kyc_verified")),
                rs.getBigDecimal("wallet_balance"),
                new Team.Lifecycle(TeamStatus.fromWire(rs.getString("status")), Times.instant(rs, "created_at"),
                        Times.instant(rs, "updated_at")));
    }

    @Override
    public boolean uuidTaken(String uuid) {
        return sql.with(h -> h.createQuery("SELECT EXISTS (SELECT 1 FROM accounts WHERE uuid = :uuid)")
                .bind("uuid", uuid).mapTo(Boolean.class).one());
    }

    /** Changes only the fields given (a null keeps the stored value); a deleted or unknown Team is not found. */
    @Override
    public void update(long id, TeamChanges c) {
        int changed = sql.with(h -> h.createUpdate("UPDATE accounts SET "
                        + "description = coalesce(CAST(:description AS text), description), "
                        + "email = coalesce(CAST(:email AS text), email), "
                        + "logo = coalesce(CAST(:logo AS text), logo), "
                        + "theme_color = coalesce(CAST(:theme_color AS text), theme_color), "
                        + "payment_note = coalesce(CAST(:payment_note AS text), payment_note), "
                        + "notify_amount = coalesce(CAST(:notify_amount AS bigint), notify_amount), "
                        + "updated_at = :at WHERE id = :id AND deleted_at IS NULL")
                .bind("description", c.description())
                .bind("email", c.email())
                .bind("logo", c.logo())
                .bind("theme_color", c.themeColor())
                .bind("payment_note", c.paymentNote())
                .bind("notify_amount", c.notifyAmount())
                .bind("at", Times.utc(now()))
                .bind("id", id).execute());
        found(changed, id);
    }

    private static void found(int rows, long id) {
        if (rows == 0) {
            throw new NoSuchElementException("no live Team " + id);
        }
    }

    @Override
    public Team markDeleted(long id) {
        Team deleted = sql.with(h -> {
            found(h.createUpdate("UPDATE accounts SET deleted_at = :at, status = :status, updated_at = :at "
                            + "WHERE id = :id AND deleted_at IS NULL")
                    .bind("at", Times.utc(now())).bind("status", TeamStatus.DELETED.wire()).bind("id", id).execute(), id);
            return h.createQuery("SELECT " + TEAM_COLUMNS + " FROM accounts a WHERE a.id = :id")
                    .bind("id", id).map((rs, ctx) -> team(rs)).one();
        });
        caches.changed(CacheVersions.VERIFICATION_ACCESS);
        return deleted;
    }

    @Override
    public void setIdentityChecksAvailable(long id, boolean available) {
        found(sql.with(h -> h.createUpdate("UPDATE accounts SET identity_checks_available = :available, "
                        + "updated_at = :at WHERE id = :id AND deleted_at IS NULL")
                .bind("available", available).bind("at", Times.utc(now())).bind("id", id).execute()), id);
        caches.changed(CacheVersions.VERIFICATION_ACCESS);
    }

    @Override
    public void grant(AccountId accountId, UserId userId, Role role) {
        sql.use(h -> h.createUpdate("INSERT INTO account_members (account_id, user_id, role_id) "
                        + "VALUES (:account_id, :user_id, :role_id) "
                        + "ON CONFLICT (account_id, user_id) DO UPDATE SET role_id = EXCLUDED.role_id")
                .bind("account_id", accountId.value()).bind("user_id", userId.value()).bind("role_id", role.id())
                .execute());
    }

    @Override
    public Optional<Role> roleOf(AccountId accountId, UserId userId) {
        return sql.with(h -> h.createQuery("SELECT m.role_id FROM account_members m "
                        + "JOIN accounts a ON a.id = m.account_id "
                        + "WHERE m.account_id = :account_id AND m.user_id = :user_id AND a.deleted_at IS NULL")
                .bind("account_id", accountId.value()).bind("user_id", userId.value())
                .mapTo(Integer.class).findOne()).flatMap(Role::byId);
    }

    @Override
    public Map<Team, Role> teamsOf(long userId) {
        Map<Team, Role> out = new LinkedHashMap<>();
        sql.use(h -> h.createQuery("SELECT " + TEAM_COLUMNS + ", m.role_id FROM accounts a "
                        + "JOIN account_members m ON m.account_id = a.id "
                        + "WHERE m.user_id = :user_id AND a.deleted_at IS NULL ORDER BY a.id")
                .bind("user_id", userId)
                .map((rs, ctx) -> Map.entry(team(rs), Role.byId(rs.getInt("role_id")).orElse(Role.MEMBER)))
                .forEach(e -> out.put(e.getKey(), e.getValue())));
        return out;
    }

    @Override
    public int countWithRole(long accountId, Role role) {
        return sql.with(h -> h.createQuery("SELECT count(*) FROM account_members "
                        + "WHERE account_id = :account_id AND role_id = :role_id")
                .bind("account_id", accountId).bind("role_id", role.id()).mapTo(Integer.class).one());
    }

    @Override
    public long ownerOf(long accountId) {
        return sql.with(h -> h.createQuery("SELECT user_id FROM account_members WHERE account_id = :account_id "
                        + "ORDER BY role_id, created_at LIMIT 1")
                .bind("account_id", accountId).mapTo(Long.class).one());
    }

    @Override
    public boolean removeMember(AccountId accountId, UserId userId) {
        return sql.with(h -> h.createUpdate("DELETE FROM account_members "
                        + "WHERE account_id = :account_id AND user_id = :user_id")
                .bind("account_id", accountId.value()).bind("user_id", userId.value()).execute()) > 0;
    }

    @Override
    public String webhookSecret(long accountId) {
        return sql.with(h -> h.createQuery("SELECT webhook_secret FROM accounts "
                        + "WHERE id = :id AND deleted_at IS NULL")
                .bind("id", accountId).mapTo(String.class).findOne()).orElseThrow();
    }

    @Override
    public void replacePaymentProviders(long accountId, List<String> providerCodes) {
        sql.use(h -> {
            h.createUpdate("DELETE FROM account_payment_providers WHERE account_id = :account_id")
                    .bind("account_id", accountId).execute();
            for (String code : providerCodes) {
                h.createUpdate("INSERT INTO account_payment_providers (account_id, provider_code) "
                                + "VALUES (:account_id, :code)")
                        .bind("account_id", accountId).bind("code", code).execute();
            }
        });
        caches.changed(CacheVersions.PAYMENT_CATALOGUE);
    }

    @Override
    public List<String> paymentProviders(long accountId) {
        return sql.with(h -> h.createQuery("SELECT provider_code FROM account_payment_providers "
                        + "WHERE account_id = :account_id ORDER BY provider_code")
                .bind("account_id", accountId).mapTo(String.class).list());
    }
}
