package io.mizani.application.tenancy;

import java.time.Instant;
import java.util.List;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.tenancy.Scopes;

/**
 * {@code POST /api/v2/api_keys}: a name (1 to 100 characters), at least one scope by its exact wire name, and
 * optionally when the key stops working (must be in the future, judged by the database when the key is stored).
 */
public record CreateApiKeyCommand(String name, Scopes scopes, Instant expiresAt) {

    public static final int MAX_NAME = 100;

    public CreateApiKeyCommand {
        if (name == null || name.isBlank()) {
            throw DomainError.invalidArgument("name is required");
        }
        name = name.strip();
        if (name.length() > MAX_NAME) {
            throw DomainError.invalidArgument("name must be at most " + MAX_NAME + " characters");
        }
        if (scopes == null) {
            throw DomainError.invalidArgument("scopes must name at least one scope");
        }
    }

    /** From the request's values: the scopes by their wire names (an unknown one is an {@code invalid_argument}). */
    public static CreateApiKeyCommand of(String name, List<String> scopes, Instant expiresAt) {
        return new CreateApiKeyCommand(name, Scopes.parse(scopes), expiresAt);
    }
}
