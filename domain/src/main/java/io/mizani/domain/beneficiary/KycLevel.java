package io.mizani.domain.beneficiary;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** A beneficiary's computed KYC level; {@link #wire()} is the exact contract value. */
public enum KycLevel implements WireName {
    TIER_0("tier_0"), FULL("full");

    private final String wire;

    KycLevel(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<KycLevel> fromWire(String value) {
        return WireName.find(KycLevel.class, value);
    }
}
