package io.mizani.domain.team;

/**
 * Where a user stands: {@code active}, the only state the service gives a user (the column's default; nothing
 * writes another). A row holding a word not listed here is refused where it is read, not echoed.
 */
public enum UserStatus {
    ACTIVE("active");

    private final String wire;

    UserStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static UserStatus fromWire(String wire) {
        for (UserStatus s : values()) {
            if (s.wire.equals(wire)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown user status " + wire);
    }
}
