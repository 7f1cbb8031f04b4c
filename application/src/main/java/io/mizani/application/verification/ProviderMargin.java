package io.mizani.application.verification;

import java.math.BigDecimal;

/**
 * What one provider did for one check over a window: calls made, calls it answered, what they cost the platform,
 * what merchants were charged for the calls it answered (live checks only; cached replays have no provider call),
 * and the difference.
 */
public record ProviderMargin(String provider, String check, long calls, long answered, BigDecimal cost,
                             BigDecimal revenue, BigDecimal margin) {
}
