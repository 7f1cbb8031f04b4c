package io.mizani.adapter.rest.events;

import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.events.EventHistory;
import io.mizani.application.events.RedeliverEvent;
import io.mizani.application.events.SendTestEvent;
import io.mizani.application.events.StoredEvent;
import io.mizani.application.events.WebhookEndpointSettings;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Events the service sent (every callback and endpoint event), their attempts, redelivery; the webhook endpoint. */
@Tag(name = "Events")
@Path("/api/global")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class EventsResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    EventHistory history;
    @Inject
    RedeliverEvent redeliverEvent;
    @Inject
    WebhookEndpointSettings endpoints;
    @Inject
    SendTestEvent sendTestEvent;

    private long accountId() {
        return currentMerchant.merchant().accountId();
    }

    @Operation(operationId = "listEvents", summary = "List events (newest first)")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/events")
    public EventJson.EventsPage list(
            @Parameter(description = "Only events of this type") @QueryParam("type") String type,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        return EventJson.EventsPage.of(history.list(accountId(), type, limit, startingAfter));
    }

    @Operation(operationId = "getEvent", summary = "Read an event and its delivery attempts")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/events/{id}")
    public EventJson.EventDetailBody detail(
            @Parameter(description = ParameterText.EVENT_ID) @PathParam("id") String id) {
        return EventJson.EventDetailBody.of(history.detail(accountId(), id));
    }

    @Operation(operationId = "redeliverEvent", summary = "Send an event again")
    @APIResponse(responseCode = "202",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = EventJson.DeliveryOfEvent.class)))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @POST
    @Path("/events/{id}/redeliver")
    @Consumes(MediaType.WILDCARD) // no body: a plain `curl -X POST` (no Content-Type) is not a 415
    public Response redeliver(@Parameter(description = ParameterText.EVENT_ID) @PathParam("id") String id) {
        var delivery = redeliverEvent.redeliver(accountId(), id);
        return Response.accepted(new EventJson.DeliveryOfEvent(id, EventJson.DeliveryBody.of(delivery))).build();
    }

    @Operation(operationId = "getWebhookEndpoint", summary = "Read the webhook endpoint")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/webhooks/endpoint")
    public EventJson.EndpointBody endpoint() {
        return new EventJson.EndpointBody(endpoints.endpoint(accountId()).orElse(null));
    }

    @Operation(operationId = "setWebhookEndpoint", summary = "Set the webhook endpoint")
    @APIResponse(responseCode = "200")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"url\":\"https://merchant.example/webhooks/mizani\"}"))
    @PUT
    @Path("/webhooks/endpoint")
    @io.mizani.adapter.rest.audit.Audited(action = "webhook_endpoint.set", target = "account")
    public EventJson.EndpointBody setEndpoint(EventJson.EndpointBody body) {
        return new EventJson.EndpointBody(endpoints.setEndpoint(accountId(), Requests.body(body).url()));
    }

    @Operation(operationId = "sendTestWebhook", summary = "Send a test event to the webhook endpoint")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "409")
    @POST
    @Path("/webhooks/test")
    @Consumes(MediaType.WILDCARD) // no body
    public EventJson.DeliveryOfEvent test() {
        StoredEvent e = sendTestEvent.sendTest(accountId());
        return new EventJson.DeliveryOfEvent(e.id(), EventJson.DeliveryBody.of(e.delivery()));
    }
}
