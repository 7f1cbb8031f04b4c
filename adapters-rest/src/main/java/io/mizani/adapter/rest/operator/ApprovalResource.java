package io.mizani.adapter.rest.operator;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import io.mizani.adapter.rest.audit.Audited;
import io.mizani.adapter.rest.audit.Needs;
import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.operator.ApprovalStore;
import io.mizani.application.operator.FourEyes;
import io.mizani.domain.operator.OperatorPermission;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Four-eyes approvals (platform.md section 18): listed by any operator, decided by another admin or finance one. */
@Tag(name = "Operator")
@Path("/api/admin/approvals")
@RolesAllowed("operator")
@Audited
@Produces(MediaType.APPLICATION_JSON)
public class ApprovalResource {

    /**
     * An approval; {@code decided_by}, {@code decided_at} and {@code result} (what applying it answered, null when
     * rejected) appear once it is decided.
     */
    public record ApprovalBody(long id, String kind, String status, String requestedBy, Map<String, Object> request,
                               Instant createdAt, @JsonUnwrapped Decision decision) {
        public static ApprovalBody of(ApprovalStore.Approval a) {
            return new ApprovalBody(a.id(), a.kind().wire(), a.status().wire(), a.requestedBy(), a.request(),
                    a.createdAt(), a.decision() == null ? null : new Decision(a.decision().decidedBy(),
                    a.decision().decidedAt(), a.decision().result()));
        }
    }

    /** Who decided, when, and what applying it answered (null for a rejection). */
    public record Decision(String decidedBy, Instant decidedAt, Map<String, Object> result) {
    }

    /** The answer of an operation at or above the approval threshold (its 202, docs/openapi.md). */
    public static final String PENDING = "Accepted: at or above the approval threshold, waiting for a second operator; "
            + "nothing is applied yet";

    public record ApprovalEnvelope(ApprovalBody approval) {
    }

    public record ApprovalList(List<ApprovalBody> approvals) {
    }

    private final FourEyes fourEyes;
    private final CurrentOperator operator;

    ApprovalResource(FourEyes fourEyes, CurrentOperator operator) {
        this.fourEyes = fourEyes;
        this.operator = operator;
    }

    @Operation(operationId = "listApprovals", summary = "List four-eyes approvals (newest first)")
    @APIResponse(responseCode = "200")
    @GET
    public ApprovalList list(@Parameter(description = ParameterText.STATUS) @QueryParam("status") String status) {
        return new ApprovalList(fourEyes.list(status).stream().map(ApprovalBody::of).toList());
    }

    @Operation(operationId = "getApproval", summary = "Read an approval")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{id}")
    public ApprovalEnvelope get(@Parameter(description = "The record's id") @PathParam("id") String id) {
        return new ApprovalEnvelope(ApprovalBody.of(fourEyes.get(Requests.pathId(id, "approval"))));
    }

    @Operation(operationId = "approveApproval", summary = "Approve and apply a pending request (another admin or finance operator)")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @POST
    @Path("/{id}/approve")
    @Needs(OperatorPermission.FINANCE)
    @Audited(action = "approval.approve", target = "approval", id = "id")
    public ApprovalEnvelope approve(@Parameter(description = "The record's id") @PathParam("id") String id) {
        return new ApprovalEnvelope(ApprovalBody.of(fourEyes.approve(Requests.pathId(id, "approval"),
                operator.context())));
    }

    @Operation(operationId = "rejectApproval", summary = "Reject a pending request")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @POST
    @Path("/{id}/reject")
    @Needs(OperatorPermission.FINANCE)
    @Audited(action = "approval.reject", target = "approval", id = "id")
    public ApprovalEnvelope reject(@Parameter(description = "The record's id") @PathParam("id") String id) {
        return new ApprovalEnvelope(ApprovalBody.of(fourEyes.reject(Requests.pathId(id, "approval"),
                operator.context())));
    }
}
