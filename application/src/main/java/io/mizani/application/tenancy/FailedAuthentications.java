package io.mizani.application.tenancy;

import java.time.Duration;
import java.util.Map;

/**
 * Failed authentications per client address, counted where every replica sees them (platform.md section 11: more
 * than {@code limit} within {@code window} block the address for {@code block}, whichever replica answered the
 * failures). The database's clock decides the window and the block.
 */
public interface FailedAuthentications {

    /** The throttle's numbers. */
    record Rule(int limit, Duration window, Duration block) {
        public Rule {
            if (limit < 1 || window.isNegative() || window.isZero() || block.isNegative() || block.isZero()) {
                throw new IllegalArgumentException("a throttle rule needs a limit of at least 1 and positive durations");
            }
        }
    }

    /**
     * Adds {@code failures} failed authentications of {@code address}, atomically with the ones every other replica
     * added; when they make more than the rule's limit within its window the address is blocked (and its count starts
     * again). Answers the seconds the address is now blocked for, 0 when it is not.
     */
    long add(String address, int failures, Rule rule);

    /** Addresses blocked now, with the seconds each is still blocked for (rounded up). */
    Map<String, Long> blocked();

    /** Forgets addresses neither blocked nor failing for {@code idle}; answers how many. */
    int forget(Duration idle);
}
