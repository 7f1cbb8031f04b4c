package io.mizani.application.verification;

import io.mizani.domain.common.Money;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Entitlement and pricing: whether checks run on the platform key, the wallet's billing mode ({@code service_wallet},
 * {@code own_key}, {@code none}), why a check cannot run now ({@code reason}, null when it can; {@link #allowed}),
 * the message to show, the service wallet's balance, and the prices keyed by check key.
 */
public record Entitlement(boolean platform, String billingMode, String reason, String message, Money balance,
                          Map<String, Price> prices) {

    public Entitlement {
        prices = Collections.unmodifiableMap(new LinkedHashMap<>(prices)); // in catalogue order
    }

    /** A check can run now: nothing refuses it. */
    public boolean allowed() {
        return reason == null;
    }

    public record Price(Money live, Money cached) {
    }
}
