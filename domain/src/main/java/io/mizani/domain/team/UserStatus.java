package io.mizani.domain.team;

import io.mizani.domain.common.WireName;

/**
 * Where a user stands: {@code active}, the only state the service gives a user (the column's default; nothing
 * writes another). A row holding a word not listed here is refused where it is read, not echoed.
 */
public enum UserStatus implements WireName {
    ACTIVE("active");

    private final String wire;

    UserStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static UserStatus fromWire(String wire) {
        return WireName.find(UserStatus.class, wire)
                .orElseThrow(() -> new IllegalArgumentException("unknown user status " + wire));
    }
}
