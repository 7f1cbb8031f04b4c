package io.mizani.adapter.rest.common;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The edge's limits (docs/operations.md, "Hardening"); each has an environment variable in application.properties. */
@ConfigMapping(prefix = "mizani.edge")
public interface EdgeSettings {

    /** Longer request URIs answer 414. */
    @WithDefault("4096")
    int maxUriLength();

    /** Larger request headers (names + values) answer 431. */
    @WithDefault("20480")
    int maxHeaderBytes();

    /** A request body must be complete this long after its headers, or the connection is closed. */
    @WithDefault("PT30S")
    Duration requestReadTimeout();

    /** A request's headers must be complete this long after its first byte, or the connection is closed (0: off). */
    @WithDefault("PT10S")
    Duration headerReadTimeout();

    /**
     * Request bodies one client address may be sending at once (read on the event loop, before authentication);
     * past it a request answers 429 and its connection is closed (0: no limit).
     */
    @WithDefault("128")
    int maxBodyReadsPerAddress();

    /** Failed authentications from one address within the window that are still tolerated (0: no throttling). */
    @WithDefault("20")
    int authFailureLimit();

    @WithDefault("PT1M")
    Duration authFailureWindow();

    /** How long an address past the limit is refused. */
    @WithDefault("PT1M")
    Duration authBlock();

    /**
     * How often each replica adds its failed authentications to the shared table and reads the addresses blocked
     * (a Quarkus scheduler interval, e.g. {@code 1s}; read by bootstrap's AuthFailureSharing).
     */
    @WithDefault("1s")
    String authSyncEvery();

    /** Requests per merchant account per window, per replica (0: off). */
    @WithDefault("6000")
    int merchantRateLimit();

    @WithDefault("PT1M")
    Duration merchantRateWindow();
}
