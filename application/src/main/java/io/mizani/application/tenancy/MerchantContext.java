package io.mizani.application.tenancy;

/**
 * Who is calling: the credential's username, the Team (account) it belongs to (the "merchant" that owns
 * tokens, lookups, beneficiaries and payments, and whose service wallet pays), its user and organization.
 */
public record MerchantContext(String username, long accountId, long userId, long organizationId) {
}
