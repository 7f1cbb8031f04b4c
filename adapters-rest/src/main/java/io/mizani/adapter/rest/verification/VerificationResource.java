package io.mizani.adapter.rest.verification;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.adapter.rest.idempotency.Idempotent;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.adapter.rest.verification.VerificationDtos.CatalogueEntryDto;
import io.mizani.adapter.rest.verification.VerificationDtos.EntitlementDto;
import io.mizani.adapter.rest.verification.VerificationDtos.FieldDto;
import io.mizani.adapter.rest.verification.VerificationDtos.HistoryEntryDto;
import io.mizani.adapter.rest.verification.VerificationDtos.OptionDto;
import io.mizani.adapter.rest.verification.VerificationDtos.ResolvedTokenDto;
import io.mizani.adapter.rest.verification.VerificationDtos.SettingsDto;
import io.mizani.adapter.rest.verification.VerificationDtos.VerificationResultDto;
import io.mizani.application.verification.ListLookups;
import io.mizani.application.verification.ManageVerificationSettings;
import io.mizani.application.verification.ResolveToken;
import io.mizani.application.verification.ResolvedToken;
import io.mizani.application.verification.RunCheck;
import io.mizani.application.verification.VerificationErrors;
import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationResult;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckDefinition;
import io.mizani.domain.verification.match.MatchRequest;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** The {@code {connect_url}} group: checks, tokens, history, pricing and settings. */
@Tag(name = "Verification")
@Path("/api/v1/kyc")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
public class VerificationResource {

    private final CurrentMerchant currentMerchant;
    private final RunCheck runCheck;
    private final ResolveToken resolveToken;
    private final ListLookups listLookups;
    private final ManageVerificationSettings settings;
    private final CheckCatalogue catalogue;
    private final ObjectMapper json;
    private final List<CatalogueEntryDto> catalogueDtos;

    @Inject
    public VerificationResource(CurrentMerchant currentMerchant, RunCheck runCheck, ResolveToken resolveToken,
                                ListLookups listLookups, ManageVerificationSettings settings,
                                CheckCatalogue catalogue, ObjectMapper json) {
        this.currentMerchant = currentMerchant;
        this.runCheck = runCheck;
        this.resolveToken = resolveToken;
        this.listLookups = listLookups;
        this.settings = settings;
        this.catalogue = catalogue;
        this.json = json;
        this.catalogueDtos = catalogue.all().stream().map(VerificationResource::entry).toList();
    }

    @Operation(operationId = "runCheck", summary = "Run an identity check")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "402")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @APIResponse(responseCode = "412")
    @APIResponse(responseCode = "422")
    @APIResponse(responseCode = "502")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "VerifyRequest")))
    @POST
    @Path("/verify/{check}")
    @Consumes(MediaType.WILDCARD)
    @Idempotent
    public VerificationResultDto verify(
            @Parameter(description = "The check's key, as `GET /api/v1/kyc/checks` lists it (e.g. `national_id_ke`)")
            @PathParam("check") String check,
            @Parameter(description = "`true`: ask the provider again instead of answering from a cached result")
            @QueryParam("fresh") String fresh,
            String body) {
        long accountId = currentMerchant.merchant().accountId();
        Map<String, String> fields;
        MatchRequest match = null;
        String bodyError = null;
        try {
            JsonNode node = parseObject(body);
            match = parseMatch(node.get("match"));
            fields = parseBody(node);
        } catch (io.mizani.domain.error.DomainError e) {
            // refused in contract order (after 404/403/412) by the use case
            fields = Map.of();
            match = null;
            bodyError = e.getMessage();
        }
        VerificationResult r = runCheck.run(new RunCheck.Command(accountId, check, fields, bool(fresh), bodyError,
                match));
        return VerificationResultDto.of(r);
    }

    /** The optional {@code match} object: strings (or null) for first_name, last_name, date_of_birth (YYYY-MM-DD). */
    private static MatchRequest parseMatch(JsonNode match) {
        if (match == null || match.isNull()) {
            return null;
        }
        if (!match.isObject()) {
            throw VerificationErrors.invalidRequest("match must be an object");
        }
        for (Iterator<String> it = match.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!name.equals("first_name") && !name.equals("last_name") && !name.equals("date_of_birth")) {
                throw VerificationErrors.invalidRequest("match." + name
                        + " is not a match field (first_name, last_name, date_of_birth)");
            }
        }
        String first = matchText(match, "first_name");
        String last = matchText(match, "last_name");
        String dob = matchText(match, "date_of_birth");
        LocalDate date = null;
        if (dob != null && !dob.isBlank()) {
            try {
                if (!dob.strip().matches("\\d{4}-\\d{2}-\\d{2}")) {
                    throw new DateTimeParseException("format", dob, 0);
                }
                date = LocalDate.parse(dob.strip());
            } catch (DateTimeParseException e) {
                throw VerificationErrors.invalidRequest("match.date_of_birth must be a date in YYYY-MM-DD format");
            }
        }
        return new MatchRequest(first, last, date);
    }

    private static String matchText(JsonNode match, String field) {
        JsonNode v = match.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw VerificationErrors.invalidRequest("match." + field + " must be a string");
        }
        return v.asText();
    }

    @Operation(operationId = "listChecks", summary = "List the checks and the fields each one takes")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/checks")
    public List<CatalogueEntryDto> checks() {
        currentMerchant.merchant();
        return catalogueDtos;
    }

    @Operation(operationId = "resolveToken", summary = "Resolve a verification token")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/tokens/{token}")
    public ResolvedTokenDto token(
            @Parameter(description = "The verification token (`lookup_id` of a check)")
            @PathParam("token") String token,
            @Parameter(description = "`true`: include the provider's full answer (`data`)")
            @QueryParam("data") String data) {
        long accountId = currentMerchant.merchant().accountId();
        ResolvedToken t = resolveToken.resolve(accountId, token, bool(data));
        return ResolvedTokenDto.of(t);
    }

    @Operation(operationId = "listLookups", summary = "List past checks (newest first)")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/lookups")
    public List<HistoryEntryDto> lookups(
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit) {
        long accountId = currentMerchant.merchant().accountId();
        Integer n = null;
        if (limit != null && !limit.isBlank()) {
            try {
                n = Integer.valueOf(limit.strip());
            } catch (NumberFormatException e) {
                throw VerificationErrors.invalidRequest("limit must be a positive integer");
            }
        }
        return listLookups.list(accountId, n).stream().map(HistoryEntryDto::of).toList();
    }

    @Operation(operationId = "getPricing", summary = "Read prices and whether checks are allowed")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/pricing")
    public EntitlementDto pricing() {
        return EntitlementDto.of(settings.entitlement(currentMerchant.merchant().accountId()));
    }

    @Operation(operationId = "getVerificationSettings", summary = "Read the verification settings")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/settings")
    public SettingsDto getSettings() {
        VerificationMode mode = settings.mode(currentMerchant.merchant().accountId());
        return new SettingsDto(mode.wire(), mode == VerificationMode.PLATFORM);
    }

    @Operation(operationId = "updateVerificationSettings", summary = "Change the verification settings")
    @APIResponse(responseCode = "200")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(ref = "VerificationSettingsInput"),
                example = "{\"mode\":\"platform\"}"))
    @PUT
    @Path("/settings")
    @io.mizani.adapter.rest.audit.Audited(action = "verification_settings.set", target = "account")
    @Consumes(MediaType.WILDCARD)
    public SettingsDto putSettings(String body) {
        long accountId = currentMerchant.merchant().accountId();
        JsonNode node = parseObject(body);
        JsonNode mode = node.get("mode");
        JsonNode key = node.get("provider_key");
        if (mode != null && !mode.isNull() && !mode.isTextual()) {
            throw VerificationErrors.invalidRequest("mode must be one of: off, platform, own_key");
        }
        if (key != null && !key.isNull() && !key.isTextual()) {
            throw VerificationErrors.invalidRequest("provider_key must be a string");
        }
        VerificationMode m = settings.update(accountId, mode == null || mode.isNull() ? null : mode.asText(),
                key == null || key.isNull() ? null : key.asText());
        return new SettingsDto(m.wire(), m == VerificationMode.PLATFORM);
    }

    private Map<String, String> parseBody(JsonNode node) {
        Map<String, String> fields = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("match")) {
                continue; // the identity match input: not a check field, not in the cache key
            }
            JsonNode v = e.getValue();
            if (v == null || v.isNull()) {
                continue;
            }
            if (!v.isValueNode()) {
                throw VerificationErrors.invalidRequest(e.getKey() + " must be a string");
            }
            fields.put(e.getKey(), v.asText());
        }
        return fields;
    }

    private JsonNode parseObject(String body) {
        if (body == null || body.isBlank()) {
            return json.createObjectNode();
        }
        try {
            JsonNode node = json.readTree(body);
            if (node == null || !node.isObject()) {
                throw VerificationErrors.invalidRequest("request body must be a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw VerificationErrors.invalidRequest("request body must be a JSON object");
        }
    }

    private static boolean bool(String value) {
        return value != null && (value.equalsIgnoreCase("true") || value.equals("1"));
    }

    private static CatalogueEntryDto entry(CheckDefinition c) {
        return new CatalogueEntryDto(c.key(), c.label(), c.country(), c.category().wire(), c.description(),
                c.fields().stream().map(f -> new FieldDto(f.name(), f.label(), f.required(), f.hint(),
                        f.hasOptions() ? f.options().stream().map(o -> new OptionDto(o.value(), o.label())).toList()
                                : null)).toList());
    }
}
