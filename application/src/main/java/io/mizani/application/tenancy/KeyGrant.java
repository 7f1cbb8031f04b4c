package io.mizani.application.tenancy;

import java.time.Duration;

import io.mizani.domain.tenancy.Scopes;

/**
 * What a stored credential grants beyond its Team: its scopes and, for an API key, the key's id and how long it has
 * left as PostgreSQL judged it when the credential was read ({@code null}: it never expires). Every replica compares
 * expiry with the database's clock, never its own.
 */
public record KeyGrant(String keyId, Scopes scopes, Duration remaining) {

    /** A credential that is not an API key: every scope, no expiry. */
    public static final KeyGrant FULL = new KeyGrant(null, Scopes.all(), null);

    public KeyGrant {
        if (scopes == null) {
            throw new IllegalArgumentException("scopes are required");
        }
    }

    public boolean expired() {
        return remaining != null && !remaining.isPositive();
    }

    /** How long a replica may trust what it read: the cache's TTL, but never past the key's expiry. */
    public Duration trustFor(Duration ttl) {
        return remaining == null || remaining.compareTo(ttl) >= 0 ? ttl : remaining;
    }
}
