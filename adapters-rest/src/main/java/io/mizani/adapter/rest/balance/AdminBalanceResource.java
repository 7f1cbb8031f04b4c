package io.mizani.adapter.rest.balance;

import io.mizani.adapter.rest.common.JsonNumberOnly;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.mizani.adapter.rest.common.Requests;
import io.mizani.application.balance.AdjustBalance;
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

/** Operator adjustments of a Team's payment balance (platform.md section 9). */
@Path("/api/admin/accounts/{account_id}/balances")
@RolesAllowed("operator")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AdminBalanceResource {

    public record AdjustmentRequest(@JsonDeserialize(using = JsonNumberOnly.class) BigDecimal amount, String reference, String reason) {
    }

    @Inject
    AdjustBalance adjust;

    @POST
    @Path("/{currency}/adjustments")
    public Map<String, Object> adjust(@PathParam("account_id") String accountId, @PathParam("currency") String currency,
                                      AdjustmentRequest body) {
        long id = Requests.pathId(accountId, "account");
        Requests.body(body);
        var a = adjust.adjust(new AdjustBalance.Command(id, currency, body.amount(), body.reference(), body.reason()));
        var out = new LinkedHashMap<String, Object>();
        out.put("account_id", a.accountId());
        out.put("currency", a.currency());
        out.put("available", a.available());
        return out;
    }
}
