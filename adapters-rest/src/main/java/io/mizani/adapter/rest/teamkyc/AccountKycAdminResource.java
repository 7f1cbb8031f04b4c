package io.mizani.adapter.rest.teamkyc;

import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.Envelope;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.ListEnvelope;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.ReviewBody;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.UpgradeReviewBody;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.teamkyc.Commands;
import io.mizani.application.teamkyc.ReviewTeamKyc;
import jakarta.annotation.security.RolesAllowed;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Operator review of Team KYC ({@code /api/admin}, operator credentials). */
@Tag(name = "Operator")
@Path("/api/admin/account_kycs")
@RolesAllowed("operator")
@io.mizani.adapter.rest.audit.Audited
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AccountKycAdminResource {

    private final ReviewTeamKyc review;
    private final CurrentOperator operator;

    AccountKycAdminResource(ReviewTeamKyc review, CurrentOperator operator) {
        this.review = review;
        this.operator = operator;
    }

    @Operation(operationId = "listTeamKycSubmissions", summary = "List Team KYC submissions")
    @APIResponse(responseCode = "200")
    @GET
    public ListEnvelope queue(
            @Parameter(description = ParameterText.STATUS) @QueryParam("status") String status,
            @Parameter(description = "Only submissions whose tier upgrade has this status")
            @QueryParam("upgrade_status") String upgradeStatus,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit) {
        Integer max = null;
        if (limit != null && !limit.isBlank()) {
            try {
                max = Integer.valueOf(limit.trim());
            } catch (NumberFormatException e) {
                throw io.mizani.domain.error.DomainError.invalidArgument("limit must be an integer");
            }
        }
        return ListEnvelope.of(review.queue(status, upgradeStatus, max));
    }

    @Operation(operationId = "reviewTeamKyc", summary = "Approve or reject a KYC submission")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"decision\":\"approve\",\"kyc_tier\":2,\"notes\":\"documents match the register\"}"))
    @POST
    @Path("/{id}/review")
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.COMPLIANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "account_kyc.review", target = "account_kyc", id = "id")
    public Envelope review(
            @Parameter(description = ParameterText.KYC_SUBMISSION_ID) @PathParam("id") String id,
            ReviewBody body) {
        long kycId = Requests.pathId(id, "account kyc");
        ReviewBody b = Requests.body(body);
        return Envelope.of(review.review(new Commands.Review(kycId, b.decision(), b.kycTier(), b.notes(),
                operator.userId())));
    }

    @Operation(operationId = "reviewTierUpgrade", summary = "Approve or reject a tier upgrade")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"decision\":\"approve\",\"notes\":\"checked the register\"}"))
    @POST
    @Path("/{id}/upgrade-review")
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.COMPLIANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "account_kyc.upgrade_review", target = "account_kyc", id = "id")
    public Envelope upgradeReview(
            @Parameter(description = ParameterText.KYC_SUBMISSION_ID) @PathParam("id") String id,
            UpgradeReviewBody body) {
        long kycId = Requests.pathId(id, "account kyc");
        UpgradeReviewBody b = Requests.body(body);
        return Envelope.of(review.reviewUpgrade(new Commands.ReviewUpgrade(kycId, b.decision(), b.notes(),
                operator.userId())));
    }
}
