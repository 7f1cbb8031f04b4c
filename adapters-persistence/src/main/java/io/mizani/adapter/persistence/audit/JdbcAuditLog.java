package io.mizani.adapter.persistence.audit;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jdbi.v3.core.statement.Query;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.audit.AuditLog;
import io.mizani.application.audit.AuditService;
import io.mizani.application.audit.AuditTrail;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.audit.AuditChain;
import io.mizani.domain.audit.AuditEvent;
import io.mizani.domain.audit.AuditRecord;
import io.mizani.domain.audit.CanonicalJson;
import io.mizani.domain.audit.JsonText;
import jakarta.inject.Singleton;

/**
 * The audit log's one store (tables {@code audit_events} and {@code audit_head}). An event is appended under the lock
 * of the head row ({@code SELECT ... FOR UPDATE}): its seq is the head's plus one, its {@code prev_hash} the head's
 * hash, its time PostgreSQL's clock read under that lock (so times never go backwards along the chain). It joins the
 * caller's transaction, so an action that rolls back leaves no event. The table refuses UPDATE and DELETE (trigger).
 */
@Singleton
class JdbcAuditLog implements AuditLog, AuditTrail {

    private static final String COLUMNS = "seq, at, actor_type, actor_id, actor_username, action, target_type, "
            + "target_id, outcome, request_id, source_ip, details, prev_hash, hash";

    private final Sql sql;
    private final UnitOfWork unitOfWork;

    JdbcAuditLog(Sql sql, UnitOfWork unitOfWork) {
        this.sql = sql;
        this.unitOfWork = unitOfWork;
    }

    @Override
    public void record(AuditRecord raw) {
        AuditRecord record = raw.withoutSecrets();
        unitOfWork.run(() -> sql.use(h -> {
            LockedHead head = h.createQuery("SELECT last_seq, last_hash, clock_timestamp() AS now FROM audit_head "
                            + "WHERE id = 1 FOR UPDATE")
                    .map((rs, ctx) -> new LockedHead(rs.getLong("last_seq"), rs.getString("last_hash"),
                            rs.getObject("now", OffsetDateTime.class)))
                    .one();
            long seq = head.seq + 1;
            String at = AuditService.at(head.now.toInstant());
            AuditEvent unhashed = new AuditEvent(seq, at, record, head.hash, null);
            String hash = AuditChain.hash(head.hash, unhashed.withoutHash());
            h.createUpdate("INSERT INTO audit_events (" + COLUMNS + ") VALUES (:seq, :at, :actor_type, :actor_id, "
                            + ":actor_username, :action, :target_type, :target_id, :outcome, :request_id, :source_ip, "
                            + ":details, :prev_hash, :hash)")
                    .bind("seq", seq)
                    .bind("at", OffsetDateTime.ofInstant(java.time.Instant.parse(at), ZoneOffset.UTC))
                    .bind("actor_type", record.actor().type().wire())
                    .bind("actor_id", record.actor().id())
                    .bind("actor_username", record.actor().username())
                    .bind("action", record.action())
                    .bind("target_type", record.target().type())
                    .bind("target_id", record.target().id())
                    .bind("outcome", record.outcome().wire())
                    .bind("request_id", record.origin().requestId())
                    .bind("source_ip", record.origin().sourceIp())
                    .bind("details", CanonicalJson.of(record.details()))
                    .bind("prev_hash", head.hash)
                    .bind("hash", hash)
                    .execute();
            h.createUpdate("UPDATE audit_head SET last_seq = :seq, last_hash = :hash WHERE id = 1")
                    .bind("seq", seq).bind("hash", hash).execute();
        }));
    }

    private record LockedHead(long seq, String hash, OffsetDateTime now) {
    }

    @Override
    public List<AuditEvent> page(Filter f, Long beforeSeq, int limit) {
        StringBuilder where = new StringBuilder(" WHERE true");
        if (beforeSeq != null) {
            where.append(" AND seq < :before");
        }
        if (f.actor() != null) {
            where.append(" AND (actor_username = :actor OR actor_id = :actor)");
        }
        if (f.action() != null) {
            where.append(" AND action = :action");
        }
        if (f.targetType() != null) {
            where.append(" AND target_type = :target_type");
        }
        if (f.targetId() != null) {
            where.append(" AND target_id = :target_id");
        }
        if (f.from() != null) {
            where.append(" AND at >= :from");
        }
        if (f.toExclusive() != null) {
            where.append(" AND at < :to");
        }
        return sql.with(h -> {
            Query q = h.createQuery("SELECT " + COLUMNS + " FROM audit_events" + where + " ORDER BY seq DESC LIMIT :n")
                    .bind("n", limit + 1);
            if (beforeSeq != null) {
                q.bind("before", beforeSeq);
            }
            if (f.actor() != null) {
                q.bind("actor", f.actor());
            }
            if (f.action() != null) {
                q.bind("action", f.action());
            }
            if (f.targetType() != null) {
                q.bind("target_type", f.targetType());
            }
            if (f.targetId() != null) {
                q.bind("target_id", f.targetId());
            }
            if (f.from() != null) {
                q.bind("from", OffsetDateTime.ofInstant(f.from(), ZoneOffset.UTC));
            }
            if (f.toExclusive() != null) {
                q.bind("to", OffsetDateTime.ofInstant(f.toExclusive(), ZoneOffset.UTC));
            }
            return q.map((rs, ctx) -> event(rs)).list();
        });
    }

    @Override
    public List<AuditEvent> after(long afterSeq, int limit) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM audit_events WHERE seq > :after "
                        + "ORDER BY seq LIMIT :n")
                .bind("after", afterSeq).bind("n", limit)
                .map((rs, ctx) -> event(rs)).list());
    }

    @Override
    public Head head() {
        return sql.with(h -> h.createQuery("SELECT last_seq, last_hash, clock_timestamp() AS now FROM audit_head "
                        + "WHERE id = 1")
                .map((rs, ctx) -> new AuditTrail.Head(rs.getLong("last_seq"), rs.getString("last_hash"),
                        rs.getObject("now", OffsetDateTime.class).toInstant()))
                .one());
    }

    @Override
    public Optional<String> sandboxSalt() {
        return sql.with(h -> h.createQuery("SELECT sandbox_salt FROM audit_head WHERE id = 1").mapTo(String.class)
                .findOne());
    }

    /**
     * The stored details; text that no longer parses (changed behind the service's back) is kept as it is under
     * {@code unreadable}, so the event's hash fails and verify names its seq instead of failing the request.
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> details(String stored) {
        try {
            return (Map<String, Object>) JsonText.parse(stored);
        } catch (IllegalArgumentException | ClassCastException e) {
            return Map.of("unreadable", String.valueOf(stored));
        }
    }

    private static AuditEvent event(ResultSet rs) throws SQLException {
        AuditRecord r = new AuditRecord(
                new AuditRecord.Actor(AuditRecord.ActorType.valueOf(rs.getString("actor_type").toUpperCase()),
                        rs.getString("actor_id"), rs.getString("actor_username")),
                rs.getString("action"),
                new AuditRecord.Target(rs.getString("target_type"), rs.getString("target_id")),
                AuditRecord.Outcome.parse(rs.getString("outcome")),
                new AuditRecord.Origin(rs.getString("request_id"), rs.getString("source_ip")),
                details(rs.getString("details")));
        return new AuditEvent(rs.getLong("seq"), AuditService.at(rs.getObject("at", OffsetDateTime.class).toInstant()),
                r, rs.getString("prev_hash"), rs.getString("hash"));
    }
}
