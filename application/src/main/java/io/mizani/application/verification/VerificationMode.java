package io.mizani.application.verification;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** How a merchant runs identity checks: not at all, on the platform's provider key (billed), or on its own key (free). */
public enum VerificationMode implements WireName {
    OFF("off"), PLATFORM("platform"), OWN_KEY("own_key");

    private final String wire;

    VerificationMode(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<VerificationMode> fromWire(String wire) {
        return WireName.find(VerificationMode.class, wire);
    }
}
