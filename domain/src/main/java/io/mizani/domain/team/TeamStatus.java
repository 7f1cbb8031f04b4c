package io.mizani.domain.team;

import io.mizani.domain.common.WireName;

/** Where a Team stands: {@code active} until it is deleted (soft: the row stays, {@code deleted}). */
public enum TeamStatus implements WireName {
    ACTIVE("active"), DELETED("deleted");

    private final String wire;

    TeamStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static TeamStatus fromWire(String wire) {
        return WireName.find(TeamStatus.class, wire)
                .orElseThrow(() -> new IllegalArgumentException("unknown Team status " + wire));
    }
}
