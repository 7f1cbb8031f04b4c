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

    /** The card brand a payer's number starts with, for the page's label; null when not recognised. */
    public static String brand(String cardNumber) {
        String d = cardNumber == null ? "" : cardNumber.replaceAll("[^0-9]", "");
        if (d.startsWith("4")) {
            return "Visa";
        }
        if (d.matches("^(5[1-5]|222[1-9]|22[3-9]\\d|2[3-6]\\d\\d|27[01]\\d|2720).*")) {
            return "Mastercard";
        }
        if (d.matches("^3[47].*")) {
            return "American Express";
        }
        if (d.matches("^(506[01]|507[89]|6500).*")) {
            return "Verve";
        }
        return null;
    }
}
