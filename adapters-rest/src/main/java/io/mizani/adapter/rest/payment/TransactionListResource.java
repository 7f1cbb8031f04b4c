package io.mizani.adapter.rest.payment;

import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.payment.ListTransactions;
import io.mizani.application.payment.TransactionView;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** GET /api/global/transactions (platform.md section 10): the caller's transactions, newest first. */
@Tag(name = "Payments")
@Path("/api/global/transactions")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
public class TransactionListResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    ListTransactions listTransactions;

    @Operation(operationId = "listTransactions", summary = "List payments (newest first)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "TransactionsPage")))
    @GET
    public Map<String, Object> list(
            @Parameter(description = ParameterText.STATUS) @QueryParam("status") String status,
            @Parameter(description = "Only `payment` (collections) or `withdrawal` (payouts)")
            @QueryParam("request_type") String requestType,
            @Parameter(description = "Only payments carried by this provider (e.g. `mpesa_ke`)")
            @QueryParam("provider") String provider,
            @Parameter(description = ParameterText.FROM) @QueryParam("from") String from,
            @Parameter(description = ParameterText.TO) @QueryParam("to") String to,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        var page = listTransactions.list(currentMerchant.merchant().accountId(),
                new ListTransactions.Query(ListTransactions.status(status), ListTransactions.requestType(requestType),
                        provider, from, to, limit, startingAfter));
        var out = new LinkedHashMap<String, Object>();
        out.put("transactions", page.transactions().stream().map(TransactionView::asMap).toList());
        out.put("has_more", page.hasMore());
        return out;
    }
}
