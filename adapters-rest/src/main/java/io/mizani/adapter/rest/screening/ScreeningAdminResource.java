package io.mizani.adapter.rest.screening;

import io.mizani.adapter.rest.audit.Audited;
import io.mizani.adapter.rest.audit.Needs;
import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.screening.ScreeningService;
import io.mizani.domain.operator.OperatorPermission;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;


/**
 * Screening for compliance operators (platform.md section 20): load a list file (a new version each time), read
 * the current lists, read cases and decide them. Writes need the compliance or admin role; every role reads.
 */
@Tag(name = "Operator")
@Path("/api/admin/screening")
@RolesAllowed("operator")
@Audited
@Produces(MediaType.APPLICATION_JSON)
public class ScreeningAdminResource {

    @Inject
    ScreeningService screening;
    @Inject
    CurrentOperator operator;

    /** The list file is the body, as published (XML or CSV); format and name are query parameters. */
    @Operation(operationId = "loadScreeningList", summary = "Load a screening list file (a new version; the body is the file)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScreeningDtos.ScreeningListEnvelope.class)))
    @POST
    @Path("/lists")
    @Needs(OperatorPermission.COMPLIANCE)
    @Audited(action = "screening_list.load", target = "screening_list")
    @Consumes(MediaType.WILDCARD)
    public ScreeningDtos.ScreeningListEnvelope load(
            @Parameter(description = "The list file's format: `ofac_sdn_xml`, `un_consolidated_xml` or `csv`")
            @QueryParam("format") String format,
            @Parameter(description = "The list's name; loading a name again makes its next version")
            @QueryParam("name") String name,
            byte[] body) {
        return new ScreeningDtos.ScreeningListEnvelope(ScreeningDtos.ScreeningList.of(
                screening.load(format, name, body)));
    }

    @Operation(operationId = "listScreeningLists", summary = "List the current screening lists")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScreeningDtos.ScreeningLists.class)))
    @GET
    @Path("/lists")
    public ScreeningDtos.ScreeningLists lists() {
        return new ScreeningDtos.ScreeningLists(screening.lists().stream().map(ScreeningDtos.ScreeningList::of).toList());
    }

    /** Cases, newest first (at most 500), optionally of one status. */
    @Operation(operationId = "listScreeningCases", summary = "List screening cases (newest first)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScreeningDtos.ScreeningCases.class)))
    @GET
    @Path("/cases")
    public ScreeningDtos.ScreeningCases cases(
            @Parameter(description = ParameterText.STATUS) @QueryParam("status") String status) {
        return new ScreeningDtos.ScreeningCases(screening.cases(status).stream()
                .map(ScreeningDtos.ScreeningCase::of).toList());
    }

    @Operation(operationId = "decideScreeningCase", summary = "Clear or confirm a screening case (a note is required)")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ScreeningDtos.ScreeningCaseEnvelope.class)))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                schema = @Schema(implementation = ScreeningDtos.DecisionBody.class),
                example = "{\"decision\":\"clear\",\"note\":\"different date of birth on the national ID\"}"))
    @POST
    @Path("/cases/{id}/decision")
    @Needs(OperatorPermission.COMPLIANCE)
    @Audited(action = "screening_case.decide", target = "screening_case", id = "id")
    @Consumes(MediaType.APPLICATION_JSON)
    public ScreeningDtos.ScreeningCaseEnvelope decide(
            @Parameter(description = "The case's id (`case_...`)") @PathParam("id") String id,
            ScreeningDtos.DecisionBody body) {
        ScreeningDtos.DecisionBody b = Requests.body(body);
        return new ScreeningDtos.ScreeningCaseEnvelope(ScreeningDtos.ScreeningCase.of(
                screening.decide(id, b.decision(), b.note(), operator.username())));
    }
}
