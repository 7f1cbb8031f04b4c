package io.mizani.bootstrap.verification;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** The {@code mizani.verification} block of application.properties. */
@ConfigMapping(prefix = "mizani.verification")
public interface VerificationConfig {

    /** MIZANI_VERIFICATION_CACHE_TTL: how long a verified result is replayed. */
    @WithDefault("P30D")
    Duration cacheTtl();

    /** MIZANI_PROVIDER_TIMEOUT_MS: a provider call slower than this counts as unavailable. */
    @WithDefault("10000")
    long providerTimeoutMs();

    /** MIZANI_PII_KEY; sandbox mode derives a documented default when empty, live mode refuses to start. */
    Optional<String> piiKey();

    /**
     * MIZANI_PII_KEY_PREVIOUS: earlier keys (comma-separated) still accepted to open sealed values and to match keyed
     * hashes while a rotation runs; never used to seal. See docs/operations.md, "Identifiers at rest".
     */
    Optional<String> piiKeyPrevious();

    @WithDefault("64")
    int bulkhead();

    /** Hot accounts: wallet-charging transactions of one merchant at once on this instance (docs/architecture.md). */
    @WithDefault("8")
    int chargesInFlightPerMerchant();

    /** How long one more charging transaction waits for a turn before it answers 503 unavailable. */
    @WithDefault("PT1S")
    Duration chargeQueueWait();

    @WithDefault("10s")
    String sweepEvery();

    /** How long a call may stay in flight before the sweeper reverses its charge (at least timeout + 30 s). */
    @WithDefault("PT2M")
    Duration settlementGrace();

    /** Delay before a failed reversal is retried. */
    @WithDefault("PT1M")
    Duration refundRetry();

    /** Live mode: the provider of checks neither the operator's routing nor {@link #routes()} names. */
    Optional<String> defaultProvider();

    /** Live mode default route of a check without an operator route: check key → provider name. */
    Map<String, String> routes();

    SmileId smileId();

    Dojah dojah();

    /** Dojah (a second real provider for nin, bvn, bvn_basic and national_id_ke). */
    interface Dojah {
        @WithDefault("https://sandbox.dojah.io")
        String baseUrl();

        Optional<String> appId();

        Optional<String> secretKey();
    }

    interface SmileId {
        @WithDefault("https://testapi.smileidentity.com")
        String baseUrl();

        Optional<String> partnerId();

        Optional<String> apiKey();

        /** check key → Smile ID id_type. */
        Map<String, String> idTypes();
    }
}
