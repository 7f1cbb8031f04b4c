package io.mizani.adapter.rest.operator;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.mizani.adapter.rest.audit.Audited;
import io.mizani.adapter.rest.common.Requests;
import io.mizani.application.operator.ManageOperators;
import io.mizani.application.operator.OperatorStore;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.resteasy.reactive.ResponseStatus;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Named operators (platform.md section 18): the admin role manages them; every role lists them. */
@Tag(name = "Operator")
@Path("/api/admin/operators")
@RolesAllowed("operator")
@Audited
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class OperatorResource {

    public record OperatorRequest(@Schema(required = true) String username, @Schema(required = true) String role) {
    }

    public record OperatorBody(long id, String username, String role, Instant createdAt) {
        static OperatorBody of(OperatorStore.Operator o) {
            return new OperatorBody(o.id(), o.username(), o.role().wire(), o.createdAt());
        }
    }

    public record CreatedBody(OperatorBody operator, String password) {
    }

    public record OperatorList(List<OperatorBody> operators) {
    }

    private final ManageOperators operators;

    OperatorResource(ManageOperators operators) {
        this.operators = operators;
    }

    @Operation(operationId = "createOperator", summary = "Create a named operator (password shown once)")
    @APIResponse(responseCode = "201",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CreatedBody.class)))
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"username\":\"amina.finance\",\"role\":\"finance\"}"))
    @POST
    @ResponseStatus(201)
    @Audited(action = "operator.create", target = "operator", id = "body.username")
    public CreatedBody create(OperatorRequest body) {
        Requests.body(body);
        var created = operators.create(new ManageOperators.Command(body.username(), body.role()));
        return new CreatedBody(OperatorBody.of(created.operator()), created.password());
    }

    @Operation(operationId = "listOperators", summary = "List the operators")
    @APIResponse(responseCode = "200")
    @GET
    public OperatorList list() {
        return new OperatorList(operators.list().stream().map(OperatorBody::of).toList());
    }

    @Operation(operationId = "deleteOperator", summary = "Delete an operator (its logins are refused)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "OperatorDeleted")))
    @APIResponse(responseCode = "404")
    @DELETE
    @Path("/{username}")
    @Audited(action = "operator.delete", target = "operator", id = "username")
    public Map<String, Object> delete(
            @Parameter(description = ParameterText.USERNAME) @PathParam("username") String username) {
        operators.delete(username);
        return Map.of("deleted", true);
    }
}
