package io.mizani.application.tenancy;

import java.util.List;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.team.TeamStore;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Role;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.ApiKeyId;
import io.mizani.domain.tenancy.ApiSecret;
import io.mizani.domain.tenancy.UserId;

/**
 * Issues, lists and revokes a Team's API keys. A key is a credential of the caller's user on the caller's Team (so it
 * acts only where that user may act, section 2, and leaving the Team revokes it with the user's other credentials)
 * plus a row naming its scopes and expiry. Only an owner or admin of the Team manages keys; that the credential holds
 * every scope is checked at the edge, with every other scope (EndpointScopes).
 */
public final class ApiKeyService implements ManageApiKeys {

    private final ApiKeyStore keys;
    private final CredentialStore credentials;
    private final TeamStore teams;
    private final MerchantAuthenticator authenticator;
    private final UnitOfWork uow;

    public ApiKeyService(ApiKeyStore keys, CredentialStore credentials, TeamStore teams,
                         MerchantAuthenticator authenticator, UnitOfWork uow) {
        this.keys = keys;
        this.credentials = credentials;
        this.teams = teams;
        this.authenticator = authenticator;
        this.uow = uow;
    }

    @Override
    public IssuedKey create(MerchantContext caller, CreateApiKeyCommand command) {
        String username = ApiSecret.newUsername();
        String password = ApiSecret.newSecret();
        ApiKey key = uow.inTransaction(() -> {
            requireManager(caller);
            credentials.insert(username, ApiSecret.hash(password), AccountId.of(caller.accountId()),
                    UserId.of(caller.userId()));
            return keys.insert(new ApiKeyStore.NewKey(ApiKeyId.newId(), username, caller.accountId(), caller.userId(),
                            command.name(), command.scopes(), command.expiresAt()))
                    .orElseThrow(() -> DomainError.invalidArgument("expires_at must be in the future"));
        });
        return new IssuedKey(key, username, password);
    }

    @Override
    public List<ApiKey> list(MerchantContext caller) {
        return uow.inTransaction(() -> {
            requireManager(caller);
            return keys.list(caller.accountId());
        });
    }

    @Override
    public ApiKey revoke(MerchantContext caller, String keyId) {
        ApiKeyStore.Owned owned = uow.inTransaction(() -> {
            requireManager(caller);
            ApiKeyStore.Owned found = ApiKeyId.parse(keyId).flatMap(id -> keys.find(caller.accountId(), id))
                    .orElseThrow(() -> DomainError.notFound("API key \"" + keyId + "\" does not exist"));
            if (!credentials.revoke(found.username())) {
                throw DomainError.notFound("API key \"" + keyId + "\" does not exist");
            }
            return found;
        });
        authenticator.invalidate(owned.username());
        return owned.key();
    }

    private void requireManager(MerchantContext caller) {
        Role role = teams.roleOf(AccountId.of(caller.accountId()), UserId.of(caller.userId()))
                .orElseThrow(() -> new DomainError(DomainError.Kind.FORBIDDEN, "forbidden",
                        "only an owner or admin of the Team manages its API keys"));
        if (!role.canManage()) {
            throw new DomainError(DomainError.Kind.FORBIDDEN, "forbidden",
                    "only an owner or admin of the Team manages its API keys (your role: " + role.label() + ")");
        }
    }
}
