package io.mizani.domain.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal, named by its {@link Kind} (what went wrong, not how a protocol says it). Domain and application code
 * throw it; the REST adapter maps the kind to an HTTP status and renders the exact body shape of the surface the
 * request came in on:
 * <ul>
 *   <li>{@code /api/v1/kyc}: {@code {error: message, reason: code}}</li>
 *   <li>{@link Shape#COMPACT} (tier-0 refusal, invalid token in a KYC submission): {@code {error_code: code, message}}</li>
 *   <li>everything else: {@code {error_code: code, error_message: message, status_code}}</li>
 * </ul>
 * {@link #details()} are merged into the body (for example {@code invalid_arguments}).
 */
public final class DomainError extends RuntimeException {

    /** What kind of refusal this is; the REST adapter maps each to its status (ErrorMappers). */
    public enum Kind {
        /** The request itself is wrong (a field, a format, a rule it breaks). */
        INVALID_ARGUMENT,
        /** No or wrong credentials. */
        UNAUTHENTICATED,
        /** The caller's money does not cover it. */
        PAYMENT_REQUIRED,
        /** The caller may not do this. */
        FORBIDDEN,
        /** No such thing for this caller. */
        NOT_FOUND,
        /** It clashes with the current state. */
        CONFLICT,
        /** A precondition of the caller's settings does not hold (a feature not enabled). */
        PRECONDITION_FAILED,
        /** Well formed but cannot be processed (a reused idempotency key with another body). */
        UNPROCESSABLE,
        /** The upstream provider failed. */
        BAD_GATEWAY,
        /** The service cannot take it now. */
        UNAVAILABLE
    }

    public enum Shape { DEFAULT, COMPACT }

    private final Kind kind;
    private final String code;
    private final Shape shape;
    private final Map<String, Object> details;

    public DomainError(Kind kind, String code, String message) {
        this(kind, code, message, Shape.DEFAULT, Map.of());
    }

    public DomainError(Kind kind, String code, String message, Shape shape, Map<String, Object> details) {
        super(message, null, false, false);
        this.kind = kind;
        this.code = code;
        this.shape = shape;
        this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    public static DomainError invalidArgument(String message) {
        return new DomainError(Kind.INVALID_ARGUMENT, "invalid_argument", message);
    }

    public static DomainError notFound(String message) {
        return new DomainError(Kind.NOT_FOUND, "not_found", message);
    }

    public static DomainError conflict(String code, String message) {
        return new DomainError(Kind.CONFLICT, code, message);
    }

    public Kind kind() {
        return kind;
    }

    public String code() {
        return code;
    }

    public Shape shape() {
        return shape;
    }

    public Map<String, Object> details() {
        return details;
    }
}
