package io.mizani.application.statement;

import io.mizani.domain.statement.StatementId;

import java.time.Instant;
import java.util.Optional;

/**
 * Signed download tokens: the only key of a download link, which works without credentials. A token names the
 * statement and the link's expiry and carries a MAC over both under a key derived from the service's secret
 * material, so neither can be changed or made up.
 */
public interface StatementLinks {

    /** What a genuine token says. */
    record Grant(StatementId id, Instant expiresAt) {
    }

    String token(StatementId id, Instant expiresAt);

    /** The grant of a genuine token; empty for anything else (tampered, truncated, made up). Expiry is not judged here. */
    Optional<Grant> verify(String token);
}
