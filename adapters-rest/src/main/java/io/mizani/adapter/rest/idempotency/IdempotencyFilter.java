package io.mizani.adapter.rest.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.idempotency.CurrentIdempotencyKey;
import io.mizani.application.idempotency.IdempotencyService;
import io.mizani.domain.error.DomainError;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The server side of {@link Idempotent}: claims the key before the method runs and holds it for the request
 * ({@link RequestIdempotencyKey}: the use case records its recovery point under it in its own transaction), stores
 * the answer after.
 */
@Provider
@Idempotent
@Priority(Priorities.USER)
public class IdempotencyFilter implements ContainerRequestFilter, ContainerResponseFilter {

    public static final String HEADER = "Idempotency-Key";
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(IdempotencyFilter.class);
    static final String REPLAYED_HEADER = "Idempotent-Replayed";
    private static final String IN_PROGRESS = "idempotency_key_in_progress";
    private static final String CLAIM = IdempotencyFilter.class.getName() + ".claim";

    /** Resolved lazily: JAX-RS providers are created at static init, before configuration is available. */
    @Inject
    Instance<IdempotencyService> idempotencyService;

    @Inject
    CurrentMerchant currentMerchant;

    @Inject
    RequestIdempotencyKey held;

    @Inject
    ObjectMapper json;

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        String key = request.getHeaderString(HEADER);
        if (key == null) {
            return;
        }
        if (!IdempotencyService.validKey(key)) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_request",
                    "Idempotency-Key must be 1 to 255 printable ASCII characters");
        }
        byte[] body;
        try (InputStream in = request.getEntityStream()) {
            body = in == null ? new byte[0] : in.readAllBytes();
        }
        request.setEntityStream(new ByteArrayInputStream(body));
        long accountId = currentMerchant.merchant().accountId();
        String fingerprint = IdempotencyService.fingerprint(request.getMethod(),
                request.getUriInfo().getRequestUri().getRawPath() + "?" + nullToEmpty(request.getUriInfo().getRequestUri().getRawQuery()),
                body);
        switch (idempotencyService.get().begin(accountId, key, fingerprint)) {
            case IdempotencyService.Decision.Proceed p -> {
                var heldKey = new CurrentIdempotencyKey.HeldKey(accountId, key, p.leaseToken(), p.recoveryKind(),
                        p.recoveryRef());
                request.setProperty(CLAIM, heldKey);
                held.hold(heldKey);
            }
            case IdempotencyService.Decision.Replay r -> request.abortWith(Response.status(r.status())
                    .entity(r.body()).type(MediaType.APPLICATION_JSON_TYPE).header(REPLAYED_HEADER, "true").build());
            case IdempotencyService.Decision.Reused u -> throw new DomainError(DomainError.Kind.UNPROCESSABLE,
                    "idempotency_key_reused",
                    "Idempotency-Key was already used with a different request");
            case IdempotencyService.Decision.InProgress i -> throw new DomainError(DomainError.Kind.CONFLICT,
                    IN_PROGRESS,
                    "a request with this Idempotency-Key is still in progress");
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) throws IOException {
        if (!(request.getProperty(CLAIM) instanceof CurrentIdempotencyKey.HeldKey claimed)) {
            return;
        }
        request.removeProperty(CLAIM);
        held.release();
        int status = response.getStatus();
        Object entity = response.getEntity();
        String body = entity == null ? null
                : entity instanceof String s ? s : json.writeValueAsString(entity);
        if (status == 409 && body != null && body.contains("\"" + IN_PROGRESS + "\"")) {
            // left in flight: an earlier request's change is not final yet (a later retry answers it), or this
            // request lost its lease (its change rolled back)
            return;
        }
        if (claimed.leaseToken() == null) {
            return; // answered from the recovery point of a key another request still holds: it stores the answer
        }
        if (status == 503) {
            // "retry in a moment" (a per-merchant queue that was full, a database outage): a retry with this key must
            // run again, not replay the 503; a change that did commit keeps its recovery point (release keeps the key)
            try {
                idempotencyService.get().release(claimed.accountId(), claimed.key(), claimed.leaseToken());
            } catch (RuntimeException e) {
                LOG.warnf("Idempotency-Key not released after 503 (%s); the key stays in flight", e.getMessage());
            }
            return;
        }
        try {
            idempotencyService.get().complete(claimed.accountId(), claimed.key(), claimed.leaseToken(), status, body);
        } catch (RuntimeException e) {
            // the change (if any) committed with its recovery point: the client gets the real answer, and a retry
            // answers it again from the recovery point; the key stays in flight
            LOG.warnf("Idempotency-Key answer not stored (%s); the key stays in flight", e.getMessage());
        }
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
