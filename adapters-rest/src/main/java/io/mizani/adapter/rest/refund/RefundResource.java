package io.mizani.adapter.rest.refund;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.mizani.adapter.rest.idempotency.Idempotent;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.refund.ReadRefunds;
import io.mizani.application.refund.RefundView;
import io.mizani.application.refund.StartRefund;
import io.mizani.application.refund.StartRefundCommand;
import io.mizani.domain.error.DomainError;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Refunds of succeeded collections (platform.md section 15): start one, read one, list them. */
@Tag(name = "Payments")
@Path("/api/global/refunds")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class RefundResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    StartRefund startRefund;
    @Inject
    ReadRefunds readRefunds;

    /** The request body; {@code amount} optional (the whole refundable amount), a JSON number. */
    public record StartRefundBody(@Schema(required = true) String merchantReference,
                                  @Schema(required = true) String refundReference,
                                  @JsonDeserialize(using = io.mizani.adapter.rest.common.JsonNumberOnly.class)
                                  BigDecimal amount,
                                  String reason) {

        StartRefundCommand toCommand(long accountId) {
            return new StartRefundCommand(accountId, merchantReference, refundReference, amount, reason);
        }
    }

    @Operation(operationId = "startRefund", summary = "Refund a succeeded collection (whole or part)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "RefundEnvelope")))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @APIResponse(responseCode = "422")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"merchant_reference\":\"order-1001\",\"refund_reference\":\"refund-1001-1\","
                        + "\"amount\":40,\"reason\":\"item returned\"}"))
    @POST
    @Idempotent
    public Map<String, Object> start(StartRefundBody body) {
        long accountId = currentMerchant.merchant().accountId();
        if (body == null) {
            throw DomainError.invalidArgument("request body is required");
        }
        return Map.of("refund", RefundView.asMap(startRefund.start(body.toCommand(accountId))));
    }

    @Operation(operationId = "getRefund", summary = "Read a refund")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "RefundEnvelope")))
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{refund_reference}")
    public Map<String, Object> find(
            @Parameter(description = "The refund's reference (`refund_reference`)")
            @PathParam("refund_reference") String refundReference) {
        long accountId = currentMerchant.merchant().accountId();
        return Map.of("refund", RefundView.asMap(readRefunds.find(accountId, refundReference)));
    }

    @Operation(operationId = "listRefunds", summary = "List refunds (newest first)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "RefundsPage")))
    @APIResponse(responseCode = "404")
    @GET
    public Map<String, Object> list(
            @Parameter(description = "Only refunds of the payment with this `merchant_reference`")
            @QueryParam("merchant_reference") String merchantReference,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        long accountId = currentMerchant.merchant().accountId();
        var page = readRefunds.list(accountId, new ReadRefunds.Query(merchantReference, limit, startingAfter));
        var out = new LinkedHashMap<String, Object>();
        out.put("refunds", page.refunds().stream().map(RefundView::asMap).toList());
        out.put("has_more", page.hasMore());
        return out;
    }
}
