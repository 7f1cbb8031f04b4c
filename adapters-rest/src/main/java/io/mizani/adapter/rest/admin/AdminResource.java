package io.mizani.adapter.rest.admin;

import io.mizani.adapter.rest.common.JsonNumberOnly;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.mizani.adapter.rest.common.Requests;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.mizani.adapter.rest.audit.Audited;
import io.mizani.adapter.rest.audit.Needs;
import io.mizani.adapter.rest.operator.ApprovalResource;
import io.mizani.adapter.rest.team.TeamJson;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.operator.FourEyes;
import io.mizani.domain.operator.OperatorPermission;
import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.team.BrowseMerchants;
import io.mizani.application.team.MerchantAdministration;
import io.mizani.application.team.MerchantDirectory;
import io.mizani.application.team.TeamCommands;
import io.mizani.domain.error.DomainError;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
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

/** The operator API (platform.md section 3). Operator credentials only; merchants get 403. */
@Tag(name = "Operator")
@Path("/api/admin")
@RolesAllowed("operator")
@Audited
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AdminResource {

    private final MerchantAdministration admin;
    private final BrowseMerchants browse;
    private final FourEyes fourEyes;
    private final CurrentOperator operator;

    AdminResource(MerchantAdministration admin, BrowseMerchants browse, FourEyes fourEyes, CurrentOperator operator) {
        this.admin = admin;
        this.browse = browse;
        this.fourEyes = fourEyes;
        this.operator = operator;
    }

    /** A merchant (organization) in the operator's list. */
    public record MerchantSummary(long id, String name, int kycTier, int accountCount, Instant createdAt) {
        static MerchantSummary of(MerchantDirectory.Merchant m) {
            return new MerchantSummary(m.id(), m.name(), m.kycTier(), m.accountCount(), m.createdAt());
        }
    }

    public record MerchantList(List<MerchantSummary> merchants, boolean hasMore) {
    }

    public record AccountList(List<TeamJson.Account> accounts, boolean hasMore) {
    }

    /** Merchants newest first; {@code name} filters by a part of the name; cursor {@code starting_after} an id. */
    @Operation(operationId = "listMerchants", summary = "List merchants (newest first, cursor pages)")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/merchants")
    public MerchantList merchants(
            @Parameter(description = "Only merchants whose name contains this text") @QueryParam("name") String name,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        var page = browse.merchants(new BrowseMerchants.Query(name, limit, startingAfter));
        return new MerchantList(page.merchants().stream().map(MerchantSummary::of).toList(), page.hasMore());
    }

    /** Teams newest first; {@code merchant} (organization id) and {@code status} (active, deleted) filter. */
    @Operation(operationId = "listAccounts", summary = "List Teams of every merchant (newest first, cursor pages)")
    @APIResponse(responseCode = "200")
    @GET
    @Path("/accounts")
    public AccountList accounts(
            @Parameter(description = "Only Teams of this merchant (organization id)")
            @QueryParam("merchant") String merchant,
            @Parameter(description = ParameterText.STATUS) @QueryParam("status") String status,
            @Parameter(description = ParameterText.LIMIT) @QueryParam("limit") String limit,
            @Parameter(description = ParameterText.STARTING_AFTER) @QueryParam("starting_after") String startingAfter) {
        var page = browse.accounts(new BrowseMerchants.AccountQuery(merchant, BrowseMerchants.status(status), limit,
                startingAfter));
        return new AccountList(page.accounts().stream().map(TeamJson.Account::of).toList(), page.hasMore());
    }

    public record UserInput(String firstName, String lastName, String email, String phoneNumber) {
    }

    public record AccountInput(
            @Schema(required = true) String name,
            String email,
            @Schema(required = true) String dialCode,
            String number) {
    }

    public record OnboardRequest(
            @Schema(required = true) String organizationName,
            UserInput user,
            @Schema(required = true) AccountInput account) {
    }

    public record CreditRequest(
            @Schema(required = true) @JsonDeserialize(using = JsonNumberOnly.class) BigDecimal amount,
            @Schema(required = true) String reference) {
    }

    public record IdentityChecksRequest(
            @Schema(required = true) Boolean available) {
    }

    public record ProvidersRequest(
            @Schema(required = true) List<String> providers) {
    }

    @Operation(operationId = "onboardMerchant", summary = "Onboard a merchant")
    @APIResponse(responseCode = "201",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "OnboardedMerchant")))
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"organization_name\":\"Nairobi Traders Ltd\",\"user\":{\"first_name\":\"Ada\","
                        + "\"last_name\":\"Owner\",\"email\":\"ada.owner@example.com\","
                        + "\"phone_number\":\"+254700000001\"},\"account\":{\"name\":\"Nairobi Traders\","
                        + "\"email\":\"team@nairobi-traders.example\",\"dial_code\":\"+254\","
                        + "\"number\":\"712000001\"}}"))
    @POST
    @Path("/merchants")
    @Audited(action = "merchant.onboard", target = "account", id = "result.account.id")
    public Response onboard(OnboardRequest body) {
        Requests.body(body);
        UserInput u = body.user() == null ? new UserInput(null, null, null, null) : body.user();
        if (body.account() == null) {
            throw DomainError.invalidArgument("account is required");
        }
        AccountInput a = body.account();
        var m = admin.onboard(new TeamCommands.OnboardMerchant(body.organizationName(), u.firstName(), u.lastName(),
                u.email(), u.phoneNumber(), a.name(), a.email(), a.dialCode(), a.number()));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("organization", Map.of("id", m.organization().id(), "name", m.organization().name()));
        out.put("user", TeamJson.User.of(m.user()));
        out.put("account", TeamJson.Account.of(m.account()));
        out.put("credentials", Map.of("username", m.username(), "password", m.password()));
        out.put("webhook_secret", m.webhookSecret());
        return Response.status(201).entity(out).build();
    }

    @Operation(operationId = "issueCredentials", summary = "Issue API credentials")
    @APIResponse(responseCode = "201",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "CredentialsEnvelope")))
    @APIResponse(responseCode = "404")
    @POST
    @Path("/accounts/{account_id}/credentials")
    @Audited(action = "credential.issue", target = "account", id = "account_id")
    @Consumes(MediaType.WILDCARD) // no body: a plain `curl -X POST` (no Content-Type) is not a 415
    public Response issueCredential(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId) {
        var c = admin.issueCredential(Requests.pathId(accountId, "account"));
        return Response.status(201).entity(Map.of("credentials",
                Map.of("username", c.username(), "password", c.password()))).build();
    }

    public record AddUserRequest(@Schema(required = true) String firstName, @Schema(required = true) String lastName,
                                 @Schema(required = true) String email, @Schema(required = true) String role) {
    }

    /** A user of the Team with a role, and a credential of that user on it (platform.md section 16). */
    @Operation(operationId = "addTeamUser", summary = "Add a user to a Team with a role, with API credentials of theirs")
    @APIResponse(responseCode = "201",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "TeamUserAdded")))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"first_name\":\"Ben\",\"last_name\":\"Approver\","
                        + "\"email\":\"ben.approver@example.com\",\"role\":\"admin\"}"))
    @POST
    @Path("/accounts/{account_id}/users")
    @Audited(action = "team_user.add", target = "account", id = "account_id")
    public Response addUser(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId,
            AddUserRequest body) {
        Requests.body(body);
        var added = admin.addUser(Requests.pathId(accountId, "account"),
                new TeamCommands.AddTeamUser(body.firstName(), body.lastName(), body.email(), body.role()));
        Map<String, Object> user = new LinkedHashMap<>();
        user.put("id", added.user().id());
        user.put("first_name", added.user().person().firstName());
        user.put("last_name", added.user().person().lastName());
        user.put("email", added.user().person().email());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("user", user);
        out.put("role", added.role().label());
        out.put("credentials", Map.of("username", added.credential().username(),
                "password", added.credential().password()));
        return Response.status(201).entity(out).build();
    }

    @Operation(operationId = "revokeCredentials", summary = "Revoke API credentials")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "Revoked")))
    @APIResponse(responseCode = "404")
    @DELETE
    @Path("/credentials/{username}")
    @Audited(action = "credential.revoke", target = "credential", id = "username")
    public Map<String, Object> revoke(
            @Parameter(description = ParameterText.USERNAME) @PathParam("username") String username) {
        admin.revoke(username);
        return Map.of("revoked", true);
    }

    /**
     * 200 the new balance; at or above the approval threshold 202 {@code {approval}} and nothing is credited until
     * another admin or finance operator approves it (platform.md section 18).
     */
    @Operation(operationId = "creditServiceWallet", summary = "Credit a Team's service wallet")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "ServiceWalletCredit")))
    @APIResponse(responseCode = "202", description = ApprovalResource.PENDING, content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ApprovalResource.ApprovalEnvelope.class)))
    @APIResponse(responseCode = "404")
    @APIResponse(responseCode = "409")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"amount\":500,\"reference\":\"topup-2026-001\"}"))
    @POST
    @Path("/accounts/{account_id}/service-wallet/credits")
    @Needs(OperatorPermission.FINANCE)
    @Audited(action = "service_wallet.credit", target = "account", id = "account_id")
    public Response credit(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId,
            CreditRequest body) {
        Requests.body(body);
        long id = Requests.pathId(accountId, "account");
        return switch (fourEyes.credit(id, body.amount(), body.reference(), operator.context())) {
            case FourEyes.Applied a -> Response.ok(a.result()).build();
            case FourEyes.Pending p -> Response.status(202)
                    .entity(new ApprovalResource.ApprovalEnvelope(ApprovalResource.ApprovalBody.of(p.approval())))
                    .build();
        };
    }

    @Operation(operationId = "setIdentityChecksAvailable", summary = "Make identity checks available to a Team")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "IdentityChecksAvailability")))
    @APIResponse(responseCode = "404")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"available\":true}"))
    @PUT
    @Path("/accounts/{account_id}/identity-checks")
    @Audited(action = "identity_checks.set", target = "account", id = "account_id")
    public Map<String, Object> identityChecks(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId,
            IdentityChecksRequest body) {
        if (body == null || body.available() == null) {
            throw DomainError.invalidArgument("available is required (true or false)");
        }
        long id = Requests.pathId(accountId, "account");
        admin.setIdentityChecksAvailable(id, body.available());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("account_id", id);
        out.put("available", body.available());
        return out;
    }

    @Operation(operationId = "setPaymentProviders", summary = "Choose the payment providers of a Team")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "PaymentProviders")))
    @APIResponse(responseCode = "404")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"providers\":[\"mpesa_ke\",\"airtel_ke\"]}"))
    @PUT
    @Path("/accounts/{account_id}/payment-providers")
    @Audited(action = "payment_providers.set", target = "account", id = "account_id")
    public Map<String, Object> providers(
            @Parameter(description = ParameterText.ACCOUNT_ID) @PathParam("account_id") String accountId,
            ProvidersRequest body) {
        Requests.body(body);
        long id = Requests.pathId(accountId, "account");
        List<String> providers = admin.setPaymentProviders(id, body.providers());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("account_id", id);
        out.put("providers", providers);
        return out;
    }
}
