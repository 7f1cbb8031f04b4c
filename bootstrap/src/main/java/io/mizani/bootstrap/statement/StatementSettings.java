package io.mizani.bootstrap.statement;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Statement settings ({@code mizani.statements.*}, docs/statements.md). */
@ConfigMapping(prefix = "mizani.statements")
public interface StatementSettings {

    /** Whether this replica builds statements (every replica does by default; tests drive builders themselves). */
    @WithDefault("true")
    boolean workerEnabled();

    /** How often an idle builder looks for work. */
    @WithDefault("500")
    long workerPollMs();

    /** How long a claim is a builder's before another may take it over (a builder that died before building). */
    @WithDefault("PT2M")
    Duration lease();

    /** How long one build may take (its transaction's timeout). */
    @WithDefault("PT10M")
    Duration buildTimeout();

    /** A failed build is tried again after this... */
    @WithDefault("PT30S")
    Duration retryDelay();

    /** ...at most this many times in all; then the statement is failed. */
    @WithDefault("3")
    int maxAttempts();

    /** How long a download link works (platform.md section 17: 24 hours). */
    @WithDefault("PT24H")
    Duration linkLife();

    /** How long after its link expired a file is deleted. */
    @WithDefault("PT1H")
    Duration purgeGrace();
}
