package io.mizani.application.verification;

import java.util.Optional;

/** How a merchant runs identity checks: not at all, on the platform's provider key (billed), or on its own key (free). */
public enum VerificationMode {
    OFF("off"), PLATFORM("platform"), OWN_KEY("own_key");

    private final String wire;

    VerificationMode(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<VerificationMode> fromWire(String wire) {
        for (VerificationMode m : values()) {
            if (m.wire.equals(wire)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
