package io.mizani.domain.payment;

import java.util.Locale;
import java.util.Optional;

/** A transaction channel: how money moves. Wire values are the lower-case names. */
public enum Rail {
    MOMO, BANK, CARD;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Rail> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        for (Rail rail : values()) {
            if (rail.wire().equals(value.trim().toLowerCase(Locale.ROOT))) {
                return Optional.of(rail);
            }
        }
        return Optional.empty();
    }
}
