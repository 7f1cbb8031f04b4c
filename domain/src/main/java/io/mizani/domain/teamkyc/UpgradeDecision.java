package io.mizani.domain.teamkyc;

import io.mizani.domain.common.WireName;
import io.mizani.domain.error.DomainError;

/** An operator's decision on a pending upgrade. */
public enum UpgradeDecision implements WireName {
    APPROVE("approve"), REJECT("reject");

    private final String wire;

    UpgradeDecision(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static UpgradeDecision parse(String value) {
        return WireName.find(UpgradeDecision.class, value)
                .orElseThrow(() -> DomainError.invalidArgument("decision must be one of approve, reject"));
    }
}
