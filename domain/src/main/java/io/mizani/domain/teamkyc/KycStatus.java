package io.mizani.domain.teamkyc;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** Status of a Team KYC submission (platform.md section 6). */
public enum KycStatus implements WireName {
    PENDING("pending"), IN_REVIEW("in_review"), APPROVED("approved"), REJECTED("rejected");

    private final String wire;

    KycStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<KycStatus> fromWire(String value) {
        return WireName.find(KycStatus.class, value);
    }
}
