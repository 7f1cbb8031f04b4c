package io.mizani.application.verification;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.error.DomainError.Kind;

/** The refusals of the verification surface, with their exact messages and reasons (platform.md section 4). */
public final class VerificationErrors {

    public static final String NOT_ENABLED_MESSAGE = "identity checks are not enabled: turn them on in Settings";
    public static final String NOT_AVAILABLE_MESSAGE = "identity checks are not available on this account";
    public static final String INSUFFICIENT_MESSAGE = "insufficient service wallet balance";

    private VerificationErrors() {
    }

    public static DomainError unknownCheck(String key) {
        return new DomainError(Kind.NOT_FOUND, "not_found", "unknown check: " + key);
    }

    public static DomainError tokenNotFound() {
        return new DomainError(Kind.NOT_FOUND, "not_found", "token not found");
    }

    public static DomainError notAvailable() {
        return new DomainError(Kind.FORBIDDEN, "not_available", NOT_AVAILABLE_MESSAGE);
    }

    public static DomainError notEnabled() {
        return new DomainError(Kind.PRECONDITION_FAILED, "not_enabled", NOT_ENABLED_MESSAGE);
    }

    public static DomainError insufficientBalance() {
        return new DomainError(Kind.PAYMENT_REQUIRED, "insufficient_balance", INSUFFICIENT_MESSAGE);
    }

    public static DomainError providerUnavailable(String label) {
        return new DomainError(Kind.BAD_GATEWAY, "provider_unavailable",
                "identity provider error: " + label + " verification is currently unavailable");
    }

    public static DomainError invalidRequest(String message) {
        return new DomainError(Kind.INVALID_ARGUMENT, "invalid_request", message);
    }
}
