package io.mizani.adapter.provider.payment;

import java.time.Duration;

/**
 * Airtel Money Africa API settings (providers {@code airtel_ke}, {@code airtel_ug}), in named parts: where Airtel is
 * ({@link Api}), the OAuth2 client of the token call ({@link Client}) and what a disbursement needs
 * ({@link Disbursement}: the PIN and the RSA public key it is encrypted under). The secrets never appear in
 * {@code toString}.
 */
public record AirtelConfig(Api api, Client client, Disbursement disbursement) {

    /**
     * {@code MIZANI_AIRTEL_BASE_URL} (e.g. {@code https://openapiuat.airtel.africa}); the provider timeout; how long
     * after submission a payment is first looked up ({@code MIZANI_RAIL_POLL_MS}).
     */
    public record Api(String baseUrl, Duration timeout, Duration pollEvery) {
    }

    /** {@code MIZANI_AIRTEL_CLIENT_ID} and {@code MIZANI_AIRTEL_CLIENT_SECRET}: the client credentials grant. */
    public record Client(String id, String secret) {
        @Override
        public String toString() {
            return "Client[id=" + id + ", secret=***]";
        }
    }

    /**
     * {@code MIZANI_AIRTEL_PIN} (the disbursement PIN, four digits) and {@code MIZANI_AIRTEL_PUBLIC_KEY} (Airtel's RSA
     * public key, base64 of its X.509 SubjectPublicKeyInfo, with or without PEM armour).
     */
    public record Disbursement(String pin, String publicKey) {
        @Override
        public String toString() {
            return "Disbursement[pin=***, publicKey=" + (publicKey == null ? "none" : publicKey.length() + " chars") + "]";
        }
    }
}
