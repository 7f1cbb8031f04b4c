package io.mizani.application.verification;

import java.util.Map;

/** Input port: run one check for the calling merchant. */
public interface RunCheck {

    VerificationResult run(Command command);

    /** {@code body} is the flat request body (field → string value); {@code fresh} bypasses the cache. */
    record Command(long accountId, String check, Map<String, String> body, boolean fresh) {
        public Command {
            if (accountId <= 0) {
                throw new IllegalArgumentException("accountId must be positive");
            }
            body = body == null ? Map.of() : Map.copyOf(body);
        }
    }
}
