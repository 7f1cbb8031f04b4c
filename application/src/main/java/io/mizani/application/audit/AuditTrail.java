package io.mizani.application.audit;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.mizani.domain.audit.AuditEvent;

/** Reading the audit log back: pages for operators, the whole chain in order for verification, its head. */
public interface AuditTrail {

    /** Filters of {@code GET /api/admin/audit-events}; null fields do not filter. */
    record Filter(String actor, String action, String targetType, String targetId, Instant from, Instant toExclusive) {
    }

    /** Newest first, {@code limit + 1} at most (the extra one says there is more), below {@code beforeSeq}. */
    List<AuditEvent> page(Filter filter, Long beforeSeq, int limit);

    /** Events with seq above {@code afterSeq}, oldest first, at most {@code limit}. */
    List<AuditEvent> after(long afterSeq, int limit);

    /** The chain's head as its lock row says: last seq and hash (0 and 64 zeros when empty). */
    Head head();

    /** The salt the database was given at its first start (for the sandbox signing key). */
    Optional<String> sandboxSalt();

    record Head(long seq, String hash, Instant now) {
    }
}
