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

/** Refunds of succeeded collections (platform.md section 15): start one, read one, list them. */
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

    @POST
    @Idempotent
    public Map<String, Object> start(StartRefundBody body) {
        long accountId = currentMerchant.merchant().accountId();
        if (body == null) {
            throw DomainError.invalidArgument("request body is required");
        }
        return Map.of("refund", RefundView.asMap(startRefund.start(body.toCommand(accountId))));
    }

    @GET
    @Path("/{refund_reference}")
    public Map<String, Object> find(@PathParam("refund_reference") String refundReference) {
        long accountId = currentMerchant.merchant().accountId();
        return Map.of("refund", RefundView.asMap(readRefunds.find(accountId, refundReference)));
    }

    @GET
    public Map<String, Object> list(@QueryParam("merchant_reference") String merchantReference,
                                    @QueryParam("limit") String limit,
                                    @QueryParam("starting_after") String startingAfter) {
        long accountId = currentMerchant.merchant().accountId();
        var page = readRefunds.list(accountId, new ReadRefunds.Query(merchantReference, limit, startingAfter));
        var out = new LinkedHashMap<String, Object>();
        out.put("refunds", page.refunds().stream().map(RefundView::asMap).toList());
        out.put("has_more", page.hasMore());
        return out;
    }
}
