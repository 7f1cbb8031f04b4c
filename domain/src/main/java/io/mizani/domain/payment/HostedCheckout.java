package io.mizani.domain.payment;

import java.time.Duration;
import java.time.Instant;

/**
 * Rules of the hosted card checkout (platform.md section 12): a declined card keeps the payment pending; the
 * payment fails when the payer cancels or when the checkout expires {@code MIZANI_CHECKOUT_TTL} after the payment
 * was accepted.
 */
public final class HostedCheckout {

    /** failure_reason when the payer cancels on the page. */
    public static final String CANCELLED_BY_THE_PAYER = "cancelled by the payer";
    /** failure_reason when the checkout expired before a card was approved. */
    public static final String CHECKOUT_EXPIRED = "checkout expired";

    private HostedCheckout() {
    }

    public static Instant expiresAt(Instant acceptedAt, Duration ttl) {
        return acceptedAt.plus(ttl);
    }

    public static boolean expired(Instant acceptedAt, Duration ttl, Instant now) {
        return !now.isBefore(expiresAt(acceptedAt, ttl));
    }
}
