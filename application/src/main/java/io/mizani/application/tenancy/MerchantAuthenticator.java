package io.mizani.application.tenancy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.mizani.domain.tenancy.ApiSecret;

/**
 * Resolves HTTP Basic merchant credentials. Lookups are cached for a short time so that authentication costs a
 * hash and a map read, not a database round-trip. A revocation on this replica drops the entry at once; other
 * replicas see it when their entry expires ({@code ttl}, a few seconds).
 */
public final class MerchantAuthenticator {

    private final CredentialStore store;
    private final Clock clock;
    private final Duration ttl;
    private final KeyUse keyUse;
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    /** Told when an API key authenticates a request (it keeps {@code last_used_at}, at most one write a minute). */
    @FunctionalInterface
    public interface KeyUse {
        void used(String keyId);
    }

    public MerchantAuthenticator(CredentialStore store, Clock clock, Duration ttl) {
        this(store, clock, ttl, keyId -> { });
    }

    public MerchantAuthenticator(CredentialStore store, Clock clock, Duration ttl, KeyUse keyUse) {
        this.store = store;
        this.clock = clock;
        this.ttl = ttl;
        this.keyUse = keyUse;
    }

    public Optional<MerchantContext> authenticate(String username, String password) {
        if (username == null || password == null || username.isEmpty() || username.length() > 200) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Cached cached = cache.get(username);
        if (cached == null || cached.expiresAt.isBefore(now)) {
            Optional<CredentialStore.StoredCredential> found = store.find(username);
            if (found.isEmpty()) {
                cache.remove(username);
                return Optional.empty();
            }
            // an API key is trusted no longer than PostgreSQL said it has left: expiry is judged by the database's clock
            cached = new Cached(found.get(), now.plus(found.get().grant().trustFor(ttl)));
            if (cache.size() > 100_000) {
                cache.clear();
            }
            cache.put(username, cached);
        }
        CredentialStore.StoredCredential c = cached.credential;
        KeyGrant grant = c.grant();
        if (c.revoked() || !c.teamActive() || grant.expired() || !ApiSecret.matches(password, c.secretHash())) {
            return Optional.empty();
        }
        if (grant.keyId() != null) {
            keyUse.used(grant.keyId());
        }
        return Optional.of(new MerchantContext(c.username(), c.accountId(), c.userId(), c.organizationId(),
                grant.scopes(), grant.keyId()));
    }

    /** Forget what this replica knows of a credential (revoked, or its Team deleted). */
    public void invalidate(String username) {
        cache.remove(username);
    }

    public void invalidateAll() {
        cache.clear();
    }

    private record Cached(CredentialStore.StoredCredential credential, Instant expiresAt) {
    }
}
