package io.mizani.adapter.provider.payment;

import java.time.Duration;

/**
 * Paystack settings (providers {@code card_ng}, {@code card_ke}, {@code nip_ng}; platform.md section 14):
 * {@code baseUrl} ({@code MIZANI_PAYSTACK_BASE_URL}, e.g. {@code https://api.paystack.co}), {@code secretKey}
 * ({@code MIZANI_PAYSTACK_SECRET_KEY}: the Bearer credential of every call and the key of the
 * {@code x-paystack-signature} HMAC), {@code publicUrl} ({@code MIZANI_PUBLIC_URL}: the card return URL
 * {@code <publicUrl>/checkout/<token>/return} is under it), the hosted checkout's lifetime
 * ({@code MIZANI_CHECKOUT_TTL}), the provider timeout and the first lookup after submission ({@code MIZANI_RAIL_POLL_MS}).
 */
public record PaystackConfig(String baseUrl, String secretKey, String publicUrl, Duration checkoutTtl,
                             Duration timeout, Duration pollEvery) {

    @Override
    public String toString() {
        return "PaystackConfig[baseUrl=" + baseUrl + ", secretKey=***, publicUrl=" + publicUrl + "]";
    }
}
