package io.mizani.domain.team;

/** Where a Team stands: {@code active} until it is deleted (soft: the row stays, {@code deleted}). */
public enum TeamStatus {
    ACTIVE("active"), DELETED("deleted");

    private final String wire;

    TeamStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static TeamStatus fromWire(String wire) {
        for (TeamStatus s : values()) {
            if (s.wire.equals(wire)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown Team status " + wire);
    }
}
