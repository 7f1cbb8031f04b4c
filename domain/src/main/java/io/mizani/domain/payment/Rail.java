package io.mizani.domain.payment;

import io.mizani.domain.common.WireName;

import java.util.Locale;
import java.util.Optional;

/** A transaction channel: how money moves. Wire values are the lower-case names. */
public enum Rail implements WireName {
    MOMO, BANK, CARD;

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Rail> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        return WireName.find(Rail.class, value.trim().toLowerCase(Locale.ROOT));
    }
}
