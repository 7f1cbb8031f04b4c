package io.mizani.domain.team;

/** Where an invitation stands: {@code pending} until someone accepts it with the e-mailed token. */
public enum InvitationStatus {
    PENDING("pending"), ACCEPTED("accepted");

    private final String wire;

    InvitationStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static InvitationStatus fromWire(String wire) {
        for (InvitationStatus s : values()) {
            if (s.wire.equals(wire)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown invitation status " + wire);
    }
}
