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

/**
 * A Team's API keys (platform.md section 19; docs/api-keys.md). Only an owner or admin of the Team, with a credential
 * holding every scope (EndpointScopes: {@code FULL}), manages them.
 */
@Path("/api/v2/api_keys")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ApiKeyResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    ManageApiKeys apiKeys;

    @POST
    @ResponseStatus(201)
    @io.mizani.adapter.rest.audit.Audited(action = "api_key.create", target = "api_key", id = "result.api_key.key_id")
    public ApiKeyJson.ApiKeyIssued create(ApiKeyJson.ApiKeyCreateBody body) {
        return ApiKeyJson.ApiKeyIssued.of(apiKeys.create(currentMerchant.merchant(), Requests.body(body).toCommand()));
    }

    @GET
    public ApiKeyJson.ApiKeyList list() {
        return ApiKeyJson.ApiKeyList.of(apiKeys.list(currentMerchant.merchant()));
    }

    @DELETE
    @Path("/{key_id}")
    @io.mizani.adapter.rest.audit.Audited(action = "api_key.revoke", target = "api_key", id = "key_id")
    public ApiKeyJson.ApiKeyRevoked revoke(@PathParam("key_id") String keyId) {
        return ApiKeyJson.ApiKeyRevoked.of(apiKeys.revoke(currentMerchant.merchant(), keyId));
    }
}
