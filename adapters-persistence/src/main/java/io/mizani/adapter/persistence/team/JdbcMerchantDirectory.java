package io.mizani.adapter.persistence.team;

import java.util.List;
import java.util.Optional;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.Times;
import io.mizani.application.team.MerchantDirectory;
import io.mizani.domain.team.Team;
import io.mizani.domain.team.TeamStatus;
import jakarta.inject.Singleton;

/** The operator's listings of merchants (organizations), Teams and credentials. */
@Singleton
class JdbcMerchantDirectory implements MerchantDirectory {

    private final Sql sql;
    private final JdbcTeamStore teams;

    JdbcMerchantDirectory(Sql sql, JdbcTeamStore teams) {
        this.sql = sql;
        this.teams = teams;
    }

    @Override
    public List<Merchant> merchants(String nameContains, Long beforeId, int max) {
        StringBuilder query = new StringBuilder("SELECT o.id, o.name, o.kyc_tier, o.created_at, "
                + "(SELECT count(*) FROM accounts a WHERE a.organization_id = o.id AND a.deleted_at IS NULL) AS teams "
                + "FROM organizations o WHERE 1 = 1");
        if (nameContains != null) {
            query.append(" AND strpos(lower(o.name), lower(:name)) > 0");
        }
        if (beforeId != null) {
            query.append(" AND o.id < :before");
        }
        query.append(" ORDER BY o.id DESC LIMIT :max");
        return sql.with(h -> {
            var q = h.createQuery(query.toString()).bind("max", max);
            if (nameContains != null) {
                q.bind("name", nameContains);
            }
            if (beforeId != null) {
                q.bind("before", beforeId);
            }
            return q.map((rs, ctx) -> new Merchant(rs.getLong("id"), rs.getString("name"), rs.getInt("kyc_tier"),
                        rs.getInt("teams"), Times.instant(rs, "created_at"))).list();
        });
    }

    @Override
    public List<Team> accounts(Long organizationId, TeamStatus status, Long beforeId, int max) {
        StringBuilder query = new StringBuilder("SELECT " + JdbcTeamStore.TEAM_COLUMNS + " FROM accounts a WHERE 1 = 1");
        if (organizationId != null) {
            query.append(" AND a.organization_id = :org");
        }
        if (status == TeamStatus.ACTIVE) {
            query.append(" AND a.deleted_at IS NULL");
        } else if (status == TeamStatus.DELETED) {
            query.append(" AND a.deleted_at IS NOT NULL");
        }
        if (beforeId != null) {
            query.append(" AND a.id < :before");
        }
        query.append(" ORDER BY a.id DESC LIMIT :max");
        return sql.with(h -> {
            var q = h.createQuery(query.toString()).bind("max", max);
            if (organizationId != null) {
                q.bind("org", organizationId);
            }
            if (beforeId != null) {
                q.bind("before", beforeId);
            }
            return q.map((rs, ctx) -> teams.team(rs)).list();
        });
    }

    @Override
    public List<Found> search(Long id, String text, int max) {
        return sql.with(h -> h.createQuery("SELECT " + JdbcTeamStore.TEAM_COLUMNS + ", o.name AS merchant_name "
                        + "FROM accounts a JOIN organizations o ON o.id = a.organization_id "
                        + "WHERE a.id = :id OR o.id = :id "
                        + "OR strpos(lower(a.name), lower(:text)) > 0 OR strpos(lower(o.name), lower(:text)) > 0 "
                        + "OR strpos(lower(coalesce(a.email, '')), lower(:text)) > 0 "
                        + "OR EXISTS (SELECT 1 FROM account_members m JOIN users u ON u.id = m.user_id "
                        + "WHERE m.account_id = a.id AND strpos(lower(coalesce(u.email, '')), lower(:text)) > 0) "
                        + "ORDER BY (a.id = :id OR o.id = :id) DESC, a.id DESC LIMIT :max")
                .bind("id", id == null ? -1L : id).bind("text", text).bind("max", max)
                .map((rs, ctx) -> new Found(teams.team(rs), rs.getString("merchant_name"))).list());
    }

    @Override
    public Optional<Team> account(long id) {
        return sql.with(h -> h.createQuery("SELECT " + JdbcTeamStore.TEAM_COLUMNS + " FROM accounts a WHERE a.id = :id")
                .bind("id", id).map((rs, ctx) -> teams.team(rs)).findOne());
    }

    @Override
    public List<CredentialInfo> credentials(long accountId) {
        return sql.with(h -> h.createQuery("SELECT username, user_id, created_at, revoked_at FROM credentials "
                        + "WHERE account_id = :account_id ORDER BY created_at DESC, username")
                .bind("account_id", accountId)
                .map((rs, ctx) -> new CredentialInfo(rs.getString("username"), rs.getLong("user_id"),
                        Times.instant(rs, "created_at"), Times.instant(rs, "revoked_at")))
                .list());
    }
}
