package io.mizani.adapter.rest.tenancy;

import java.time.Instant;
import java.util.List;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import io.mizani.application.tenancy.ApiKey;
import io.mizani.application.tenancy.CreateApiKeyCommand;
import io.mizani.application.tenancy.ManageApiKeys;

/** The wire shapes of {@code /api/v2/api_keys} (platform.md section 19), each filled in one named place. */
final class ApiKeyJson {

    private ApiKeyJson() {
    }

    /** {@code {name, scopes, expires_at}}, read by name from JSON. */
    record ApiKeyCreateBody(@Schema(required = true) String name, @Schema(required = true) List<String> scopes,
                            Instant expiresAt) {
        CreateApiKeyCommand toCommand() {
            return CreateApiKeyCommand.of(name, scopes, expiresAt);
        }
    }

    /** A key as shown: never its username or password. */
    record ApiKeyBody(String keyId, String name, List<String> scopes, Instant createdAt, Instant expiresAt,
                      Instant lastUsedAt) {
        static ApiKeyBody of(ApiKey k) {
            return new ApiKeyBody(k.id().value(), k.name(), k.scopes().wire(), k.times().createdAt(),
                    k.times().expiresAt(), k.times().lastUsedAt());
        }
    }

    /** The answer to a create: the key and, this once, the credential that opens it. */
    record ApiKeyIssued(ApiKeyBody apiKey, String username, String password) {
        static ApiKeyIssued of(ManageApiKeys.IssuedKey issued) {
            return new ApiKeyIssued(ApiKeyBody.of(issued.key()), issued.username(), issued.password());
        }

        @Override
        public String toString() {
            return "ApiKeyIssued[" + apiKey.keyId() + ", password hidden]";
        }
    }

    record ApiKeyList(List<ApiKeyBody> apiKeys) {
        static ApiKeyList of(List<ApiKey> keys) {
            return new ApiKeyList(keys.stream().map(ApiKeyBody::of).toList());
        }
    }

    /** The answer to a revocation: the key as it was and {@code revoked: true}. */
    record ApiKeyRevoked(ApiKeyBody apiKey, boolean revoked) {
        static ApiKeyRevoked of(ApiKey k) {
            return new ApiKeyRevoked(ApiKeyBody.of(k), true);
        }
    }
}
