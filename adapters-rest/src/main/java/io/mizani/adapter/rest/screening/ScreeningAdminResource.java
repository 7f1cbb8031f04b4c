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


/**
 * Screening for compliance operators (platform.md section 20): load a list file (a new version each time), read
 * the current lists, read cases and decide them. Writes need the compliance or admin role; every role reads.
 */
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
    @POST
    @Path("/lists")
    @Needs(OperatorPermission.COMPLIANCE)
    @Audited(action = "screening_list.load", target = "screening_list")
    @Consumes(MediaType.WILDCARD)
    public ScreeningDtos.ScreeningListEnvelope load(@QueryParam("format") String format,
                                                    @QueryParam("name") String name, byte[] body) {
        return new ScreeningDtos.ScreeningListEnvelope(ScreeningDtos.ScreeningList.of(
                screening.load(format, name, body)));
    }

    @GET
    @Path("/lists")
    public ScreeningDtos.ScreeningLists lists() {
        return new ScreeningDtos.ScreeningLists(screening.lists().stream().map(ScreeningDtos.ScreeningList::of).toList());
    }

    /** Cases, newest first (at most 500), optionally of one status. */
    @GET
    @Path("/cases")
    public ScreeningDtos.ScreeningCases cases(@QueryParam("status") String status) {
        return new ScreeningDtos.ScreeningCases(screening.cases(status).stream()
                .map(ScreeningDtos.ScreeningCase::of).toList());
    }

    @POST
    @Path("/cases/{id}/decision")
    @Needs(OperatorPermission.COMPLIANCE)
    @Audited(action = "screening_case.decide", target = "screening_case", id = "id")
    @Consumes(MediaType.APPLICATION_JSON)
    public ScreeningDtos.ScreeningCaseEnvelope decide(@PathParam("id") String id, ScreeningDtos.DecisionBody body) {
        ScreeningDtos.DecisionBody b = Requests.body(body);
        return new ScreeningDtos.ScreeningCaseEnvelope(ScreeningDtos.ScreeningCase.of(
                screening.decide(id, b.decision(), b.note(), operator.username())));
    }
}
