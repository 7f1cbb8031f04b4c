package io.mizani.adapter.persistence.operator;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.operator.ApprovalStore;
import io.mizani.domain.operator.ApprovalKind;
import io.mizani.domain.operator.ApprovalStatus;
import jakarta.inject.Singleton;

/** The one store of table {@code approvals}; the request and the result are kept as JSON text. */
@Singleton
class JdbcApprovalStore implements ApprovalStore {

    private static final String COLUMNS = "id, kind, status, requested_by, request, created_at, decided_by, decided_at, "
            + "result";
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS);
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private final Sql sql;

    JdbcApprovalStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Approval insertPending(Request r) {
        return sql.with(h -> {
            Optional<Approval> inserted = h.createQuery("INSERT INTO approvals (kind, account_id, request_key, request, "
                            + "requested_by) VALUES (:kind, :account, :key, :request, :by) ON CONFLICT (kind, account_id, "
                            + "request_key) WHERE status = 'pending' DO NOTHING RETURNING " + COLUMNS)
                    .bind("kind", r.kind().wire()).bind("account", r.accountId()).bind("key", r.key())
                    .bind("request", write(r.body())).bind("by", r.requestedBy())
                    .map((rs, ctx) -> approval(rs)).findOne();
            return inserted.orElseGet(() -> h.createQuery("SELECT " + COLUMNS + " FROM approvals WHERE kind = :kind "
                            + "AND account_id = :account AND request_key = :key AND status = 'pending'")
                    .bind("kind", r.kind().wire()).bind("account", r.accountId()).bind("key", r.key())
                    .map((rs, ctx) -> approval(rs)).one());
        });
    }

    @Override
    public Optional<Approval> find(long id) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM approvals WHERE id = :id").bind("id", id)
                .map((rs, ctx) -> approval(rs)).findOne());
    }

    @Override
    public Optional<Approval> decide(long id, Set<ApprovalStatus> from, ApprovalStatus to, String decidedBy) {
        return sql.with(h -> h.createQuery("UPDATE approvals SET status = :to, decided_by = :by, "
                        + "decided_at = clock_timestamp() WHERE id = :id AND status IN (<from>) RETURNING " + COLUMNS)
                .bind("to", to.wire()).bind("by", decidedBy).bind("id", id)
                .bindList("from", from.stream().map(ApprovalStatus::wire).toList())
                .map((rs, ctx) -> approval(rs)).findOne());
    }

    @Override
    public void recordResult(long id, Map<String, Object> result) {
        sql.use(h -> h.createUpdate("UPDATE approvals SET result = :result WHERE id = :id")
                .bind("result", write(result)).bind("id", id).execute());
    }

    @Override
    public List<Approval> list(ApprovalStatus status, int limit) {
        return sql.with(h -> {
            var q = h.createQuery("SELECT " + COLUMNS + " FROM approvals"
                    + (status == null ? "" : " WHERE status = :status") + " ORDER BY id DESC LIMIT :n").bind("n", limit);
            if (status != null) {
                q.bind("status", status.wire());
            }
            return q.map((rs, ctx) -> approval(rs)).list();
        });
    }

    private static Approval approval(ResultSet rs) throws SQLException {
        OffsetDateTime decidedAt = rs.getObject("decided_at", OffsetDateTime.class);
        String result = rs.getString("result");
        Decision decision = decidedAt == null ? null : new Decision(rs.getString("decided_by"), decidedAt.toInstant(),
                result == null ? null : read(result));
        return new Approval(rs.getLong("id"), ApprovalKind.parse(rs.getString("kind")),
                ApprovalStatus.parse(rs.getString("status")), rs.getString("requested_by"), read(rs.getString("request")),
                rs.getObject("created_at", OffsetDateTime.class).toInstant(), decision);
    }

    private static String write(Map<String, Object> m) {
        try {
            return JSON.writeValueAsString(m);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> read(String s) {
        try {
            return JSON.readValue(s, MAP);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
