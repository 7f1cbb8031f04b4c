package io.mizani.application.tenancy;

import java.time.Instant;

import io.mizani.domain.tenancy.ApiKeyId;
import io.mizani.domain.tenancy.Scopes;

/**
 * A merchant API key as the API shows it: its id, the merchant's label, its scopes and its times. Its credential (the
 * username it authenticates with) is kept apart so that a key is never rendered with anything that opens it.
 */
public record ApiKey(ApiKeyId id, String name, Scopes scopes, Times times) {

    /** When it was created, when it stops working ({@code null}: never) and when it was last used, to the minute. */
    public record Times(Instant createdAt, Instant expiresAt, Instant lastUsedAt) {
    }
}
