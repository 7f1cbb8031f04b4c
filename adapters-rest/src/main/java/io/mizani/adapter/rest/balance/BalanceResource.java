package io.mizani.adapter.rest.balance;

import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.balance.MerchantBalances;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** The caller's payment balances and their ledger (platform.md section 9). */
@Tag(name = "Balances")
@Path("/api/global/balances")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
public class BalanceResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    MerchantBalances balances;

    @Operation(operationId = "listBalances", summary = "Read the payment balances")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "BalancesBody")))
    @GET
    public Map<String, Object> balances() {
        List<Map<String, Object>> rows = balances.balances(currentMerchant.merchant().accountId()).stream()
                .map(BalanceResource::balance).toList();
        return Map.of("balances", rows);
    }

    @Operation(operationId = "listBalanceEntries", summary = "List a balance's ledger entries")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "BalanceEntriesPage")))
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{currency}/entries")
    public Map<String, Object> entries(
            @Parameter(description = ParameterText.CURRENCY) @PathParam("currency") String currency,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        var page = balances.entries(currentMerchant.merchant().accountId(), currency, limit, startingAfter);
        var out = new LinkedHashMap<String, Object>();
        out.put("entries", page.entries().stream().map(BalanceResource::entry).toList());
        out.put("has_more", page.hasMore());
        return out;
    }

    static Map<String, Object> balance(BalanceLedger.Balance b) {
        var m = new LinkedHashMap<String, Object>();
        m.put("currency", b.currency());
        m.put("available", b.available().amount());
        m.put("reserved", b.reserved().amount());
        m.put("incoming", b.incoming().amount());
        return m;
    }

    static Map<String, Object> entry(BalanceLedger.Entry e) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", e.id());
        m.put("type", e.type().wire());
        m.put("amount", e.amount().amount());
        m.put("currency", e.currency());
        m.put("available_after", e.availableAfter().amount());
        m.put("transaction_reference", e.transactionReference());
        m.put("created_at", DateTimeFormatter.ISO_INSTANT.format(e.createdAt().truncatedTo(ChronoUnit.MILLIS)));
        return m;
    }
}
