package io.mizani.domain.payment;

import java.util.Locale;
import java.util.Optional;

/** Direction of a network: {@code deposit} collects from a payer, {@code withdraw} pays out. */
public enum RampType {
    DEPOSIT, WITHDRAW;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RampType> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (RampType ramp : values()) {
            if (ramp.wire().equals(value.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(ramp);
            }
        }
        return Optional.empty();
    }
}
