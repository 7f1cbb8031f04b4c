package io.mizani.domain.beneficiary;

import java.util.Arrays;
import java.util.Optional;

/** A beneficiary's computed KYC level; {@link #wire()} is the exact contract value. */
public enum KycLevel {
    TIER_0("tier_0"), FULL("full");

    private final String wire;

    KycLevel(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<KycLevel> fromWire(String value) {
        return Arrays.stream(values()).filter(l -> l.wire.equals(value)).findFirst();
    }
}
