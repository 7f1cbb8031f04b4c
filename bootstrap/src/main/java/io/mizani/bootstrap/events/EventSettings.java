package io.mizani.bootstrap.events;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Event settings ({@code mizani.events.*}); see docs/events.md. */
@ConfigMapping(prefix = "mizani.events")
public interface EventSettings {

    /** MIZANI_EVENTS_RETENTION: how long events and their attempts are kept (never less than 30 days). */
    @WithDefault("P30D")
    Duration retention();

    /** MIZANI_EVENTS_PURGE_EVERY: how often each replica deletes events past the retention. */
    @WithDefault("PT1H")
    Duration purgeEvery();

    /** MIZANI_EVENTS_PURGE_ENABLED: false stops this replica's purge. */
    @WithDefault("true")
    boolean purgeEnabled();
}
