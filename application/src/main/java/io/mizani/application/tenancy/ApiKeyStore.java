package io.mizani.application.tenancy;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.mizani.domain.tenancy.ApiKeyId;
import io.mizani.domain.tenancy.Scopes;

/** The API keys of each Team. A key's secret lives in its credential ({@link CredentialStore}), never here. */
public interface ApiKeyStore {

    /**
     * Stores a key for an already inserted credential (same transaction). Empty when {@code expiresAt} is not in the
     * future by the database's clock (nothing stored); else the key as stored.
     */
    Optional<ApiKey> insert(NewKey key);

    /** The Team's keys that are not revoked, newest first. */
    List<ApiKey> list(long accountId);

    /** The Team's key with this id and the username of its credential, unless it is revoked or another Team's. */
    Optional<Owned> find(long accountId, ApiKeyId id);

    /**
     * Notes that the key authenticated a request now (PostgreSQL's clock), unless it already did less than
     * {@code minutes} ago: at most one write per key and interval, whatever the number of replicas.
     */
    boolean recordUse(String keyId, int minutes);

    /** What a new key is made of. */
    record NewKey(ApiKeyId id, String username, long accountId, long createdBy, String name, Scopes scopes,
                  Instant expiresAt) {
    }

    /** A key with the username of its credential (for revoking it). */
    record Owned(ApiKey key, String username) {
    }
}
