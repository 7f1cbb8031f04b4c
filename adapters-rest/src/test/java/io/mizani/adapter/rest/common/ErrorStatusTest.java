package io.mizani.adapter.rest.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.error.DomainError.Kind;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The REST adapter's status for each kind of domain refusal, and the body that carries it. */
class ErrorStatusTest {

    @Test
    void every_kind_has_its_status() {
        Map<Kind, Integer> expected = new EnumMap<>(Kind.class);
        expected.put(Kind.INVALID_ARGUMENT, 400);
        expected.put(Kind.UNAUTHENTICATED, 401);
        expected.put(Kind.PAYMENT_REQUIRED, 402);
        expected.put(Kind.FORBIDDEN, 403);
        expected.put(Kind.NOT_FOUND, 404);
        expected.put(Kind.CONFLICT, 409);
        expected.put(Kind.PRECONDITION_FAILED, 412);
        expected.put(Kind.UNPROCESSABLE, 422);
        expected.put(Kind.BAD_GATEWAY, 502);
        expected.put(Kind.UNAVAILABLE, 503);
        assertEquals(Kind.values().length, expected.size(), "a new kind needs its status here");
        expected.forEach((kind, status) -> assertEquals(status, ErrorMappers.status(kind), kind.name()));
    }

    @Test
    void the_default_body_names_the_status_and_keeps_the_message() {
        DomainError e = new DomainError(Kind.PRECONDITION_FAILED, "not_enabled", "identity checks are not enabled");
        var response = ErrorBodies.of("/api/v2/transactions", e);
        assertEquals(412, response.getStatus());
        assertEquals(Map.of("error_code", "not_enabled", "error_message", "identity checks are not enabled",
                "status_code", 412), response.getEntity());
    }
}
