package io.mizani.domain.teamkyc;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** Status of a requested tier upgrade (platform.md section 6). */
public enum UpgradeStatus implements WireName {
    PENDING("pending"), APPROVED("approved"), REJECTED("rejected");

    private final String wire;

    UpgradeStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<UpgradeStatus> fromWire(String value) {
        return WireName.find(UpgradeStatus.class, value);
    }
}
