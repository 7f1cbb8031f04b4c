package io.mizani.adapter.provider.payment;

import java.time.Duration;

/**
 * Safaricom Daraja settings (live mode, provider {@code mpesa_ke}), in named parts: where Daraja is and where it
 * calls back ({@link Api}), the app's OAuth credentials ({@link App}), the business short code and its Lipa na M-Pesa
 * passkey ({@link ShortCode}) and the B2C initiator ({@link Initiator}).
 */
public record DarajaConfig(Api api, App app, ShortCode shortCode, Initiator initiator) {

    /**
     * Daraja's base URL; {@code callbackBaseUrl}, the service's public address that Daraja posts STK callbacks and
     * B2C results to; the provider timeout and how often a submitted payment is asked about.
     */
    public record Api(String baseUrl, String callbackBaseUrl, Duration timeout, Duration pollEvery) {
    }

    /** The Daraja app's consumer key and secret (OAuth client credentials). */
    public record App(String consumerKey, String consumerSecret) {
    }

    /** The business short code (PartyA / BusinessShortCode) and its Lipa na M-Pesa Online passkey. */
    public record ShortCode(String code, String passkey) {
    }

    /** The B2C initiator's name and its encrypted security credential. */
    public record Initiator(String name, String securityCredential) {
    }
}
