package io.mizani.adapter.provider.payment;

import java.time.Duration;

/**
 * Safaricom Daraja credentials and URLs (live mode, provider {@code mpesa_ke}). {@code callbackBaseUrl} is the
 * service's public address that Daraja posts STK callbacks and B2C results to.
 */
public record DarajaConfig(
        String baseUrl,
        String consumerKey,
        String consumerSecret,
        String shortCode,
        String passkey,
        String initiatorName,
        String securityCredential,
        String callbackBaseUrl,
        Duration timeout,
        Duration pollEvery) {
}
