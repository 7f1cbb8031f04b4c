package io.mizani.adapter.rest.balance;

import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.application.balance.ManageTierLimits;
import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.error.DomainError;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Team tier limits: daily USD limits per KYC tier, shared by every replica (platform.md section 9). */
@Tag(name = "Operator")
@Path("/api/admin/tier-limits")
@RolesAllowed("operator")
@io.mizani.adapter.rest.audit.Audited
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class TierLimitsResource {

    private static final String WITHDRAWAL = "withdrawal_daily_usd";
    private static final String COLLECTION = "collection_daily_usd";

    @Inject
    ManageTierLimits limits;

    @Operation(operationId = "getTierLimits", summary = "Read the daily limits per KYC tier")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "TierLimits")))
    @GET
    public Map<String, Object> get() {
        return render(limits.get());
    }

    @Operation(operationId = "setTierLimits", summary = "Set the daily limits per KYC tier")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "TierLimits")))
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "TierLimits"),
                example = "{\"tiers\":{\"2\":{\"withdrawal_daily_usd\":5000,\"collection_daily_usd\":10000}}}"))
    @PUT
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.FINANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "tier_limits.set", target = "tier_limits")
    public Map<String, Object> put(JsonNode body) {
        return render(limits.replace(parse(body)));
    }

    static TierLimits parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw DomainError.invalidArgument("a JSON body {tiers: {...}} is required");
        }
        var names = new java.util.ArrayList<String>();
        body.fieldNames().forEachRemaining(names::add);
        for (String n : names) {
            if (!n.equals("tiers")) {
                throw DomainError.invalidArgument("unknown field " + n);
            }
        }
        JsonNode tiers = body.get("tiers");
        if (tiers == null || !tiers.isObject()) {
            throw DomainError.invalidArgument("tiers must be an object keyed by kyc tier (0 to 3)");
        }
        var out = new HashMap<Integer, TierLimits.Limit>();
        var it = tiers.fields();
        while (it.hasNext()) {
            var e = it.next();
            if (!Set.of("0", "1", "2", "3").contains(e.getKey())) {
                throw DomainError.invalidArgument("tiers: \"" + e.getKey() + "\" is not a kyc tier (0 to 3)");
            }
            JsonNode t = e.getValue();
            if (t.isNull()) {
                continue;
            }
            if (!t.isObject()) {
                throw DomainError.invalidArgument("tiers." + e.getKey() + " must be an object");
            }
            var fields = new java.util.ArrayList<String>();
            t.fieldNames().forEachRemaining(fields::add);
            for (String f : fields) {
                if (!f.equals(WITHDRAWAL) && !f.equals(COLLECTION)) {
                    throw DomainError.invalidArgument("tiers." + e.getKey() + ": unknown field " + f);
                }
            }
            String at = "tiers." + e.getKey() + ".";
            try {
                out.put(Integer.parseInt(e.getKey()), new TierLimits.Limit(number(t.get(WITHDRAWAL), at + WITHDRAWAL),
                        number(t.get(COLLECTION), at + COLLECTION)));
            } catch (DomainError refused) {
                // TierLimits.Limit names the field; the answer names where it is in the body
                throw DomainError.invalidArgument(at + refused.getMessage());
            }
        }
        return new TierLimits(out);
    }

    private static BigDecimal number(JsonNode v, String field) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber()) {
            throw DomainError.invalidArgument(field + " must be a number of USD or null");
        }
        // the value's rules (zero or more, two decimals, at most 15 integer digits) have one home: TierLimits.Limit
        return v.decimalValue();
    }

    static Map<String, Object> render(TierLimits limits) {
        var tiers = new LinkedHashMap<String, Object>();
        limits.tiers().forEach((tier, l) -> {
            var m = new LinkedHashMap<String, Object>();
            m.put(WITHDRAWAL, l.withdrawalDailyUsd());
            m.put(COLLECTION, l.collectionDailyUsd());
            tiers.put(String.valueOf(tier), m);
        });
        return Map.of("tiers", tiers);
    }
}
