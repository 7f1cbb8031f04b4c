package io.mizani.domain.verification;

/** The outcome of one call; a call never moves between them. */
public enum CheckStatus {
    VERIFIED("verified"), NOT_VERIFIED("not_verified"), ERROR("error");

    private final String wire;

    CheckStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static CheckStatus fromWire(String wire) {
        for (CheckStatus s : values()) {
            if (s.wire.equals(wire)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown check status " + wire);
    }
}
