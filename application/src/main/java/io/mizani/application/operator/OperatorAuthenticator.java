package io.mizani.application.operator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.mizani.domain.tenancy.ApiSecret;

/**
 * Resolves operator logins (HTTP Basic, API and console). Like merchant credentials, lookups are cached for a short
 * time (a deletion on this replica drops the entry at once; other replicas see it within {@code ttl}); unknown logins
 * are looked up each time.
 */
public final class OperatorAuthenticator {

    private final OperatorStore store;
    private final Clock clock;
    private final Duration ttl;
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    public OperatorAuthenticator(OperatorStore store, Clock clock, Duration ttl) {
        this.store = store;
        this.clock = clock;
        this.ttl = ttl;
    }

    public Optional<OperatorContext> authenticate(String username, String password) {
        if (username == null || password == null || username.isEmpty() || username.length() > 200) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Cached c = cache.get(username);
        if (c == null || c.expiresAt.isBefore(now)) {
            Optional<OperatorStore.StoredOperator> found = store.find(username);
            if (found.isEmpty()) {
                cache.remove(username);
                return Optional.empty();
            }
            c = new Cached(found.get(), now.plus(ttl));
            if (cache.size() > 10_000) {
                cache.clear();
            }
            cache.put(username, c);
        }
        if (!ApiSecret.matches(password, c.stored.secretHash())) {
            return Optional.empty();
        }
        OperatorStore.Operator o = c.stored.operator();
        return Optional.of(new OperatorContext(o.id(), o.username(), o.role()));
    }

    public void invalidate(String username) {
        cache.remove(username);
    }

    private record Cached(OperatorStore.StoredOperator stored, Instant expiresAt) {
    }
}
