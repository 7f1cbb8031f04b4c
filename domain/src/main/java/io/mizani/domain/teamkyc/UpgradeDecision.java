package io.mizani.domain.teamkyc;

import io.mizani.domain.error.DomainError;

/** An operator's decision on a pending upgrade. */
public enum UpgradeDecision {
    APPROVE("approve"), REJECT("reject");

    private final String wire;

    UpgradeDecision(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static UpgradeDecision parse(String value) {
        for (UpgradeDecision decision : values()) {
            if (decision.wire.equals(value)) {
                return decision;
            }
        }
        throw DomainError.invalidArgument("decision must be one of approve, reject");
    }
}
