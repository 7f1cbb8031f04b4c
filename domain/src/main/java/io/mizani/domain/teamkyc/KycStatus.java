package io.mizani.domain.teamkyc;

import java.util.Optional;

/** Status of a Team KYC submission (platform.md section 6). */
public enum KycStatus {
    PENDING("pending"), IN_REVIEW("in_review"), APPROVED("approved"), REJECTED("rejected");

    private final String wire;

    KycStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<KycStatus> fromWire(String value) {
        for (KycStatus status : values()) {
            if (status.wire.equals(value)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
