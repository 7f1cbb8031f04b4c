package io.mizani.domain.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal the service answers with a 4xx/5xx. Domain and application code throw it; the REST adapter
 * turns it into the exact body shape of the surface the request came in on:
 * <ul>
 *   <li>{@code /api/v1/kyc}: {@code {error: message, reason: code}}</li>
 *   <li>{@link Shape#COMPACT} (tier-0 refusal, invalid token in a KYC submission): {@code {error_code: code, message}}</li>
 *   <li>everything else: {@code {error_code: code, error_message: message, status_code}}</li>
 * </ul>
 * {@link #details()} are merged into the body (for example {@code invalid_arguments}).
 */
public final class DomainError extends RuntimeException {

    public enum Kind {
        INVALID_ARGUMENT(400), UNAUTHENTICATED(401), PAYMENT_REQUIRED(402), FORBIDDEN(403), NOT_FOUND(404),
        CONFLICT(409), PRECONDITION_FAILED(412), UNPROCESSABLE(422), BAD_GATEWAY(502), UNAVAILABLE(503);

        private final int httpStatus;

        Kind(int httpStatus) {
            this.httpStatus = httpStatus;
        }

        public int httpStatus() {
            return httpStatus;
        }
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
