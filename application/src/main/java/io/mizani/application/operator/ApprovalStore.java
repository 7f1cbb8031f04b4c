package io.mizani.application.operator;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.mizani.domain.operator.ApprovalKind;
import io.mizani.domain.operator.ApprovalStatus;

/** Four-eyes approvals, one row each; decided by one conditional update (pending → approved or rejected). */
public interface ApprovalStore {

    /** Who decided, when, and what applying it answered (null when rejected). */
    record Decision(String decidedBy, Instant decidedAt, Map<String, Object> result) {
    }

    record Approval(long id, ApprovalKind kind, ApprovalStatus status, String requestedBy, Map<String, Object> request,
                    Instant createdAt, Decision decision) {
    }

    /** What is asked: its kind, the Team, a key unique among pending approvals (a repeat finds the first), the body. */
    record Request(ApprovalKind kind, long accountId, String key, Map<String, Object> body, String requestedBy) {
    }

    /** A new pending approval, or the pending one with the same kind, Team and key. */
    Approval insertPending(Request request);

    Optional<Approval> find(long id);

    /**
     * {@code UPDATE ... SET status = :to WHERE id = :id AND status IN (:from)}: the decided row, or empty when it was
     * no longer in a {@code from} state (another decision won).
     */
    Optional<Approval> decide(long id, java.util.Set<ApprovalStatus> from, ApprovalStatus to, String decidedBy);

    /** Stores what applying an approved request answered. */
    void recordResult(long id, Map<String, Object> result);

    /** Newest first, at most {@code limit}; {@code status} null for all. */
    List<Approval> list(ApprovalStatus status, int limit);
}
