package io.mizani.adapter.rest.common;

import java.util.stream.Collectors;

import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import io.mizani.domain.error.DomainError;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

/** One place that turns every failure into the surface's error shape. No stack trace or SQL reaches a client. */
class ErrorMappers {

    /** The HTTP status of each kind of domain refusal. */
    static int status(DomainError.Kind kind) {
        return switch (kind) {
            case INVALID_ARGUMENT -> 400;
            case UNAUTHENTICATED -> 401;
            case PAYMENT_REQUIRED -> 402;
            case FORBIDDEN -> 403;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case PRECONDITION_FAILED -> 412;
            case UNPROCESSABLE -> 422;
            case BAD_GATEWAY -> 502;
            case UNAVAILABLE -> 503;
        };
    }

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    @ServerExceptionMapper
    Response domain(DomainError e, HttpServerRequest request) {
        if (e.kind() == DomainError.Kind.UNAVAILABLE) { // a bounded wait ran out (ChargeGate): retry in a moment
            return Response.fromResponse(ErrorBodies.of(request.path(), e)).header("Retry-After", "1").build();
        }
        return ErrorBodies.of(request.path(), e);
    }

    @ServerExceptionMapper({AuthenticationFailedException.class, UnauthorizedException.class})
    Response unauthenticated(RuntimeException e, HttpServerRequest request, io.vertx.ext.web.RoutingContext rc) {
        if (Outages.databaseUnreachable(e)) {
            return unavailable(e, request);
        }
        Response signIn = io.mizani.adapter.rest.console.ConsoleSignInResource.redirectBrowser(request, rc);
        if (signIn != null) {
            return signIn;
        }
        return ErrorBodies.response(request.path(), 401, "unauthenticated",
                "missing or invalid API credentials: use HTTP Basic with your API username and password");
    }

    @ServerExceptionMapper
    Response forbidden(ForbiddenException e, HttpServerRequest request) {
        return ErrorBodies.response(request.path(), 403, "forbidden", "these credentials may not use this endpoint");
    }

    @ServerExceptionMapper
    Response badValue(InvalidFormatException e, HttpServerRequest request) {
        return badJson(e, request);
    }

    @ServerExceptionMapper
    Response badShape(MismatchedInputException e, HttpServerRequest request) {
        return badJson(e, request);
    }

    @ServerExceptionMapper
    Response badJson(JsonProcessingException e, HttpServerRequest request) {
        String field = e instanceof JsonMappingException jm && !jm.getPath().isEmpty()
                ? jm.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                        .collect(Collectors.joining(".")).replace(".[", "[")
                : null;
        String message;
        if (field != null && e instanceof JsonNumberOnly.NumberExpected) {
            message = field + " must be a JSON number such as 100 or 100.50, not a string";
        } else if (field != null && (e instanceof InvalidFormatException || e instanceof MismatchedInputException)) {
            message = field + " has the wrong type or format";
        } else if (field != null) {
            message = field + " is invalid";
        } else {
            message = "the request body is not valid JSON";
        }
        return ErrorBodies.response(request.path(), 400, code(request), message);
    }

    @ServerExceptionMapper
    Response notFound(NotFoundException e, HttpServerRequest request) {
        return ErrorBodies.response(request.path(), 404, "not_found", "no such resource: " + request.path());
    }

    @ServerExceptionMapper
    Response notAllowed(NotAllowedException e, HttpServerRequest request) {
        return ErrorBodies.response(request.path(), 405, "method_not_allowed",
                request.method() + " is not allowed on " + request.path());
    }

    @ServerExceptionMapper
    Response unsupported(NotSupportedException e, HttpServerRequest request) {
        return ErrorBodies.response(request.path(), 415, "unsupported_media_type", "send the body as application/json");
    }

    @ServerExceptionMapper
    Response web(WebApplicationException e, HttpServerRequest request) {
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        if (Outages.databaseUnreachable(e)) {
            return unavailable(e, request);
        }
        String limit = switch (status) {
            case 413 -> "payload_too_large";
            case 414 -> "uri_too_long";
            case 431 -> "headers_too_large";
            default -> null;
        };
        if (limit != null) {
            return ErrorBodies.response(request.path(), status, limit, "the request exceeds the size limits");
        }
        if (status >= 500) {
            LOG.error("request failed: " + request.method() + " " + request.path(), e);
            return ErrorBodies.response(request.path(), 500, "internal", "internal error");
        }
        String code = status == 400 ? code(request) : "http_" + status;
        return ErrorBodies.response(request.path(), status, code,
                status == 400 ? "the request is malformed" : Response.Status.fromStatusCode(status) == null
                        ? "request refused" : Response.Status.fromStatusCode(status).getReasonPhrase());
    }

    @ServerExceptionMapper
    Response unexpected(Exception e, HttpServerRequest request) {
        if (Outages.databaseUnreachable(e)) {
            return unavailable(e, request);
        }
        LOG.error("request failed: " + request.method() + " " + request.path(), e);
        return ErrorBodies.response(request.path(), 500, "internal", "internal error");
    }

    /** platform.md section 11: the database is out of reach: 503 with Retry-After 1, never a 500; no stack trace. */
    private static Response unavailable(Throwable e, HttpServerRequest request) {
        LOG.warn("database unreachable: " + request.method() + " " + request.path() + ": " + Outages.describe(e));
        Response r = ErrorBodies.response(request.path(), 503, "unavailable",
                "the service is briefly unavailable: retry in a moment");
        return Response.fromResponse(r).header("Retry-After", "1").build();
    }

    /** A 400 is `invalid_request` on the verification surface and `invalid_argument` elsewhere. */
    private static String code(HttpServerRequest request) {
        return ErrorBodies.isVerificationSurface(request.path()) ? "invalid_request" : "invalid_argument";
    }
}
