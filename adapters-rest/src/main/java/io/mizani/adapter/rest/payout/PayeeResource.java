package io.mizani.adapter.rest.payout;

import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.payout.ResolvePayee;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** POST /api/global/payees/resolve (platform.md section 16): who holds an account, and how a name compares. */
@Tag(name = "Payments")
@Path("/api/global/payees")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PayeeResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    ResolvePayee resolvePayee;

    public record NameBody(String firstName, String lastName) {
    }

    /** {@code bank_code} is needed on bank rails only; {@code name} is optional. */
    public record ResolveBody(@Schema(required = true) String country, @Schema(required = true) String provider,
                              @Schema(required = true) String accountNumber, String bankCode, NameBody name) {
    }

    /** {@code account_name} absent unless resolved, {@code match} absent unless a name was sent and it resolved. */
    @Operation(operationId = "resolvePayee", summary = "Confirm who holds a payee's account (and how a name compares)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "PayeeResolution")))
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"country\":\"KE\",\"provider\":\"mpesa_ke\",\"account_number\":\"+254700000123\","
                        + "\"name\":{\"first_name\":\"Ada\",\"last_name\":\"Obi\"}}"))
    @POST
    @Path("/resolve")
    public Map<String, Object> resolve(ResolveBody body) {
        Requests.body(body);
        var r = resolvePayee.resolve(new ResolvePayee.Command(currentMerchant.merchant().accountId(), body.country(),
                body.provider(), body.accountNumber(), body.bankCode(),
                body.name() == null ? null : new ResolvePayee.ExpectedName(body.name().firstName(),
                        body.name().lastName())));
        var out = new LinkedHashMap<String, Object>();
        out.put("status", r.status().wire());
        if (r.accountName() != null) {
            out.put("account_name", r.accountName());
        }
        if (r.match() != null) {
            var m = new LinkedHashMap<String, Object>();
            m.put("score", r.match().score());
            m.put("first_name", r.match().firstName().wire());
            m.put("last_name", r.match().lastName().wire());
            out.put("match", m);
        }
        return out;
    }
}
