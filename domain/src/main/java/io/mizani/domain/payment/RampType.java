package io.mizani.domain.payment;

import io.mizani.domain.common.WireName;

import java.util.Locale;
import java.util.Optional;

/** Direction of a network: {@code deposit} collects from a payer, {@code withdraw} pays out. */
public enum RampType implements WireName {
    DEPOSIT, WITHDRAW;

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<RampType> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        return WireName.find(RampType.class, value.trim().toLowerCase(Locale.ROOT));
    }
}
