package io.mizani.application.verification;

import io.mizani.domain.verification.match.MatchRequest;
import java.util.Map;

/** Input port: run one check for the calling merchant. */
public interface RunCheck {

    VerificationResult run(Command command);

    /**
     * {@code body} is the flat request body (field → string value); {@code fresh} bypasses the cache;
     * {@code bodyError} (nullable) says why the body could not be read, refused as a 400 in its turn;
     * {@code match} (nullable) what the customer typed, to compare with the registry's answer (not in the cache key).
     */
    record Command(long accountId, String check, Map<String, String> body, boolean fresh, String bodyError,
                   MatchRequest match) {
        public Command(long accountId, String check, Map<String, String> body, boolean fresh) {
            this(accountId, check, body, fresh, null, null);
        }

        public Command(long accountId, String check, Map<String, String> body, boolean fresh, String bodyError) {
            this(accountId, check, body, fresh, bodyError, null);
        }

        public Command {
            if (accountId <= 0) {
                throw new IllegalArgumentException("accountId must be positive");
            }
            body = body == null ? Map.of() : Map.copyOf(body);
        }
    }
}
