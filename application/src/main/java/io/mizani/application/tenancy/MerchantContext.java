package io.mizani.application.tenancy;

import io.mizani.domain.tenancy.Scopes;

/**
 * Who is calling: the credential's username, the Team (account) it belongs to (the "merchant" that owns
 * tokens, lookups, beneficiaries and payments, and whose service wallet pays), its user and organization, the scopes
 * it holds (every scope unless it is an API key created with fewer) and, for an API key, the key's id.
 */
public record MerchantContext(String username, long accountId, long userId, long organizationId, Scopes scopes,
                              String apiKeyId) {

    public MerchantContext {
        if (scopes == null) {
            throw new IllegalArgumentException("scopes are required");
        }
    }

    /** A credential holding every scope that is not an API key (operator-issued, or from before keys). */
    public MerchantContext(String username, long accountId, long userId, long organizationId) {
        this(username, accountId, userId, organizationId, Scopes.all(), null);
    }
}
