package io.mizani.domain.payout;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What a payee directory said about an account (platform.md section 16): {@code resolved} (it named the holder),
 * {@code not_found}, {@code unsupported} (the rail cannot resolve names) or {@code unavailable} (the provider is down).
 */
public enum PayeeStatus {
    RESOLVED, NOT_FOUND, UNSUPPORTED, UNAVAILABLE;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<PayeeStatus> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.trim();
        return Arrays.stream(values()).filter(s -> s.wire().equals(v)).findFirst();
    }
}
