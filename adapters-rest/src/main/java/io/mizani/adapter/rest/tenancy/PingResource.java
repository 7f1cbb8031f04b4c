package io.mizani.adapter.rest.tenancy;

import java.util.Map;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * No-op endpoints: {@code GET /api/v2/ping} tells a merchant which account its credentials act for (a cheap
 * credentials check for integrators); {@code GET /ping} is its public twin. Side by side they measure what
 * authentication costs (bench/foundation.sh).
 */
@Tag(name = "Teams")
@Path("/api/v2/ping")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed("merchant")
public class PingResource {

    private final CurrentMerchant current;

    PingResource(CurrentMerchant current) {
        this.current = current;
    }

    @Operation(operationId = "ping", summary = "Check the credentials")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Ping")))
    @GET
    public Map<String, Object> ping() {
        var m = current.merchant();
        return Map.of("ok", true, "account_id", m.accountId(), "user_id", m.userId());
    }

    /** The public twin. */
    @Path("/ping")
    @Produces(MediaType.APPLICATION_JSON)
    @PermitAll
    public static class Public {
        @GET
        public Map<String, Object> ping() {
            return Map.of("ok", true);
        }
    }
}
