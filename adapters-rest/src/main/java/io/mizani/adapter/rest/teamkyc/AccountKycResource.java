package io.mizani.adapter.rest.teamkyc;

import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.Envelope;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.SubmitBody;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.TokensBody;
import io.mizani.adapter.rest.teamkyc.AccountKycJson.UpgradeBody;
import io.mizani.adapter.rest.idempotency.Idempotent;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.teamkyc.AmendTeamKyc;
import io.mizani.application.teamkyc.Commands;
import io.mizani.application.teamkyc.SubmitTeamKyc;
import io.mizani.application.teamkyc.UpgradeTeamKyc;
import io.mizani.application.teamkyc.ViewTeamKyc;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Team KYC ({auth_url}): submit, amend, upgrade. */
@Tag(name = "Team KYC")
@Path("/api/v2/account_kycs")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AccountKycResource {

    private final SubmitTeamKyc submit;
    private final AmendTeamKyc amend;
    private final UpgradeTeamKyc upgrade;
    private final ViewTeamKyc view;
    private final CurrentMerchant current;

    AccountKycResource(SubmitTeamKyc submit, AmendTeamKyc amend, UpgradeTeamKyc upgrade, ViewTeamKyc view,
            CurrentMerchant current) {
        this.view = view;
        this.submit = submit;
        this.amend = amend;
        this.upgrade = upgrade;
        this.current = current;
    }

    @Operation(operationId = "submitTeamKyc", summary = "Submit a Team's KYC")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AccountKycJson.Envelope.class)))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @APIResponse(responseCode = "422")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"account_id\":1,\"entity_type\":\"business\",\"country_code\":\"KE\","
                        + "\"country\":\"Kenya\",\"kyc_tier\":2,\"contact_information\":{\"first_name\":\"Ada\","
                        + "\"last_name\":\"Lovelace\"},\"kyc_tokens\":{\"national_id\":\"vt_7d2f0b9e4c1a\"}}"))
    @POST
    @Idempotent
    public Response submit(SubmitBody body) {
        SubmitBody b = Requests.body(body);
        var kyc = submit.submit(new Commands.Submit(current.merchant(), b.accountId(), b.details(),
                TokensBody.of(b.kycTokens())));
        return Response.ok(Envelope.of(kyc)).build();
    }

    /** Reads a submission back (its status after an asynchronous review); not in the contract's table. */
    @Operation(operationId = "getTeamKyc", summary = "Read a KYC submission")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{id}")
    public Envelope view(@Parameter(description = ParameterText.KYC_SUBMISSION_ID) @PathParam("id") String id) {
        return Envelope.of(view.view(current.merchant(), Requests.pathId(id, "account kyc")));
    }

    @Operation(operationId = "updateTeamKyc", summary = "Correct a KYC submission")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"account_id\":1,\"entity_type\":\"business\",\"country_code\":\"KE\","
                        + "\"country\":\"Kenya\",\"contact_information\":{\"first_name\":\"Ada\","
                        + "\"last_name\":\"Lovelace\"}}"))
    @PUT
    @Path("/{id}")
    public Envelope amend(
            @Parameter(description = ParameterText.KYC_SUBMISSION_ID) @PathParam("id") String id,
            SubmitBody body) {
        long kycId = Requests.pathId(id, "account kyc");
        SubmitBody b = Requests.body(body);
        return Envelope.of(amend.amend(new Commands.Amend(current.merchant(), kycId, b.accountId(), b.details(),
                TokensBody.of(b.kycTokens()))));
    }

    @Operation(operationId = "requestTierUpgrade", summary = "Ask for a higher KYC tier")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @APIResponse(responseCode = "422")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"account_id\":1,\"upgrade_information\":{\"upgrade_to\":3,"
                        + "\"upgrade_notes\":\"larger payouts\"},"
                        + "\"entity_information\":{\"entity_name\":\"Ada Trading\"}}"))
    @POST
    @Idempotent
    @Path("/upgrade")
    public Envelope upgrade(UpgradeBody body) {
        UpgradeBody b = Requests.body(body);
        var info = b.upgradeInformation();
        return Envelope.of(upgrade.upgrade(new Commands.Upgrade(current.merchant(), b.accountId(),
                info == null ? null : info.upgradeTo(), info == null ? null : info.upgradeNotes(),
                b.entityInformation(), TokensBody.of(b.kycTokens()))));
    }
}
