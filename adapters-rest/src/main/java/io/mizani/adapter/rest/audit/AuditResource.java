package io.mizani.adapter.rest.audit;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.mizani.application.audit.AuditService;
import io.mizani.application.audit.AuditTrail;
import io.mizani.domain.error.DomainError;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** The audit log (platform.md section 18): pages newest first, a signed checkpoint, the public key, verification. */
@Tag(name = "Operator")
@Path("/api/admin/audit-events")
@RolesAllowed("operator")
@Audited
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    private final AuditService audit;

    AuditResource(AuditService audit) {
        this.audit = audit;
    }

    @Operation(operationId = "listAuditEvents", summary = "List audit events (newest first, cursor pages)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "AuditEventPage")))
    @GET
    public Map<String, Object> list(
            @Parameter(description = "Only audit events by this actor") @QueryParam("actor") String actor,
            @Parameter(description = "Only audit events of this action") @QueryParam("action") String action,
            @Parameter(description = "Only audit events about this kind of record")
            @QueryParam("target_type") String targetType,
            @Parameter(description = "Only audit events about this record (with `target_type`)")
            @QueryParam("target_id") String targetId,
            @Parameter(description = ParameterText.FROM) @QueryParam("from") String from,
            @Parameter(description = ParameterText.TO) @QueryParam("to") String to,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        AuditTrail.Filter filter = new AuditTrail.Filter(blank(actor), blank(action), blank(targetType),
                blank(targetId), from == null ? null : date(from, "from").atStartOfDay().toInstant(ZoneOffset.UTC),
                to == null ? null : date(to, "to").plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC));
        AuditService.Page page = audit.page(filter, limit, startingAfter);
        Map<String, Object> out = new LinkedHashMap<>();
        List<Map<String, Object>> events = page.events().stream().map(e -> e.toJson()).toList();
        out.put("audit_events", events);
        out.put("has_more", page.hasMore());
        return out;
    }

    @Operation(operationId = "getAuditCheckpoint", summary = "Read the log's head signed with the audit key (Ed25519)")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/checkpoint")
    public AuditService.Checkpoint checkpoint() {
        return audit.checkpoint();
    }

    @Operation(operationId = "getAuditPublicKey", summary = "Read the audit key's public half")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/public-key")
    public AuditService.PublicKey publicKey() {
        return audit.publicKey();
    }

    @Operation(operationId = "verifyAuditLog", summary = "Walk the hash chain and report the first bad event")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/verify")
    public AuditService.Verification verify() {
        return audit.verify();
    }

    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static LocalDate date(String raw, String name) {
        try {
            return LocalDate.parse(raw);
        } catch (DateTimeParseException e) {
            throw DomainError.invalidArgument(name + " must be a date (YYYY-MM-DD)");
        }
    }
}
