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
    private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

    public MerchantAuthenticator(CredentialStore store, Clock clock, Duration ttl) {
        this.store = store;
        this.clock = clock;
        this.ttl = ttl;
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
            cached = new Cached(found.get(), now.plus(ttl));
            if (cache.size() > 100_000) {
                cache.clear();
            }
            cache.put(username, cached);
        }
        CredentialStore.StoredCredential c = cached.credential;
        if (c.revoked() || !c.teamActive() || !ApiSecret.matches(password, c.secretHash())) {
            return Optional.empty();
        }
        return Optional.of(new MerchantContext(c.username(), c.accountId(), c.userId(), c.organizationId()));
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
