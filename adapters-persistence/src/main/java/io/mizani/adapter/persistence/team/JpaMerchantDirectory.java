package io.mizani.adapter.persistence.team;

import io.mizani.domain.team.TeamStatus;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.mizani.application.team.MerchantDirectory;
import io.mizani.domain.team.Team;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;

/** The operator's listings of merchants (organizations), Teams and credentials. */
@ApplicationScoped
class JpaMerchantDirectory implements MerchantDirectory {

    private final EntityManager em;
    private final JpaTeamStore teams;

    JpaMerchantDirectory(EntityManager em, JpaTeamStore teams) {
        this.em = em;
        this.teams = teams;
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Merchant> merchants(String nameContains, Long beforeId, int max) {
        StringBuilder sql = new StringBuilder("SELECT o.id, o.name, o.kyc_tier, o.created_at, "
                + "(SELECT count(*) FROM accounts a WHERE a.organization_id = o.id AND a.deleted_at IS NULL) "
                + "FROM organizations o WHERE 1 = 1");
        if (nameContains != null) {
            sql.append(" AND strpos(lower(o.name), lower(:name)) > 0");
        }
        if (beforeId != null) {
            sql.append(" AND o.id < :before");
        }
        sql.append(" ORDER BY o.id DESC LIMIT :max");
        Query q = em.createNativeQuery(sql.toString());
        if (nameContains != null) {
            q.setParameter("name", nameContains);
        }
        if (beforeId != null) {
            q.setParameter("before", beforeId);
        }
        q.setParameter("max", max);
        List<Merchant> out = new ArrayList<>();
        for (Object[] r : (List<Object[]>) q.getResultList()) {
            out.add(new Merchant(((Number) r[0]).longValue(), (String) r[1], ((Number) r[2]).intValue(),
                    ((Number) r[4]).intValue(), instant(r[3])));
        }
        return out;
    }

    @Override
    public List<Team> accounts(Long organizationId, TeamStatus status, Long beforeId, int max) {
        StringBuilder jpql = new StringBuilder("FROM AccountEntity a WHERE 1 = 1");
        if (organizationId != null) {
            jpql.append(" AND a.organizationId = :org");
        }
        if (status == TeamStatus.ACTIVE) {
            jpql.append(" AND a.deletedAt IS NULL");
        } else if (status == TeamStatus.DELETED) {
            jpql.append(" AND a.deletedAt IS NOT NULL");
        }
        if (beforeId != null) {
            jpql.append(" AND a.id < :before");
        }
        jpql.append(" ORDER BY a.id DESC");
        var q = em.createQuery(jpql.toString(), AccountEntity.class);
        if (organizationId != null) {
            q.setParameter("org", organizationId);
        }
        if (beforeId != null) {
            q.setParameter("before", beforeId);
        }
        return q.setMaxResults(max).getResultList().stream().map(teams::toTeam).toList();
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Found> search(Long id, String text, int max) {
        List<Object[]> rows = em.createNativeQuery("SELECT a.id, o.name FROM accounts a "
                        + "JOIN organizations o ON o.id = a.organization_id "
                        + "WHERE a.id = :id OR o.id = :id "
                        + "OR strpos(lower(a.name), lower(:text)) > 0 OR strpos(lower(o.name), lower(:text)) > 0 "
                        + "OR strpos(lower(coalesce(a.email, '')), lower(:text)) > 0 "
                        + "OR EXISTS (SELECT 1 FROM account_members m JOIN users u ON u.id = m.user_id "
                        + "WHERE m.account_id = a.id AND strpos(lower(coalesce(u.email, '')), lower(:text)) > 0) "
                        + "ORDER BY (a.id = :id OR o.id = :id) DESC, a.id DESC LIMIT :max")
                .setParameter("id", id == null ? -1L : id).setParameter("text", text).setParameter("max", max)
                .getResultList();
        List<Found> out = new ArrayList<>();
        for (Object[] r : rows) {
            account(((Number) r[0]).longValue()).ifPresent(t -> out.add(new Found(t, (String) r[1])));
        }
        return out;
    }

    @Override
    public Optional<Team> account(long id) {
        return AccountEntity.<AccountEntity>findByIdOptional(id).map(teams::toTeam);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<CredentialInfo> credentials(long accountId) {
        List<Object[]> rows = em.createNativeQuery("SELECT username, user_id, created_at, revoked_at FROM credentials "
                + "WHERE account_id = ?1 ORDER BY created_at DESC, username").setParameter(1, accountId).getResultList();
        List<CredentialInfo> out = new ArrayList<>();
        for (Object[] r : rows) {
            out.add(new CredentialInfo((String) r[0], ((Number) r[1]).longValue(), instant(r[2]), instant(r[3])));
        }
        return out;
    }

    private static Instant instant(Object o) {
        if (o == null) {
            return null;
        }
        if (o instanceof Instant i) {
            return i;
        }
        if (o instanceof OffsetDateTime odt) {
            return odt.toInstant();
        }
        if (o instanceof Timestamp ts) {
            return ts.toInstant();
        }
        throw new IllegalStateException("unexpected time type " + o.getClass());
    }
}
