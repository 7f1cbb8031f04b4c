package io.mizani.adapter.rest.team;

import io.mizani.adapter.rest.common.Requests;
import java.util.List;
import java.util.Map;

import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.team.TeamCommands;
import io.mizani.application.team.AcceptInvitation;
import io.mizani.application.team.CreateTeam;
import io.mizani.application.team.DeleteTeam;
import io.mizani.application.team.InviteMember;
import io.mizani.application.team.RemoveMember;
import io.mizani.application.team.UpdateTeam;
import io.mizani.application.team.ViewTeam;
import io.mizani.application.team.ViewUserProfile;
import io.mizani.domain.team.Team;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import io.mizani.adapter.rest.common.ParameterText;

/** Teams (accounts), users and invitations: the {auth_url} group. */
@Tag(name = "Teams")
@Path("/api/v2")
@RolesAllowed("merchant")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class TeamResource {

    private final CreateTeam createTeam;
    private final ViewTeam viewTeam;
    private final UpdateTeam updateTeam;
    private final DeleteTeam deleteTeam;
    private final RemoveMember removeMember;
    private final ViewUserProfile viewUserProfile;
    private final InviteMember inviteMember;
    private final AcceptInvitation acceptInvitation;
    private final CurrentMerchant current;

    TeamResource(CreateTeam createTeam, ViewTeam viewTeam, UpdateTeam updateTeam, DeleteTeam deleteTeam,
                 RemoveMember removeMember, ViewUserProfile viewUserProfile, InviteMember inviteMember,
                 AcceptInvitation acceptInvitation, CurrentMerchant current) {
        this.createTeam = createTeam;
        this.viewTeam = viewTeam;
        this.updateTeam = updateTeam;
        this.deleteTeam = deleteTeam;
        this.removeMember = removeMember;
        this.viewUserProfile = viewUserProfile;
        this.inviteMember = inviteMember;
        this.acceptInvitation = acceptInvitation;
        this.current = current;
    }

    public record CreateAccountRequest(
            @Schema(required = true) Long organizationId,
            @Schema(required = true) String name,
            String description,
            String email,
            @Schema(required = true) String dialCode,
            String number,
            Long userId,
            String uuid,
            String slug) {
    }

    public record UpdateAccountRequest(
            @Schema(required = true) Long accountId,
            String description,
            String email,
            String logo,
            String themeColor,
            String paymentNote,
            Long notifyAmount) {
    }

    public record InviteRequest(
            @Schema(required = true) Long organizationId,
            @Schema(required = true) Long accountId,
            @Schema(required = true) String email,
            String phoneNumber,
            Integer roleId,
            List<Long> assignedAccountIds,
            String baseUrl) {
    }

    public record AcceptInviteRequest(
            @Schema(required = true) String token,
            @Schema(required = true) String firstName,
            @Schema(required = true) String lastName,
            String phoneNumber) {
    }

    @Operation(operationId = "createTeam", summary = "Create a Team")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TeamJson.AccountEnvelope.class)))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"organization_id\":1,\"name\":\"Nairobi Traders\","
                        + "\"email\":\"ops@nairobi-traders.example\",\"dial_code\":\"+254\","
                        + "\"number\":\"712345678\"}"))
    @POST
    @Path("/accounts")
    public Response create(CreateAccountRequest body) {
        CreateAccountRequest b = Requests.body(body);
        var team = createTeam.create(current.merchant(), new TeamCommands.CreateTeam(b.organizationId(), b.name(),
                b.description(), new Team.Contact(b.email(), b.dialCode(), b.number()), b.userId(),
                b.uuid() != null ? b.uuid() : b.slug()));
        return Response.ok(TeamJson.AccountEnvelope.of(team)).build();
    }

    @Operation(operationId = "updateTeam", summary = "Update a Team's profile")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"account_id\":1,\"description\":\"Wholesale grains\","
                        + "\"email\":\"ops@nairobi-traders.example\"}"))
    @PUT
    @Path("/accounts")
    public TeamJson.AccountEnvelope update(UpdateAccountRequest body) {
        UpdateAccountRequest b = Requests.body(body);
        return TeamJson.AccountEnvelope.of(updateTeam.update(current.merchant(), new TeamCommands.UpdateTeam(b.accountId(),
                b.description(), b.email(), b.logo(), b.themeColor(), b.paymentNote(), b.notifyAmount())));
    }

    @Operation(operationId = "deleteTeam", summary = "Delete a Team")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @DELETE
    @Path("/accounts/{account_id}")
    public TeamJson.AccountEnvelope delete(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId) {
        return TeamJson.AccountEnvelope.of(deleteTeam.delete(current.merchant(), Requests.pathId(accountId, "account")));
    }

    @Operation(operationId = "getTeam", summary = "Read a Team")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/account/{account_id}")
    public TeamJson.AccountEnvelope get(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId) {
        return TeamJson.AccountEnvelope.of(viewTeam.get(current.merchant(), Requests.pathId(accountId, "account")));
    }

    @Operation(operationId = "removeMember", summary = "Remove a member from a Team")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Success")))
    @APIResponse(responseCode = "404")
    @DELETE
    @Path("/accounts/{account_id}/users/{user_id}")
    @io.mizani.adapter.rest.audit.Audited(action = "team_member.remove", target = "user", id = "user_id")
    public Map<String, Object> removeMember(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId,
            @Parameter(description = ParameterText.USER_ID) @PathParam("user_id") String userId) {
        removeMember.removeMember(current.merchant(), AccountId.of(Requests.pathId(accountId, "account")),
                UserId.of(Requests.pathId(userId, "user")));
        return Map.of("success", true);
    }

    @Operation(operationId = "getUserProfile", summary = "Read a user's profile and Teams")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/user_profile/{user_id}")
    public TeamJson.UserProfileEnvelope profile(
            @Parameter(description = ParameterText.USER_ID) @PathParam("user_id") String userId) {
        return new TeamJson.UserProfileEnvelope(TeamJson.UserProfile.of(
                viewUserProfile.profile(current.merchant(), Requests.pathId(userId, "user"))));
    }

    @Operation(operationId = "inviteMember", summary = "Invite someone to a Team")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Success")))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"organization_id\":1,\"account_id\":1,\"email\":\"new.member@example.com\","
                        + "\"role_id\":2}"))
    @POST
    @Path("/account_invites")
    @io.mizani.adapter.rest.audit.Audited(action = "team_member.invite", target = "account", id = "body.account_id")
    public Map<String, Object> invite(InviteRequest body) {
        InviteRequest b = Requests.body(body);
        inviteMember.invite(current.merchant(), new TeamCommands.Invite(b.organizationId(), b.accountId(), b.email(),
                b.phoneNumber(), b.roleId(), b.assignedAccountIds(), b.baseUrl()));
        return Map.of("success", true);
    }

    /**
     * Accepting an invitation: the invitee has no credentials yet, so the single-use token from the e-mail is what
     * authenticates this call. Answers the new member's profile and an API credential for the invited Team.
     */
    @Operation(operationId = "acceptInvitation", summary = "Accept an invitation")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "AcceptedInvitation")))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"token\":\"inv_3f9a0c2d\",\"first_name\":\"Amina\",\"last_name\":\"Otieno\","
                        + "\"phone_number\":\"+254712345678\"}"))
    @POST
    @PermitAll
    @Path("/account_invites/accept")
    @io.mizani.adapter.rest.audit.Audited(action = "team_member.accept", target = "account_invite")
    public Response accept(AcceptInviteRequest body) {
        AcceptInviteRequest b = Requests.body(body);
        var accepted = acceptInvitation.accept(new TeamCommands.AcceptInvitation(b.token(), b.firstName(), b.lastName(),
                b.phoneNumber()));
        return Response.ok(Map.of(
                "success", true,
                "user", TeamJson.User.of(accepted.user()),
                "account_ids", accepted.accountIds(),
                "credentials", Map.of("username", accepted.username(), "password", accepted.password()))).build();
    }


    /** The invitation link a person opens in a browser: a small page whose form accepts (see {@link InvitePage}). */
    @GET
    @PermitAll
    @Path("/account_invites/accept")
    @Produces(MediaType.TEXT_HTML)
    @org.eclipse.microprofile.openapi.annotations.Operation(hidden = true)
    public Response acceptPage(@jakarta.ws.rs.QueryParam("invite_token") String token) {
        return InvitePage.form(token, null, 200, acceptInvitation.preview(token));
    }

    /** The accept page's form post: the same use case as the JSON POST, answered as a page. */
    @POST
    @PermitAll
    @Path("/account_invites/accept")
    @io.mizani.adapter.rest.audit.Audited(action = "team_member.accept", target = "account_invite")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    @org.eclipse.microprofile.openapi.annotations.Operation(hidden = true)
    public Response acceptForm(@jakarta.ws.rs.FormParam("invite_token") String token,
                               @jakarta.ws.rs.FormParam("first_name") String firstName,
                               @jakarta.ws.rs.FormParam("last_name") String lastName,
                               @jakarta.ws.rs.FormParam("phone_number") String phoneNumber) {
        for (String f : new String[] {token, firstName, lastName, phoneNumber}) {
            if (f != null && f.indexOf('\u0000') >= 0) {
                String clean = token == null ? null : token.replace("\u0000", "");
                return InvitePage.form(clean, "a field contains a NUL character (U+0000)", 400,
                        acceptInvitation.preview(clean));
            }
        }
        try {
            return InvitePage.accepted(acceptInvitation.accept(new TeamCommands.AcceptInvitation(token,
                    blankToNull(firstName), blankToNull(lastName), blankToNull(phoneNumber))));
        } catch (io.mizani.domain.error.DomainError e) {
            return InvitePage.form(token, e.getMessage(), io.mizani.adapter.rest.common.ErrorBodies.status(e.kind()),
                    acceptInvitation.preview(token));
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
