package io.mizani.adapter.rest.admin;

import io.mizani.adapter.rest.common.JsonNumberOnly;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.mizani.adapter.rest.common.Requests;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.mizani.adapter.rest.team.TeamJson;
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

/** The operator API (platform.md section 3). Operator credentials only; merchants get 403. */
@Path("/api/admin")
@RolesAllowed("operator")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AdminResource {

    private final MerchantAdministration admin;
    private final BrowseMerchants browse;

    AdminResource(MerchantAdministration admin, BrowseMerchants browse) {
        this.admin = admin;
        this.browse = browse;
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
    @GET
    @Path("/merchants")
    public MerchantList merchants(@QueryParam("name") String name, @QueryParam("limit") String limit,
                                  @QueryParam("starting_after") String startingAfter) {
        var page = browse.merchants(new BrowseMerchants.Query(name, limit, startingAfter));
        return new MerchantList(page.merchants().stream().map(MerchantSummary::of).toList(), page.hasMore());
    }

    /** Teams newest first; {@code merchant} (organization id) and {@code status} (active, deleted) filter. */
    @GET
    @Path("/accounts")
    public AccountList accounts(@QueryParam("merchant") String merchant, @QueryParam("status") String status,
                                @QueryParam("limit") String limit, @QueryParam("starting_after") String startingAfter) {
        var page = browse.accounts(new BrowseMerchants.AccountQuery(merchant, status, limit, startingAfter));
        return new AccountList(page.accounts().stream().map(TeamJson.Account::of).toList(), page.hasMore());
    }

    public record UserInput(String firstName, String lastName, String email, String phoneNumber) {
    }

    public record AccountInput(String name, String email, String dialCode, String number) {
    }

    public record OnboardRequest(String organizationName, UserInput user, AccountInput account) {
    }

    public record CreditRequest(@JsonDeserialize(using = JsonNumberOnly.class) BigDecimal amount, String reference) {
    }

    public record IdentityChecksRequest(Boolean available) {
    }

    public record ProvidersRequest(List<String> providers) {
    }

    @POST
    @Path("/merchants")
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

    @POST
    @Path("/accounts/{account_id}/credentials")
    public Response issueCredential(@PathParam("account_id") String accountId) {
        var c = admin.issueCredential(Requests.pathId(accountId, "account"));
        return Response.status(201).entity(Map.of("credentials",
                Map.of("username", c.username(), "password", c.password()))).build();
    }

    @DELETE
    @Path("/credentials/{username}")
    public Map<String, Object> revoke(@PathParam("username") String username) {
        admin.revoke(username);
        return Map.of("revoked", true);
    }

    @POST
    @Path("/accounts/{account_id}/service-wallet/credits")
    public Map<String, Object> credit(@PathParam("account_id") String accountId, CreditRequest body) {
        Requests.body(body);
        long id = Requests.pathId(accountId, "account");
        BigDecimal balance = admin.credit(id, body.amount(), body.reference());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("account_id", id);
        out.put("currency", ServiceWallet.CURRENCY);
        out.put("balance", balance);
        return out;
    }

    @PUT
    @Path("/accounts/{account_id}/identity-checks")
    public Map<String, Object> identityChecks(@PathParam("account_id") String accountId, IdentityChecksRequest body) {
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

    @PUT
    @Path("/accounts/{account_id}/payment-providers")
    public Map<String, Object> providers(@PathParam("account_id") String accountId, ProvidersRequest body) {
        Requests.body(body);
        long id = Requests.pathId(accountId, "account");
        List<String> providers = admin.setPaymentProviders(id, body.providers());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("account_id", id);
        out.put("providers", providers);
        return out;
    }
}
