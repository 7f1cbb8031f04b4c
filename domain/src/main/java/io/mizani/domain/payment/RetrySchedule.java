package io.mizani.domain.payment;

import java.time.Duration;

/**
 * Exponential back-off: attempt n (1-based) that failed waits {@code base * 2^(n-1)}, capped at {@code cap}.
 * After {@code maxAttempts} failed attempts the work is given up (dead).
 */
public record RetrySchedule(Duration base, Duration cap, int maxAttempts) {

    public RetrySchedule {
        if (base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("base must be positive");
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    /** Delay before the next attempt after {@code failedAttempts} failures; empty-handed callers check {@link #exhausted}. */
    public Duration delayAfter(int failedAttempts) {
        int exponent = Math.max(0, Math.min(failedAttempts - 1, 30));
        long millis;
        try {
            millis = Math.multiplyExact(base.toMillis(), 1L << exponent);
        } catch (ArithmeticException overflow) {
            millis = Long.MAX_VALUE;
        }
        return Duration.ofMillis(Math.min(millis, cap.toMillis()));
    }

    public boolean exhausted(int failedAttempts) {
        return failedAttempts >= maxAttempts;
    }
}
