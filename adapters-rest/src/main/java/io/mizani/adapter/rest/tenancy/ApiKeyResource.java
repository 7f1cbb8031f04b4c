package io.mizani.adapter.rest.tenancy;

import org.jboss.resteasy.reactive.ResponseStatus;

import io.mizani.adapter.rest.common.Requests;
import io.mizani.application.tenancy.ManageApiKeys;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * A Team's API keys (platform.md section 19; docs/api-keys.md). Only an owner or admin of the Team, with a credential
 * holding every scope (EndpointScopes: {@code FULL}), manages them.
 */
@Tag(name = "Teams")
@Path("/api/v2/api_keys")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ApiKeyResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    ManageApiKeys apiKeys;

    @Operation(operationId = "createApiKey", summary = "Create an API key with scopes")
    @APIResponse(responseCode = "201",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApiKeyJson.ApiKeyIssued.class)))
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"name\":\"payouts server\",\"scopes\":[\"payments:payout\",\"payments:read\"],"
                        + "\"expires_at\":\"2027-06-30T00:00:00Z\"}"))
    @POST
    @ResponseStatus(201)
    @io.mizani.adapter.rest.audit.Audited(action = "api_key.create", target = "api_key", id = "result.api_key.key_id")
    public ApiKeyJson.ApiKeyIssued create(ApiKeyJson.ApiKeyCreateBody body) {
        return ApiKeyJson.ApiKeyIssued.of(apiKeys.create(currentMerchant.merchant(), Requests.body(body).toCommand()));
    }

    @Operation(operationId = "listApiKeys", summary = "List the Team's API keys")
    @APIResponse(responseCode = "200")
    @GET
    public ApiKeyJson.ApiKeyList list() {
        return ApiKeyJson.ApiKeyList.of(apiKeys.list(currentMerchant.merchant()));
    }

    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @DELETE
    @Path("/{key_id}")
    @io.mizani.adapter.rest.audit.Audited(action = "api_key.revoke", target = "api_key", id = "key_id")
    public ApiKeyJson.ApiKeyRevoked revoke(
            @Parameter(description = "The API key's id (`key_id`)") @PathParam("key_id") String keyId) {
        return ApiKeyJson.ApiKeyRevoked.of(apiKeys.revoke(currentMerchant.merchant(), keyId));
    }
}
