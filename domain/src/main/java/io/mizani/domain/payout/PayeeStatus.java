package io.mizani.domain.payout;

import io.mizani.domain.common.WireName;
import java.util.Locale;
import java.util.Optional;

/**
 * What a payee directory said about an account (platform.md section 16): {@code resolved} (it named the holder),
 * {@code not_found}, {@code unsupported} (the rail cannot resolve names) or {@code unavailable} (the provider is down).
 */
public enum PayeeStatus implements WireName {
    RESOLVED, NOT_FOUND, UNSUPPORTED, UNAVAILABLE;

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<PayeeStatus> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.trim();
        return WireName.find(PayeeStatus.class, v);
    }
}
