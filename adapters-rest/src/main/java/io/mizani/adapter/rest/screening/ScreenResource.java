package io.mizani.adapter.rest.screening;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.mizani.adapter.rest.idempotency.Idempotent;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.screening.ScreeningService;
import io.mizani.application.verification.VerificationErrors;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * A merchant's billed screen of a name against the loaded lists (platform.md section 20): refusals in the order of a
 * check (not available 403, not enabled 412, bad body 400, balance 402), in the verification surface's error shape.
 */
@Tag(name = "Verification")
@Path("/api/v1/kyc/screen")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
public class ScreenResource {

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    ScreeningService screening;
    @Inject
    ObjectMapper json;

    @Operation(operationId = "screenName", summary = "Screen a name against the sanctions lists (billed like a check)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScreeningDtos.ScreenResult.class)))
    @APIResponse(responseCode = "402")
    @APIResponse(responseCode = "409")
    @APIResponse(responseCode = "412")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "ScreenRequest"),
                example = "{\"full_name\":\"Osama bin Laden\",\"type\":\"person\",\"birth_year\":1957,"
                        + "\"country\":\"SA\"}"))
    @POST
    @Consumes(MediaType.WILDCARD)
    @Idempotent
    public ScreeningDtos.ScreenResult screen(String body) {
        long accountId = currentMerchant.merchant().accountId();
        return ScreeningDtos.ScreenResult.of(screening.screen(accountId, () -> parse(body)));
    }

    private ScreeningService.ScreenRequest parse(String body) {
        JsonNode node;
        try {
            node = body == null || body.isBlank() ? json.createObjectNode() : json.readTree(body);
        } catch (JsonProcessingException e) {
            throw VerificationErrors.invalidRequest("the body is not valid JSON");
        }
        if (node == null || !node.isObject()) {
            throw VerificationErrors.invalidRequest("the body must be a JSON object");
        }
        return new ScreeningService.ScreenRequest(text(node, "full_name"), text(node, "type"), year(node),
                text(node, "country"));
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw VerificationErrors.invalidRequest(field + " must be a string");
        }
        return v.textValue();
    }

    private static Integer year(JsonNode node) {
        JsonNode v = node.get("birth_year");
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber() && v.canConvertToInt()) {
            return v.intValue();
        }
        if (v.isTextual() && v.textValue().matches("\\d{4}")) {
            return Integer.parseInt(v.textValue());
        }
        throw VerificationErrors.invalidRequest("birth_year must be a four-digit year");
    }
}
