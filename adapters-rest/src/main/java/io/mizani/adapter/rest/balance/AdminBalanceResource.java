package io.mizani.adapter.rest.balance;

import io.mizani.adapter.rest.common.JsonNumberOnly;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.audit.Needs;
import io.mizani.adapter.rest.operator.ApprovalResource;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.balance.AdjustBalance;
import io.mizani.application.operator.FourEyes;
import io.mizani.domain.operator.OperatorPermission;
import jakarta.ws.rs.core.Response;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Operator adjustments of a Team's payment balance (platform.md section 9). */
@Tag(name = "Operator")
@Path("/api/admin/accounts/{account_id}/balances")
@RolesAllowed("operator")
@io.mizani.adapter.rest.audit.Audited
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AdminBalanceResource {

    public record AdjustmentRequest(
            @Schema(required = true) @JsonDeserialize(using = JsonNumberOnly.class) BigDecimal amount,
            @Schema(required = true) String reference,
            String reason) {
    }

    @Inject
    FourEyes fourEyes;
    @Inject
    CurrentOperator operator;

    /**
     * 200 {@code {account_id, currency, available}}; at or above the approval threshold 202 {@code {approval}} and
     * nothing moves until another admin or finance operator approves it (platform.md section 18).
     */
    @Operation(operationId = "adjustBalance", summary = "Adjust a Team's payment balance")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "BalanceAdjustment")))
    @APIResponse(responseCode = "202", description = ApprovalResource.PENDING, content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApprovalResource.ApprovalEnvelope.class)))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"amount\":1000,\"reference\":\"adj-2026-001\",\"reason\":\"opening float\"}"))
    @POST
    @Path("/{currency}/adjustments")
    @Needs(OperatorPermission.FINANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "balance.adjust", target = "account", id = "account_id")
    public Response adjust(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId,
            @Parameter(description = ParameterText.CURRENCY) @PathParam("currency") String currency,
            AdjustmentRequest body) {
        long id = Requests.pathId(accountId, "account");
        Requests.body(body);
        var command = new AdjustBalance.Command(id, currency, body.amount(), body.reference(), body.reason());
        return switch (fourEyes.adjust(command, operator.context())) {
            case FourEyes.Applied a -> Response.ok(a.result()).build();
            case FourEyes.Pending p -> Response.status(202)
                    .entity(new ApprovalResource.ApprovalEnvelope(ApprovalResource.ApprovalBody.of(p.approval())))
                    .build();
        };
    }
}
