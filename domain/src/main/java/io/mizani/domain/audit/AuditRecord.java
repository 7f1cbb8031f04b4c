package io.mizani.domain.audit;

import io.mizani.domain.common.WireName;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What one audit event says happened, before it is numbered and chained: who, what, to what, how it ended, where
 * the request came from, and details without secrets.
 */
public record AuditRecord(Actor actor, String action, Target target, Outcome outcome, Origin origin,
                          Map<String, Object> details) {

    public enum ActorType implements WireName {
        OPERATOR, MERCHANT, SYSTEM;

        @Override
        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public enum Outcome implements WireName {
        SUCCEEDED, REFUSED;

        @Override
        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Outcome parse(String wire) {
            return valueOf(wire.toUpperCase(Locale.ROOT));
        }
    }

    /** {@code id} and {@code username} are strings (an operator's id, a merchant's Team id and credential). */
    public record Actor(ActorType type, String id, String username) {
        public Actor {
            Objects.requireNonNull(type, "actor type");
        }

        public static Actor system() {
            return new Actor(ActorType.SYSTEM, null, null);
        }
    }

    public record Target(String type, String id) {
        public static Target none() {
            return new Target(null, null);
        }
    }

    /** The request behind the action: its X-Request-Id and the client's address. */
    public record Origin(String requestId, String sourceIp) {
        public static Origin none() {
            return new Origin(null, null);
        }
    }

    public AuditRecord {
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(outcome, "outcome");
        if (action == null || action.isBlank()) {
            throw new IllegalArgumentException("an audit event names its action");
        }
        target = target == null ? Target.none() : target;
        origin = origin == null ? Origin.none() : origin;
        details = details == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** The record as it may be written: details without secrets and with scalar values only (AuditDetails). */
    public AuditRecord withoutSecrets() {
        return new AuditRecord(actor, action, target, outcome, origin, AuditDetails.withoutSecrets(details));
    }

    /** The same record with another outcome and details added (a refusal's error code and message). */
    public AuditRecord refused(Map<String, Object> more) {
        Map<String, Object> d = new LinkedHashMap<>(details);
        d.putAll(more);
        return new AuditRecord(actor, action, target, Outcome.REFUSED, origin, d);
    }
}
