package io.mizani.application.verification;

import java.math.BigDecimal;
import java.util.Map;

/** Entitlement and pricing; {@code reason} is null when allowed. Prices keyed by check key. */
public record Entitlement(boolean platform, boolean allowed, String reason, String message, String billingMode,
                          String currency, BigDecimal balance, Map<String, Price> prices) {

    public record Price(BigDecimal live, BigDecimal cached) {
    }
}
