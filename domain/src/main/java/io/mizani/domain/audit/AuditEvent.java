package io.mizani.domain.audit;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One event of the audit log as stored and shown: its place in the log ({@code seq}), when ({@code at}, RFC 3339
 * text as stored), what happened, and its links in the hash chain.
 */
public record AuditEvent(long seq, String at, AuditRecord record, String prevHash, String hash) {

    /** The event as JSON values, without {@code hash}: what the hash covers (platform.md section 18). */
    public Map<String, Object> withoutHash() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seq", seq);
        m.put("at", at);
        Map<String, Object> actor = new LinkedHashMap<>();
        actor.put("type", record.actor().type().wire());
        actor.put("id", record.actor().id());
        actor.put("username", record.actor().username());
        m.put("actor", actor);
        m.put("action", record.action());
        Map<String, Object> target = new LinkedHashMap<>();
        target.put("type", record.target().type());
        target.put("id", record.target().id());
        m.put("target", target);
        m.put("outcome", record.outcome().wire());
        m.put("request_id", record.origin().requestId());
        m.put("source_ip", record.origin().sourceIp());
        m.put("details", record.details());
        m.put("prev_hash", prevHash);
        return m;
    }

    /** The event as shown by the API: {@link #withoutHash()} plus {@code hash}. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = withoutHash();
        m.put("hash", hash);
        return m;
    }

    /** Whether the stored hash is the hash of the event's content after {@code prevHash}. */
    public boolean hashHolds() {
        return AuditChain.hash(prevHash, withoutHash()).equals(hash);
    }
}
