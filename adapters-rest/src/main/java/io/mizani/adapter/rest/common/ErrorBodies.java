package io.mizani.adapter.rest.common;

import java.util.LinkedHashMap;
import java.util.Map;

import io.mizani.domain.error.DomainError;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The error body shapes of the contract, chosen by the surface the request came in on:
 * verification ({@code /api/v1/kyc}) answers {@code {error, reason}}; the COMPACT shape is {@code {error_code, message}};
 * everything else {@code {error_code, error_message, status_code}}.
 */
public final class ErrorBodies {

    /** The HTTP status a domain error kind answers (one home: {@link ErrorMappers}); for pages outside the JSON shape. */
    public static int status(io.mizani.domain.error.DomainError.Kind kind) {
        return ErrorMappers.status(kind);
    }

    public static final String CHALLENGE = "Basic realm=\"mizani\"";

    private ErrorBodies() {
    }

    public static boolean isVerificationSurface(String path) {
        return path != null && path.startsWith("/api/v1/kyc");
    }

    public static Map<String, Object> body(String path, int status, String code, String message,
                                           DomainError.Shape shape, Map<String, Object> details) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (isVerificationSurface(path)) {
            // platform.md section 2: on this surface the 401 body's `error` itself is `unauthenticated`.
            body.put("error", "unauthenticated".equals(code) ? code : message);
            body.put("reason", code);
        } else if (shape == DomainError.Shape.COMPACT) {
            body.put("error_code", code);
            body.put("message", message);
        } else {
            body.put("error_code", code);
            body.put("error_message", message);
            body.put("status_code", status);
        }
        details.forEach(body::putIfAbsent);
        return body;
    }

    public static Response response(String path, int status, String code, String message) {
        return response(path, status, code, message, DomainError.Shape.DEFAULT, Map.of());
    }

    public static Response response(String path, int status, String code, String message, DomainError.Shape shape,
                                    Map<String, Object> details) {
        Response.ResponseBuilder rb = Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(body(path, status, code, message, shape, details));
        if (status == 401) {
            rb.header("WWW-Authenticate", CHALLENGE);
        }
        return rb.build();
    }

    public static Response of(String path, DomainError e) {
        return response(path, ErrorMappers.status(e.kind()), e.code(), e.getMessage(), e.shape(), e.details());
    }
}
