package io.mizani.application.audit;

import io.mizani.domain.audit.AuditRecord;

/**
 * The audit log (platform.md section 18), for any use case or adapter that must leave a trace of an action:
 * {@code auditLog.record(new AuditRecord(actor, "api_key.create", target, SUCCEEDED, origin, details))}.
 * The event is written in the caller's transaction when there is one (an action that rolls back leaves no event),
 * else in a transaction of its own; it is numbered and chained under one lock. Details never keep secrets
 * ({@link io.mizani.domain.audit.AuditDetails}).
 */
public interface AuditLog {

    void record(AuditRecord record);
}
