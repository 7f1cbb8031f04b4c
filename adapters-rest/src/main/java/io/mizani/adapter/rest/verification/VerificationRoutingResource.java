package io.mizani.adapter.rest.verification;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.application.verification.ManageRouting;
import io.mizani.application.verification.ProviderMargin;
import io.mizani.application.verification.RoutingTable;
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
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The operator's verification routing (platform.md section 13): {@code {routes: {check: [provider, ...]},
 * costs: {provider: {check: KES}}}}. PUT replaces the whole table (a member left out is empty) and answers the table
 * now stored. Operator credentials only; merchant credentials get 403.
 */
@Tag(name = "Operator")
@Path("/api/admin/verification-routing")
@RolesAllowed("operator")
@io.mizani.adapter.rest.audit.Audited
@Produces(MediaType.APPLICATION_JSON)
public class VerificationRoutingResource {

    private final ManageRouting routing;
    private final ObjectMapper json;

    @Inject
    public VerificationRoutingResource(ManageRouting routing, ObjectMapper json) {
        this.routing = routing;
        this.json = json;
    }

    public record RoutingDto(Map<String, List<String>> routes, Map<String, Map<String, BigDecimal>> costs) {
        static RoutingDto of(RoutingTable t) {
            return new RoutingDto(t.routes(), t.costs());
        }
    }

    @Operation(operationId = "getVerificationRouting", summary = "Read the verification routing")
    @APIResponse(responseCode = "200")
    @GET
    public RoutingDto get() {
        return RoutingDto.of(routing.get());
    }

    public record MarginDto(String provider, String check, long calls, long answered, BigDecimal cost,
                            BigDecimal revenue, BigDecimal margin, String currency) {

        /** The one place a margin is flattened to its wire shape (the amounts in its currency). */
        static MarginDto of(ProviderMargin m) {
            return new MarginDto(m.provider(), m.check(), m.calls(), m.answered(), m.cost().amount(),
                    m.revenue().amount(), m.margin().amount(), m.cost().currency());
        }
    }

    public record MarginsDto(int days, List<MarginDto> margins) {
    }

    /** Margin per provider and check over the last {@code days} days (default 30): calls, cost, revenue, margin. */
    @Operation(operationId = "getVerificationMargins", summary = "Read the margin per provider and check")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/margins")
    public MarginsDto margins(
            @Parameter(description = "The period, in days back from now")
            @jakarta.ws.rs.QueryParam("days") String days) {
        int d = 30;
        if (days != null && !days.isBlank()) {
            try {
                d = Integer.parseInt(days.strip());
            } catch (NumberFormatException e) {
                throw DomainError.invalidArgument("days must be an integer from 1 to 366");
            }
        }
        return new MarginsDto(d, routing.margins(d).stream().map(MarginDto::of).toList());
    }

    @Operation(operationId = "setVerificationRouting", summary = "Set the verification routing")
    @APIResponse(responseCode = "200")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = RoutingDto.class),
                example = "{\"routes\":{\"nin\":[\"sandbox\",\"sandbox_backup\"]}}"))
    @PUT
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.COMPLIANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "verification_routing.set", target = "verification_routing")
    @Consumes(MediaType.WILDCARD)
    public RoutingDto put(String body) {
        JsonNode node = object(body);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!field.equals("routes") && !field.equals("costs")) {
                throw DomainError.invalidArgument(field + " is not a routing field (routes, costs)");
            }
        }
        Map<String, List<String>> routes = new LinkedHashMap<>();
        JsonNode r = node.get("routes");
        if (r != null && !r.isNull()) {
            if (!r.isObject()) {
                throw DomainError.invalidArgument("routes must be an object of check → [provider, ...]");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = r.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isArray()) {
                    throw DomainError.invalidArgument("routes." + e.getKey() + " must be an array of provider names");
                }
                List<String> providers = new ArrayList<>();
                for (JsonNode p : e.getValue()) {
                    if (!p.isTextual()) {
                        throw DomainError.invalidArgument("routes." + e.getKey() + " must be an array of provider names");
                    }
                    providers.add(p.asText());
                }
                routes.put(e.getKey(), providers);
            }
        }
        Map<String, Map<String, BigDecimal>> costs = new LinkedHashMap<>();
        JsonNode c = node.get("costs");
        if (c != null && !c.isNull()) {
            if (!c.isObject()) {
                throw DomainError.invalidArgument("costs must be an object of provider → {check: KES}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = c.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isObject()) {
                    throw DomainError.invalidArgument("costs." + e.getKey() + " must be an object of check → KES");
                }
                Map<String, BigDecimal> byCheck = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> cit = e.getValue().fields(); cit.hasNext(); ) {
                    Map.Entry<String, JsonNode> ce = cit.next();
                    if (!ce.getValue().isNumber()) {
                        throw DomainError.invalidArgument("costs." + e.getKey() + "." + ce.getKey()
                                + " must be a number (KES)");
                    }
                    byCheck.put(ce.getKey(), ce.getValue().decimalValue());
                }
                costs.put(e.getKey(), byCheck);
            }
        }
        return RoutingDto.of(routing.replace(new RoutingTable(routes, costs)));
    }

    private JsonNode object(String body) {
        if (body == null || body.isBlank()) {
            throw DomainError.invalidArgument("a JSON body is required");
        }
        try {
            JsonNode node = json.readTree(body);
            if (node == null || !node.isObject()) {
                throw DomainError.invalidArgument("request body must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw DomainError.invalidArgument("request body must be a JSON object");
        }
    }
}
