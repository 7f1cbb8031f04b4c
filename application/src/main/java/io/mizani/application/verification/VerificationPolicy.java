package io.mizani.application.verification;

import java.time.Duration;

/**
 * Tunables: how long a verified result is replayed ({@code cacheTtl}), how long an in-flight call may stay unsettled
 * before the sweeper reverses its charge ({@code settlementGrace}, well above the provider timeout), and how long
 * after a failed reversal it is retried ({@code refundRetry}).
 */
public record VerificationPolicy(Duration cacheTtl, Duration settlementGrace, Duration refundRetry) {

    public VerificationPolicy {
        if (cacheTtl.isNegative() || settlementGrace.isNegative() || refundRetry.isNegative()) {
            throw new IllegalArgumentException("durations must not be negative");
        }
    }
}
