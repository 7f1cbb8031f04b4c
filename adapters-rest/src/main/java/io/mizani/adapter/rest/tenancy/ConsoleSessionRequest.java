package io.mizani.adapter.rest.tenancy;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** The console's session cookie, to be resumed ({@link ConsoleSessionIdentityProvider}). */
public final class ConsoleSessionRequest extends BaseAuthenticationRequest {

    private final String token;

    public ConsoleSessionRequest(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }
}
