package io.mizani.bootstrap.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Service-wide settings. Environment: MIZANI_MODE, MIZANI_PUBLIC_URL, ... */
@ConfigMapping(prefix = "mizani")
public interface MizaniSettings {

    /** {@code sandbox} (default) or {@code live}. */
    @WithDefault("sandbox")
    String mode();

    /** Base URL the service is reached at, for links in e-mails and pages. */
    @WithDefault("http://localhost:8080")
    String publicUrl();

    /** How long a replica trusts its cached view of a credential (revocation reaches other replicas within it). */
    @WithDefault("PT5S")
    java.time.Duration credentialCacheTtl();

    /** Read by {@code MizaniMain} before Quarkus starts (MIZANI_DATA_DIR); declared so the key is known. */
    java.util.Optional<String> dataDir();

    /** Read through the operator realm's configuration (MIZANI_OPERATOR_PASSWORD); declared so the key is known. */
    java.util.Optional<String> operatorPassword();

    /** SIGTERM: how long requests in flight may still take (MIZANI_SHUTDOWN_GRACE); read by quarkus.shutdown.timeout. */
    @WithDefault("PT30S")
    java.time.Duration shutdownGrace();

    /** SIGTERM: how long traffic is still served normally, readiness down (MIZANI_SHUTDOWN_DELAY); read by Drain. */
    @WithDefault("PT0S")
    java.time.Duration shutdownDelay();

    /** Units of a currency per USD overriding the sandbox table, e.g. {@code mizani.rates.KES=129}. */
    java.util.Map<String, java.math.BigDecimal> rates();

    /** Four eyes: adjustments and credits at or above this many USD wait for a second operator (section 18). */
    @io.smallrye.config.WithDefault("1000")
    java.math.BigDecimal approvalThresholdUsd();

    /** The audit checkpoint's Ed25519 seed, 32 bytes in base64 or hex (MIZANI_AUDIT_SIGNING_KEY). */
    java.util.Optional<String> auditSigningKey();

    /**
     * Compliance screening on the money path (MIZANI_SCREENING): {@code on} screens every beneficiary write and every
     * withdrawal's payee; {@code off} (default) leaves them alone (section 20).
     */
    @WithDefault("off")
    String screening();

    /** How often a replica looks for a pending screening look-back (MIZANI_SCREENING_LOOKBACK_POLL_MS). */
    @WithDefault("2000")
    long screeningLookbackPollMs();

    default boolean screeningOn() {
        return switch (screening()) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalStateException("MIZANI_SCREENING must be on or off, not " + screening());
        };
    }

    default boolean sandbox() {
        return !"live".equals(mode());
    }

    /** The console's sign-in sessions (docs/console.md). */
    Console console();

    interface Console {
        /** MIZANI_CONSOLE_IDLE_TIMEOUT: a session ends after this long without a request. */
        @WithDefault("PT15M")
        java.time.Duration idleTimeout();

        /** MIZANI_CONSOLE_SESSION_MAX: and this long after sign-in, whatever the activity. */
        @WithDefault("PT12H")
        java.time.Duration sessionMax();

        /** MIZANI_CONSOLE_DOCUMENT_PREVIEW_MAX_BYTES: a KYC document larger than this is not previewed (5 MB). */
        @WithDefault("5242880")
        long documentPreviewMaxBytes();

        /** MIZANI_CONSOLE_DOCUMENT_PREVIEW_TIMEOUT: a KYC document not fetched within this is "not reachable". */
        @WithDefault("PT3S")
        java.time.Duration documentPreviewTimeout();
    }

    /** The service's clock, aligned to the database's (docs/operations.md "Clocks"). */
    Clocks clock();

    interface Clocks {
        /** MIZANI_CLOCK_WARN_SKEW: an offset to the database's clock above this is logged (and corrected anyway). */
        @WithDefault("PT1S")
        java.time.Duration warnSkew();

        /** MIZANI_CLOCK_ALIGN_EVERY: how often the offset is measured again (a Quarkus scheduler period). */
        @WithDefault("10s")
        String alignEvery();
    }
}
