package io.mizani.domain.teamkyc;

import java.util.Optional;

/** Status of a requested tier upgrade (platform.md section 6). */
public enum UpgradeStatus {
    PENDING("pending"), APPROVED("approved"), REJECTED("rejected");

    private final String wire;

    UpgradeStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<UpgradeStatus> fromWire(String value) {
        for (UpgradeStatus status : values()) {
            if (status.wire.equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
