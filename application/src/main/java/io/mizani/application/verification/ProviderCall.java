package io.mizani.application.verification;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One call to one provider inside a check (a check may try several, in route order). {@code outcome} is
 * {@code verified}, {@code not_verified} or {@code unavailable}; {@code cause} why it was unavailable
 * ({@code down}, {@code timeout}, {@code rejected}, {@code malformed}, {@code shed}); {@code cost} what the
 * provider bills the platform for it (its configured cost when it ran and charged, else 0).
 */
public record ProviderCall(String lookupId, long accountId, String check, String provider, int attempt,
                           String outcome, String cause, BigDecimal cost, String currency, int durationMs,
                           Instant at) {
}
