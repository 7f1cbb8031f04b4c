package io.mizani.domain.payment;

import java.time.Duration;

/**
 * Exponential back-off: attempt n (1-based) that failed waits {@code base * 2^(n-1)}, capped at {@code cap}.
 * After {@code maxAttempts} failed attempts the work is given up (dead).
 */
public record RetrySchedule(Duration base, Duration cap, int maxAttempts) {

    /** A callback is tried at least this many times before it is given up (docs/payment.md, callbacks). */
    public static final int MIN_WEBHOOK_ATTEMPTS = 8;

    /** How often a pending payment's provider is asked again: doubling from {@code base}, capped at an hour. */
    public static final Duration PROVIDER_POLL_CAP = Duration.ofHours(1);

    /**
     * The merchant callback schedule: the operator's first delay (at least 1 ms), doubled up to {@code cap}, and
     * {@code maxAttempts} attempts but never fewer than {@link #MIN_WEBHOOK_ATTEMPTS}.
     */
    public static RetrySchedule webhooks(long baseMillis, Duration cap, int maxAttempts) {
        return new RetrySchedule(Duration.ofMillis(Math.max(1, baseMillis)), cap,
                Math.max(MIN_WEBHOOK_ATTEMPTS, maxAttempts));
    }

    /** The re-query schedule of a pending payment: doubling from {@code base}, capped at an hour, never given up. */
    public static RetrySchedule providerPolls(Duration base) {
        return new RetrySchedule(base, PROVIDER_POLL_CAP, Integer.MAX_VALUE);
    }

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
