package io.mizani.adapter.provider.payment;

import java.time.Duration;

/**
 * MTN MoMo Open API settings (providers {@code mtn_gh}, {@code mtn_ug}), in named parts: where MTN is and where it
 * calls back ({@link Api}), the API user and key of the Basic token request ({@link ApiUser}) and the subscription
 * keys of the two products ({@link Products}: collection and disbursement have a key each).
 */
public record MtnConfig(Api api, ApiUser apiUser, Products products) {

    /**
     * MTN's base URL; {@code callbackUrl}, the full X-Callback-Url ({@code MIZANI_PUBLIC_URL} +
     * {@code /api/providers/mtn/notify}); {@code targetEnvironment}, the X-Target-Environment header
     * ({@code sandbox}, {@code mtnghana}, {@code mtnuganda}...); the provider timeout and how long after submission
     * a payment is first looked up ({@code MIZANI_RAIL_POLL_MS}).
     */
    public record Api(String baseUrl, String callbackUrl, String targetEnvironment, Duration timeout, Duration pollEvery) {
    }

    /** {@code MIZANI_MTN_API_USER} (a UUID) and {@code MIZANI_MTN_API_KEY}: Basic credentials of the token calls. */
    public record ApiUser(String user, String key) {
    }

    /** {@code MIZANI_MTN_COLLECTION_KEY} and {@code MIZANI_MTN_DISBURSEMENT_KEY} ({@code Ocp-Apim-Subscription-Key}). */
    public record Products(String collectionKey, String disbursementKey) {
    }
}
