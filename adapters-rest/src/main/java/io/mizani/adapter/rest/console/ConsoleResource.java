package io.mizani.adapter.rest.console;

import static io.mizani.adapter.rest.console.Html.esc;
import static io.mizani.adapter.rest.console.Html.pill;
import static io.mizani.adapter.rest.console.Html.time;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.eclipse.microprofile.openapi.annotations.Operation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.mizani.adapter.rest.console.ConsolePages.Option;
import io.mizani.adapter.rest.console.ConsolePages.When;
import io.mizani.adapter.rest.console.ConsoleViews.Chrome;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.balance.AdjustBalance;
import io.mizani.application.operator.FourEyes;
import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.balance.MerchantBalances;
import io.mizani.application.events.DeliveryAttempt;
import io.mizani.application.events.EventDetail;
import io.mizani.application.events.EventHistory;
import io.mizani.application.events.EventPage;
import io.mizani.application.events.RedeliverEvent;
import io.mizani.application.events.StoredEvent;
import io.mizani.application.payment.ListTransactions;
import io.mizani.application.payment.TransactionView;
import io.mizani.application.team.BrowseMerchants;
import io.mizani.application.team.MerchantAdministration;
import io.mizani.application.team.MerchantDirectory;
import io.mizani.application.teamkyc.AccountKycRenderer;
import io.mizani.application.teamkyc.Commands;
import io.mizani.application.teamkyc.KycDocuments;
import io.mizani.application.teamkyc.ReviewTeamKyc;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Team;
import io.mizani.domain.teamkyc.AccountKyc;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The operator console: server-rendered pages behind the operator login (HTTP Basic, the browser's own prompt).
 * Every page and form calls the same application use cases as the operator API ({@code /api/admin}); nothing here
 * decides a rule. State-changing forms are POSTs protected by {@link ConsoleCsrf}; each answers 303 to the page it
 * changed (post/redirect/get) or, for a new credential, a page that shows the secret once.
 */
@Path("/console")
@RolesAllowed("operator")
@io.mizani.adapter.rest.audit.Audited
@Produces(MediaType.TEXT_HTML)
public class ConsoleResource {

    /** The pages' templates ({@code templates/ConsoleResource/*.html}), checked against these when the service is built. */
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance kycQueue(Chrome chrome, ConsolePages.KycQueue queue);

        static native TemplateInstance kyc(Chrome chrome, ConsolePages.KycReview review);
    }

    static final Map<String, String> NOTICES = Map.of(
            "revoked", "The credential was revoked: it is refused from now on.",
            "credited", "The service wallet was credited.",
            "adjusted", "The payment balance was adjusted.",
            "providers", "The payment providers were saved.",
            "identity", "Identity checks were switched.",
            "redelivered", "The event was queued for one more delivery.",
            "reviewed", "The decision was recorded.",
            "pending", "At or above the approval threshold: waiting for another admin or finance operator to approve it "
                    + "(/api/admin/approvals).");

    @Inject
    BrowseMerchants browse;
    @Inject
    MerchantAdministration admin;
    @Inject
    AdjustBalance adjust;
    @Inject
    io.mizani.application.operator.FourEyes fourEyes;
    @Inject
    MerchantBalances balances;
    @Inject
    ReviewTeamKyc review;
    @Inject
    AccountKycRenderer kycRenderer;
    @Inject
    KycDocuments documents;
    @Inject
    io.mizani.application.audit.AuditTrail auditTrail;
    @Inject
    ListTransactions transactions;
    @Inject
    io.mizani.application.refund.ReadRefunds refundsRead;
    @Inject
    EventHistory events;
    @Inject
    RedeliverEvent redeliver;
    @Inject
    CurrentOperator operator;
    @Inject
    ConsoleCsrf csrf;
    @Inject
    io.mizani.application.operator.ConsoleSessions sessions;
    @Inject
    ObjectMapper mapper;

    @HeaderParam("Sec-Fetch-Site")
    String secFetchSite;
    @HeaderParam("Origin")
    String origin;
    @HeaderParam("Host")
    String host;

    /** The console's only stylesheet (the CSP allows styles from the service itself and nothing else). */
    @GET
    @Path("/console.css")
    @PermitAll
    @Produces("text/css")
    @Operation(hidden = true)
    public Response css() {
        return Response.ok(Html.CSS, "text/css; charset=utf-8").header("Cache-Control", "max-age=300")
                .header("X-Content-Type-Options", "nosniff").build();
    }

    // ---------------------------------------------------------------- merchants and Teams

    @GET
    @Operation(hidden = true)
    public Response merchants(@QueryParam("name") String name, @QueryParam("starting_after") String startingAfter) {
        return guard("merchants", () -> {
            var page = browse.merchants(new BrowseMerchants.Query(name, null, startingAfter));
            StringBuilder rows = new StringBuilder();
            for (MerchantDirectory.Merchant m : page.merchants()) {
                rows.append("<tr><td>").append(m.id()).append("</td><td><a href=\"/console/accounts?merchant=")
                        .append(m.id()).append("\">").append(esc(m.name())).append("</a></td><td>").append(m.kycTier())
                        .append("</td><td>").append(m.accountCount()).append("</td><td>").append(time(m.createdAt()))
                        .append("</td></tr>");
            }
            String more = page.hasMore() ? "<a id=\"next\" href=\"/console?" + q("name", name) + "starting_after="
                    + page.merchants().get(page.merchants().size() - 1).id() + "\">Older merchants →</a>" : "";
            return ok("Merchants", "merchants", """
                    <h1>Merchants</h1>
                    <section class="card" aria-labelledby="search_h"><h2 id="search_h">Find a Team</h2>
                    <form class="inline" method="get" action="/console/search" role="search" aria-label="Teams and merchants">
                    <div><label for="q">Team or merchant: name, e-mail or id</label><input id="q" name="q" required maxlength="200"></div>
                    <button type="submit" id="search_submit">Search</button></form></section>
                    <section class="card"><form class="inline" method="get" action="/console" role="search" aria-label="Merchants by name">
                    <div><label for="name">Name contains</label><input id="name" name="name" value="%s"></div>
                    <button type="submit">Search</button></form>
                    <div class="scroll"><table id="merchants"><thead><tr><th>ID</th><th>Merchant</th><th>KYC tier</th>
                    <th>Teams</th><th>Created</th></tr></thead><tbody>%s</tbody></table></div>
                    <div class="pager">%s</div></section>
                    """.formatted(esc(name), rows.length() == 0 ? "<tr><td colspan=\"5\">No merchant.</td></tr>" : rows,
                    more));
        });
    }

    @GET
    @Path("/accounts")
    @Operation(hidden = true)
    public Response accounts(@QueryParam("merchant") String merchant, @QueryParam("status") String status,
                             @QueryParam("starting_after") String startingAfter) {
        return guard("accounts", () -> {
            var page = browse.accounts(new BrowseMerchants.AccountQuery(merchant, BrowseMerchants.status(status), null,
                    startingAfter));
            StringBuilder rows = new StringBuilder();
            for (Team t : page.accounts()) {
                rows.append("<tr><td>").append(t.id()).append("</td><td><a href=\"/console/accounts/").append(t.id())
                        .append("\">").append(esc(t.name())).append("</a></td><td>").append(t.identity().organizationId())
                        .append("</td><td>").append(pill(t.lifecycle().status().wire())).append("</td><td>").append(esc(t.settings().currency()))
                        .append("</td><td>").append(t.kyc().tier()).append("</td><td>")
                        .append(esc(t.serviceWalletBalance())).append("</td></tr>");
            }
            String more = page.hasMore() ? "<a id=\"next\" href=\"/console/accounts?" + q("merchant", merchant)
                    + q("status", status) + "starting_after=" + page.accounts().get(page.accounts().size() - 1).id()
                    + "\">Older Teams →</a>" : "";
            return ok("Teams", "accounts", """
                    <h1>Teams%s</h1>
                    <section class="card"><form class="inline" method="get" action="/console/accounts">
                    <div><label for="merchant">Merchant ID</label><input id="merchant" name="merchant" inputmode="numeric" value="%s"></div>
                    <div><label for="status">Status</label><select id="status" name="status">%s</select></div>
                    <button type="submit">Filter</button></form>
                    <div class="scroll"><table id="accounts"><thead><tr><th>ID</th><th>Team</th><th>Merchant</th>
                    <th>Status</th><th>Currency</th><th>KYC tier</th><th>Service wallet (KES)</th></tr></thead>
                    <tbody>%s</tbody></table></div><div class="pager">%s</div></section>
                    """.formatted(merchant == null || merchant.isBlank() ? "" : " of merchant " + esc(merchant),
                    esc(merchant), options(status, "", "any", "active", "active", "deleted", "deleted"),
                    rows.length() == 0 ? "<tr><td colspan=\"7\">No Team.</td></tr>" : rows, more));
        });
    }

    @GET
    @Path("/accounts/{id}")
    @Operation(hidden = true)
    public Response account(@PathParam("id") String id, @QueryParam("notice") String notice) {
        return guard("accounts", () -> ok("Team " + id, "accounts", accountPage(accountId(id), notice, null)));
    }

    private String accountPage(long id, String notice, String secret) {
        Team t = browse.account(id);
        List<MerchantDirectory.CredentialInfo> creds = browse.credentials(id);
        List<String> providers = admin.paymentProviders(id);
        List<BalanceLedger.Balance> bals = balances.balances(id);
        String token = csrf.field(operator.username());
        StringBuilder credRows = new StringBuilder();
        for (var c : creds) {
            credRows.append("<tr><td><code>").append(esc(c.username())).append("</code></td><td>")
                    .append(time(c.createdAt())).append("</td><td>")
                    .append(c.revokedAt() == null ? pill("active") : pill("revoked") + " " + time(c.revokedAt()))
                    .append("</td><td>");
            if (c.revokedAt() == null) {
                credRows.append("<form method=\"post\" action=\"/console/accounts/").append(id).append("/credentials/")
                        .append(esc(c.username())).append("/revoke\">").append(token)
                        .append("<button class=\"danger\" type=\"submit\" aria-label=\"Revoke ").append(esc(c.username()))
                        .append("\">Revoke</button></form>");
            }
            credRows.append("</td></tr>");
        }
        StringBuilder balRows = new StringBuilder();
        for (var b : bals) {
            balRows.append("<tr><td>").append(esc(b.currency())).append("</td><td>").append(esc(b.available().amount()))
                    .append("</td><td>").append(esc(b.reserved().amount())).append("</td><td>")
                    .append(esc(b.incoming().amount()))
                    .append("</td></tr>");
        }
        boolean live = t.lifecycle().status() == io.mizani.domain.team.TeamStatus.ACTIVE;
        return """
                <h1 id="team_name">%s</h1>
                %s%s
                <div class="grid">
                <section class="card" aria-labelledby="profile_h"><h2 id="profile_h">Team</h2><dl>
                <dt>Team ID</dt><dd id="account_id">%d</dd>
                <dt>Merchant</dt><dd><a href="/console/accounts?merchant=%d">%d</a></dd>
                <dt>Status</dt><dd id="account_status">%s</dd>
                <dt>KYC tier</dt><dd id="kyc_tier">%d</dd>
                <dt>Currency</dt><dd>%s</dd>
                <dt>E-mail</dt><dd>%s</dd>
                <dt>Phone</dt><dd>%s</dd>
                <dt>Created</dt><dd>%s</dd>
                </dl>
                <p><a href="/console/accounts/%d/payments">Payments</a> · <a href="/console/accounts/%d/refunds">Refunds</a>
                · <a href="/console/accounts/%d/events">Events and deliveries</a>
                · <a id="team_kyc" href="/console/kyc?account=%d">KYC submission</a></p></section>

                <section class="card" aria-labelledby="wallet_h"><h2 id="wallet_h">Service wallet</h2>
                <p>Balance <strong id="wallet_balance">KES %s</strong></p>
                <form class="inline" method="post" action="/console/accounts/%d/service-wallet/credits">%s
                <div><label for="credit_amount">Credit (KES)</label><input id="credit_amount" name="amount" inputmode="decimal" required></div>
                <div><label for="credit_reference">Reference</label><input id="credit_reference" name="reference" required></div>
                <button id="credit" type="submit">Credit</button></form>
                <p class="muted">A repeated reference credits once.</p></section>

                <section class="card" aria-labelledby="balances_h"><h2 id="balances_h">Payment balances</h2>
                <div class="scroll"><table id="balances"><thead><tr><th>Currency</th><th>Available</th><th>Reserved</th><th>Incoming</th></tr></thead>
                <tbody>%s</tbody></table></div>
                <form class="inline" method="post" action="/console/accounts/%d/balances/adjustments">%s
                <div><label for="adj_currency">Currency</label><input id="adj_currency" name="currency" maxlength="3" required></div>
                <div><label for="adj_amount">Amount (signed)</label><input id="adj_amount" name="amount" inputmode="decimal" required></div>
                <div><label for="adj_reference">Reference</label><input id="adj_reference" name="reference" required></div>
                <div><label for="adj_reason">Reason</label><input id="adj_reason" name="reason"></div>
                <button id="adjust" type="submit">Adjust</button></form></section>

                <section class="card" aria-labelledby="providers_h"><h2 id="providers_h">Payment providers</h2>
                <p id="providers">%s</p>
                <form class="inline" method="post" action="/console/accounts/%d/payment-providers">%s
                <div><label for="providers_input">Provider codes (space or comma separated; replaces the set)</label>
                <input id="providers_input" name="providers" value="%s"></div>
                <button id="save_providers" type="submit">Save</button></form>
                <form class="inline" method="post" action="/console/accounts/%d/identity-checks">%s
                <input type="hidden" name="available" value="%s">
                <button class="secondary" id="identity_checks" type="submit">%s identity checks</button></form></section>
                </div>

                <section class="card" aria-labelledby="creds_h"><h2 id="creds_h">API credentials</h2>
                <div class="scroll"><table id="credentials"><thead><tr><th>Username</th><th>Issued</th><th>State</th><th></th></tr></thead>
                <tbody>%s</tbody></table></div>
                %s</section>
                """.formatted(esc(t.name()),
                notice(notice), secret == null ? "" : secret,
                t.id(), t.identity().organizationId(), t.identity().organizationId(), pill(t.lifecycle().status().wire()), t.kyc().tier(), esc(t.settings().currency()),
                esc(t.contact().email()), esc(t.phoneNumber()), time(t.lifecycle().createdAt()), t.id(), t.id(), t.id(), t.id(),
                esc(t.serviceWalletBalance()), t.id(), token,
                balRows.length() == 0 ? "<tr><td colspan=\"4\">No payment balance yet.</td></tr>" : balRows, t.id(), token,
                providers.isEmpty() ? "None assigned." : esc(String.join(", ", providers)), t.id(), token,
                esc(String.join(" ", providers)), t.id(), token, "true", "Switch on (or keep on)",
                credRows.length() == 0 ? "<tr><td colspan=\"4\">No credential.</td></tr>" : credRows,
                live ? "<form method=\"post\" action=\"/console/accounts/" + t.id() + "/credentials\">" + token
                        + "<button id=\"issue_credential\" type=\"submit\">Issue a new credential</button></form>" : "");
    }

    @POST
    @Path("/accounts/{id}/credentials")
    @io.mizani.adapter.rest.audit.Audited(action = "console.credential.issue", target = "account", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response issue(@PathParam("id") String id, @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", () -> {
            checkCsrf(token);
            long accountId = accountId(id);
            var c = admin.issueCredential(accountId);
            String secret = """
                    <div class="notice" role="status" id="new_credential"><p><strong>New credential.</strong> The password is shown
                    this once: copy it now.</p><dl><dt>Username</dt><dd class="secret" id="new_username">%s</dd>
                    <dt>Password</dt><dd class="secret" id="new_password">%s</dd></dl></div>
                    """.formatted(esc(c.username()), esc(c.password()));
            return ok("Team " + id, "accounts", accountPage(accountId, null, secret));
        });
    }

    @POST
    @Path("/accounts/{id}/credentials/{username}/revoke")
    @io.mizani.adapter.rest.audit.Audited(action = "console.credential.revoke", target = "credential", id = "username")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response revoke(@PathParam("id") String id, @PathParam("username") String username,
                           @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", () -> {
            checkCsrf(token);
            long accountId = accountId(id);
            boolean own = browse.credentials(accountId).stream().anyMatch(c -> c.username().equals(username));
            if (!own) {
                throw DomainError.notFound("credential " + username + " not found");
            }
            admin.revoke(username);
            return back("/console/accounts/" + accountId, "revoked");
        });
    }

    @POST
    @Path("/accounts/{id}/service-wallet/credits")
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.FINANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "console.service_wallet.credit", target = "account", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response credit(@PathParam("id") String id, @FormParam("amount") String amount,
                           @FormParam("reference") String reference, @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", () -> {
            checkCsrf(token, amount, reference);
            long accountId = accountId(id);
            var outcome = fourEyes.credit(accountId, money(amount), reference == null ? null : reference.trim(),
                    operator.context());
            return back("/console/accounts/" + accountId, outcome instanceof FourEyes.Pending ? "pending" : "credited");
        });
    }

    @POST
    @Path("/accounts/{id}/balances/adjustments")
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.FINANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "console.balance.adjust", target = "account", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response adjustment(@PathParam("id") String id, @FormParam("currency") String currency,
                               @FormParam("amount") String amount, @FormParam("reference") String reference,
                               @FormParam("reason") String reason, @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", () -> {
            checkCsrf(token, currency, amount, reference, reason);
            long accountId = accountId(id);
            var outcome = fourEyes.adjust(new AdjustBalance.Command(accountId, currency == null ? null : currency.trim(),
                    money(amount), reference == null ? null : reference.trim(),
                    reason == null || reason.isBlank() ? null : reason), operator.context());
            return back("/console/accounts/" + accountId, outcome instanceof FourEyes.Pending ? "pending" : "adjusted");
        });
    }

    @POST
    @Path("/accounts/{id}/payment-providers")
    @io.mizani.adapter.rest.audit.Audited(action = "console.payment_providers.set", target = "account", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response providers(@PathParam("id") String id, @FormParam("providers") String providers,
                              @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", () -> {
            checkCsrf(token, providers);
            long accountId = accountId(id);
            List<String> codes = providers == null || providers.isBlank() ? List.of()
                    : Arrays.stream(providers.trim().split("[\\s,]+")).filter(s -> !s.isEmpty()).toList();
            admin.setPaymentProviders(accountId, codes);
            return back("/console/accounts/" + accountId, "providers");
        });
    }

    @POST
    @Path("/accounts/{id}/identity-checks")
    @io.mizani.adapter.rest.audit.Audited(action = "console.identity_checks.set", target = "account", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response identityChecks(@PathParam("id") String id, @FormParam("available") String available,
                                   @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", () -> {
            checkCsrf(token);
            long accountId = accountId(id);
            if (!"true".equals(available) && !"false".equals(available)) {
                throw DomainError.invalidArgument("available must be true or false");
            }
            admin.setIdentityChecksAvailable(accountId, Boolean.parseBoolean(available));
            return back("/console/accounts/" + accountId, "identity");
        });
    }

    // ---------------------------------------------------------------- payments and events

    @GET
    @Path("/accounts/{id}/payments")
    @Operation(hidden = true)
    public Response payments(@PathParam("id") String id, @QueryParam("status") String status,
                             @QueryParam("request_type") String requestType, @QueryParam("provider") String provider,
                             @QueryParam("from") String from, @QueryParam("to") String to,
                             @QueryParam("starting_after") String startingAfter) {
        return guard("accounts", () -> {
            long accountId = accountId(id);
            Team t = browse.account(accountId);
            var page = transactions.list(accountId, new ListTransactions.Query(ListTransactions.status(status),
                    ListTransactions.requestType(requestType), blank(provider), blank(from), blank(to), null, blank(startingAfter)));
            StringBuilder rows = new StringBuilder();
            for (TransactionView v : page.transactions()) {
                rows.append("<tr><td><code>").append(esc(v.reference())).append("</code></td><td>")
                        .append("<a href=\"/console/accounts/").append(accountId).append("/payment?merchant_reference=")
                        .append(esc(enc(v.merchantReference()))).append("\">").append(esc(v.merchantReference()))
                        .append("</a></td><td>").append(esc(v.requestType()))
                        .append("</td><td>").append(esc(v.provider())).append("</td><td>").append(pill(v.status()))
                        .append("</td><td>").append(esc(v.currency())).append(' ').append(esc(v.amount()))
                        .append("</td><td>").append(refunded(accountId, v))
                        .append("</td><td>").append(esc(v.failureReason())).append("</td><td>").append(esc(v.createdAt()))
                        .append("</td></tr>");
            }
            String more = page.hasMore() ? "<a id=\"next\" href=\"/console/accounts/" + accountId + "/payments?"
                    + q("status", status) + q("request_type", requestType) + q("provider", provider) + q("from", from)
                    + q("to", to) + "starting_after=" + enc(page.transactions().get(page.transactions().size() - 1)
                    .reference()) + "\">Older payments →</a>" : "";
            return ok("Payments of " + t.name(), "accounts", """
                    <h1>Payments of <a href="/console/accounts/%d">%s</a></h1>
                    <section class="card"><form class="inline" method="get" action="/console/accounts/%d/payments" role="search">
                    <div><label for="status">Status</label><select id="status" name="status">%s</select></div>
                    <div><label for="request_type">Type</label><select id="request_type" name="request_type">%s</select></div>
                    <div><label for="provider">Provider</label><input id="provider" name="provider" value="%s"></div>
                    <div><label for="from">From (YYYY-MM-DD)</label><input id="from" name="from" value="%s"></div>
                    <div><label for="to">To (YYYY-MM-DD)</label><input id="to" name="to" value="%s"></div>
                    <button type="submit">Search</button></form>
                    <div class="scroll"><table id="payments"><thead><tr><th>Reference</th><th>Merchant reference</th><th>Type</th>
                    <th>Provider</th><th>Status</th><th>Amount</th><th>Refunded</th><th>Failure reason</th><th>Created</th></tr></thead>
                    <tbody>%s</tbody></table></div><div class="pager">%s</div></section>
                    """.formatted(accountId, esc(t.name()), accountId,
                    options(status, "", "any", "queued", "queued", "pending", "pending", "succeeded", "succeeded",
                            "failed", "failed"),
                    options(requestType, "", "any", "payment", "payment", "withdraw", "withdraw"),
                    esc(provider), esc(from), esc(to),
                    rows.length() == 0 ? "<tr><td colspan=\"9\">No payment.</td></tr>" : rows, more));
        });
    }

    /** A collection's refunded amount, linked to its refunds; empty for payouts and collections with none. */
    private static String refunded(long accountId, TransactionView v) {
        java.math.BigDecimal r = v.refundedAmount();
        if (!"payment".equals(v.requestType()) || r == null || r.signum() == 0) {
            return "";
        }
        return "<a href=\"/console/accounts/" + accountId + "/refunds?merchant_reference=" + enc(v.merchantReference())
                + "\">" + esc(v.currency()) + " " + esc(r.toPlainString()) + "</a>";
    }

    /** A Team's refunds (platform.md section 15), newest first, each with its collection; or one collection's. */
    @GET
    @Path("/accounts/{id}/refunds")
    @Operation(hidden = true)
    public Response refunds(@PathParam("id") String id, @QueryParam("merchant_reference") String merchantReference,
                            @QueryParam("starting_after") String startingAfter) {
        return guard("accounts", () -> {
            long accountId = accountId(id);
            Team t = browse.account(accountId);
            var page = refundsRead.list(accountId, new io.mizani.application.refund.ReadRefunds.Query(
                    blank(merchantReference), null, blank(startingAfter)));
            StringBuilder rows = new StringBuilder();
            for (io.mizani.domain.refund.Refund r : page.refunds()) {
                rows.append("<tr><td><code>").append(esc(r.refundReference())).append("</code></td><td>")
                        .append("<a href=\"/console/accounts/").append(accountId).append("/refunds?merchant_reference=")
                        .append(enc(r.references().merchantReference())).append("\">")
                        .append(esc(r.references().merchantReference())).append("</a></td><td>")
                        .append(esc(r.amount().currency())).append(' ').append(esc(r.amount().amount().toPlainString()))
                        .append("</td><td>").append(pill(r.status().wire())).append("</td><td>")
                        .append(esc(r.outcome().failureReason())).append("</td><td>")
                        .append(esc(r.outcome().providerReference())).append("</td><td>")
                        .append(time(r.times().createdAt())).append("</td><td>").append(time(r.times().completedAt()))
                        .append("</td></tr>");
            }
            String more = page.hasMore() ? "<a id=\"next\" href=\"/console/accounts/" + accountId + "/refunds?"
                    + q("merchant_reference", merchantReference) + "starting_after="
                    + enc(page.refunds().get(page.refunds().size() - 1).refundReference()) + "\">Older refunds →</a>" : "";
            String of = merchantReference == null || merchantReference.isBlank() ? ""
                    : " of collection <code>" + esc(merchantReference) + "</code>";
            return ok("Refunds of " + t.name(), "accounts", """
                    <h1>Refunds%s · <a href="/console/accounts/%d">%s</a></h1>
                    <section class="card"><form class="inline" method="get" action="/console/accounts/%d/refunds" role="search">
                    <div><label for="merchant_reference">Collection (merchant reference)</label>
                    <input id="merchant_reference" name="merchant_reference" value="%s"></div>
                    <button type="submit">Search</button></form>
                    <div class="scroll"><table id="refunds"><thead><tr><th>Refund reference</th><th>Collection</th>
                    <th>Amount</th><th>Status</th><th>Failure reason</th><th>Provider reference</th><th>Created</th>
                    <th>Completed</th></tr></thead><tbody>%s</tbody></table></div><div class="pager">%s</div></section>
                    """.formatted(of, accountId, esc(t.name()), accountId, esc(merchantReference),
                    rows.length() == 0 ? "<tr><td colspan=\"8\">No refund.</td></tr>" : rows, more));
        });
    }

    @GET
    @Path("/accounts/{id}/events")
    @Operation(hidden = true)
    public Response events(@PathParam("id") String id, @QueryParam("type") String type,
                           @QueryParam("starting_after") String startingAfter) {
        return guard("accounts", () -> {
            long accountId = accountId(id);
            Team t = browse.account(accountId);
            EventPage page = events.list(accountId, blank(type), null, blank(startingAfter));
            StringBuilder rows = new StringBuilder();
            for (StoredEvent e : page.events()) {
                var d = e.delivery();
                rows.append("<tr><td><a href=\"/console/accounts/").append(accountId).append("/events/")
                        .append(enc(e.id())).append("\"><code>").append(esc(e.id())).append("</code></a></td><td>")
                        .append(esc(e.type())).append("</td><td>").append(time(e.createdAt())).append("</td><td>")
                        .append(d == null ? "" : pill(d.status().wire())).append("</td><td>")
                        .append(d == null ? "" : d.attempts()).append("</td><td>")
                        .append(d == null ? "" : esc(d.lastResponseStatus())).append("</td></tr>");
            }
            String more = page.hasMore() ? "<a id=\"next\" href=\"/console/accounts/" + accountId + "/events?"
                    + q("type", type) + "starting_after=" + enc(page.events().get(page.events().size() - 1).id())
                    + "\">Older events →</a>" : "";
            return ok("Events of " + t.name(), "accounts", """
                    <h1>Events of <a href="/console/accounts/%d">%s</a></h1>
                    <section class="card"><form class="inline" method="get" action="/console/accounts/%d/events" role="search">
                    <div><label for="type">Type</label><select id="type" name="type">%s</select></div>
                    <button type="submit">Search</button></form>
                    <div class="scroll"><table id="events"><thead><tr><th>Event</th><th>Type</th><th>Created</th>
                    <th>Delivery</th><th>Attempts</th><th>Last answer</th></tr></thead>
                    <tbody>%s</tbody></table></div><div class="pager">%s</div></section>
                    """.formatted(accountId, esc(t.name()), accountId,
                    options(type, "", "any", "transaction.succeeded", "transaction.succeeded", "transaction.failed",
                            "transaction.failed", "account_kyc.approved", "account_kyc.approved", "account_kyc.rejected",
                            "account_kyc.rejected", "balance.adjusted", "balance.adjusted", "webhook.test", "webhook.test"),
                    rows.length() == 0 ? "<tr><td colspan=\"6\">No event.</td></tr>" : rows, more));
        });
    }

    @GET
    @Path("/accounts/{id}/events/{event}")
    @Operation(hidden = true)
    public Response event(@PathParam("id") String id, @PathParam("event") String eventId,
                          @QueryParam("notice") String notice) {
        return guard("accounts", () -> {
            long accountId = accountId(id);
            Team t = browse.account(accountId);
            EventDetail detail = events.detail(accountId, eventId);
            StoredEvent e = detail.event();
            var d = e.delivery();
            StringBuilder rows = new StringBuilder();
            for (DeliveryAttempt a : detail.attempts()) {
                rows.append("<tr><td>").append(time(a.attemptedAt())).append("</td><td>")
                        .append(a.responseStatus() == null ? "no answer" : a.responseStatus()).append("</td><td>")
                        .append(esc(a.error())).append("</td><td>").append(a.durationMs()).append(" ms</td></tr>");
            }
            return ok("Event " + e.id(), "accounts", """
                    <h1>Event <code>%s</code></h1>%s
                    <div class="grid"><section class="card"><h2>Event</h2><dl>
                    <dt>Team</dt><dd><a href="/console/accounts/%d">%s</a></dd>
                    <dt>Type</dt><dd>%s</dd><dt>Created</dt><dd>%s</dd>
                    <dt>Delivery</dt><dd id="delivery_status">%s</dd><dt>URL</dt><dd>%s</dd>
                    <dt>Attempts</dt><dd id="delivery_attempts">%s</dd><dt>Next attempt</dt><dd>%s</dd></dl>
                    <form class="inline" method="post" action="/console/accounts/%d/events/%s/redeliver">%s
                    <button id="redeliver" type="submit">Redeliver</button></form></section>
                    <section class="card"><h2>Data</h2><pre id="event_data">%s</pre></section></div>
                    <section class="card"><h2>Delivery attempts</h2><div class="scroll"><table id="attempts"><thead><tr>
                    <th>Attempted</th><th>Answer</th><th>Error</th><th>Duration</th></tr></thead><tbody>%s</tbody></table></div></section>
                    """.formatted(esc(e.id()), notice(notice), accountId, esc(t.name()), esc(e.type()), time(e.createdAt()),
                    d == null ? "" : pill(d.status().wire()), d == null ? "" : esc(d.url()), d == null ? "" : d.attempts(),
                    d == null ? "" : time(d.nextAttemptAt()), accountId, enc(e.id()), csrf.field(operator.username()),
                    esc(pretty(e.dataJson())),
                    rows.length() == 0 ? "<tr><td colspan=\"4\">No attempt yet.</td></tr>" : rows));
        });
    }

    @POST
    @Path("/accounts/{id}/events/{event}/redeliver")
    @io.mizani.adapter.rest.audit.Audited(action = "console.event.redeliver", target = "event", id = "event")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response redeliver(@PathParam("id") String id, @PathParam("event") String eventId,
                              @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", () -> {
            checkCsrf(token);
            long accountId = accountId(id);
            redeliver.redeliver(accountId, eventId);
            return back("/console/accounts/" + accountId + "/events/" + enc(eventId), "redelivered");
        });
    }

    // ---------------------------------------------------------------- Team KYC review

    @GET
    @Path("/kyc")
    @Operation(hidden = true)
    public Response kycQueue(@QueryParam("status") String status, @QueryParam("upgrade_status") String upgradeStatus,
                             @QueryParam("account") String account) {
        return guard("kyc", () -> {
            String s = status == null && (account == null || account.isBlank()) ? "pending" : status;
            Long onlyAccount = account == null || account.isBlank() ? null : accountId(account);
            List<AccountKyc> queue = onlyAccount == null ? review.queue(blank(s), blank(upgradeStatus), 100)
                    : review.recordOfAccount(onlyAccount).stream().toList();
            List<ConsolePages.QueueRow> rows = queue.stream().map(k -> new ConsolePages.QueueRow(k.id(), k.accountId(),
                    wire(k.status()), str(k.kycTier()), wire(upgradeStatus(k)), When.of(k.createdAt()))).toList();
            return Templates.kycQueue(chrome("KYC review", "kyc", null), new ConsolePages.KycQueue(
                    Option.of(s, "", "any", "pending", "pending", "in_review", "in review", "approved", "approved",
                            "rejected", "rejected"),
                    Option.of(upgradeStatus, "", "any", "pending", "pending", "approved", "approved", "rejected",
                            "rejected"), account, rows));
        });
    }

    @GET
    @Path("/kyc/{id}")
    @Operation(hidden = true)
    public Response kyc(@PathParam("id") String id, @QueryParam("notice") String notice) {
        return guard("kyc", () -> kycPage(review.record(kycId(id)), notice, new ConsolePages.ReviewForm(
                decisions(null), null, null, null, null)));
    }

    /**
     * Document {@code n} of a submission (numbered from 1 as the review page lists them), fetched by the service from
     * the merchant's URL and streamed back when it is an image or a PDF: the console's CSP allows images from the
     * service only. Served inline, never sniffed, never cached, sandboxed. An unknown submission or number is 404; a
     * document that cannot be previewed is 422 naming why.
     */
    @GET
    @Path("/kyc/{id}/documents/{n}")
    @Produces(MediaType.WILDCARD)
    @Operation(hidden = true)
    public Response kycDocument(@PathParam("id") String id, @PathParam("n") String n) {
        return guard("kyc", () -> {
            long kycId = kycId(id);
            int number;
            try {
                number = Integer.parseInt(n.strip());
            } catch (NumberFormatException e) {
                number = 0; // not a document's number: 404 below
            }
            KycDocuments.Preview p = documents.preview(kycId, number);
            if (p.refusal() != null) {
                throw new DomainError(DomainError.Kind.UNPROCESSABLE, "unprocessable",
                        "document " + number + " of account kyc " + kycId + " cannot be previewed: " + p.refusal());
            }
            return Response.ok(p.bytes(), p.mediaType())
                    .header("Content-Disposition", "inline; filename=\"document-" + number + extension(p.mediaType())
                            + "\"")
                    .header("X-Content-Type-Options", "nosniff")
                    .header("Cache-Control", "no-store")
                    .header("Content-Security-Policy", "default-src 'none'; sandbox")
                    .header("Referrer-Policy", "same-origin")
                    .header("X-Frame-Options", "DENY").build();
        });
    }

    /** The review page: what the tokens prove, the documents, the decision form as {@code form} has it, the history. */
    private TemplateInstance kycPage(AccountKyc k, String notice, ConsolePages.ReviewForm form) {
        ConsolePages.ReviewForm f = new ConsolePages.ReviewForm(form.decisions(), form.tiers() != null ? form.tiers()
                : tiers(str(k.kycTier())), form.notes(), form.error(), form.errorField());
        var summary = new ConsolePages.KycSummary(k.id(), k.accountId(), wire(k.status()), str(k.kycTier()),
                wire(upgradeStatus(k)), When.of(k.createdAt()), When.of(k.updatedAt()));
        boolean upgradePending = "pending".equals(wire(upgradeStatus(k)));
        return Templates.kyc(chrome("KYC submission " + k.id(), "kyc", notice == null ? null : NOTICES.get(notice)),
                new ConsolePages.KycReview(summary, verdicts(k), f, upgradePending, documentRows(k), history(k.id()),
                        prettyMap(kycRenderer.render(k))));
    }

    /** The decision choices, {@code current} selected (none chosen in advance). */
    private static List<Option> decisions(String current) {
        return Option.of(current, "", "Choose a decision", "approve", "Approve", "reject", "Reject", "in_review",
                "Ask for amendments (in review)");
    }

    /** The tiers an approval may grant, {@code current} selected ("as requested": the empty value). */
    private static List<Option> tiers(String current) {
        return Option.of(current, "", "as requested", "1", "1", "2", "2", "3", "3");
    }

    /** Each document of the submission: its preview's link, type and size, or why there is no preview. */
    private List<ConsolePages.DocumentRow> documentRows(AccountKyc k) {
        return documents.previews(k).stream().map(p -> {
            var d = p.document();
            String href = "/console/kyc/" + k.id() + "/documents/" + d.number();
            return p.refusal() != null
                    ? new ConsolePages.DocumentRow(d.number(), d.kind(), null, null, null, p.refusal(), false)
                    : new ConsolePages.DocumentRow(d.number(), d.kind(), href, typeName(p.mediaType()),
                            size(p.size()), null, p.image());
        }).toList();
    }

    private static String typeName(String mediaType) {
        return switch (mediaType) {
            case "image/png" -> "PNG image";
            case "image/jpeg" -> "JPEG image";
            case "image/gif" -> "GIF image";
            case "image/webp" -> "WebP image";
            default -> "PDF";
        };
    }

    private static String extension(String mediaType) {
        return switch (mediaType) {
            case "image/png" -> ".png";
            case "image/jpeg" -> ".jpg";
            case "image/gif" -> ".gif";
            case "image/webp" -> ".webp";
            default -> ".pdf";
        };
    }

    /** A size in bytes as people read it: 900 bytes, 12.3 kB, 1.2 MB. */
    static String size(long bytes) {
        if (bytes < 1000) {
            return bytes + " bytes";
        }
        if (bytes < 1_000_000) {
            return String.format(java.util.Locale.ROOT, "%.1f kB", bytes / 1000.0);
        }
        return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1_000_000.0);
    }

    /**
     * What the submission's tokens prove, first on the page: the tier they justify beside the tier asked for, and
     * each token's verdict, check, masked identifier and name on record, the ones that did not verify first.
     */
    private static ConsolePages.Verdicts verdicts(AccountKyc k) {
        io.mizani.domain.teamkyc.VerificationInformation info = k.verificationInformation();
        List<io.mizani.domain.teamkyc.TokenSnapshot> tokens = info == null ? List.of()
                : info.verifications().stream().sorted(java.util.Comparator.comparing(
                        io.mizani.domain.teamkyc.TokenSnapshot::counts)).toList();
        int justified = info == null ? 0 : info.verifiedKycTier();
        Integer asked = k.kycTier();
        boolean overAsked = asked != null && asked > justified && !"approved".equals(wire(k.status()));
        List<ConsolePages.TokenRow> rows = tokens.stream().map(t -> {
            var f = t.token().finding();
            return new ConsolePages.TokenRow(t.counts(), f.status() == null ? "unknown" : f.status().wire(),
                    t.kind().key(), t.token().checked().check(), f.identifierMasked(), f.subjectName(), f.source());
        }).toList();
        long flags = tokens.stream().filter(t -> !t.counts()).count();
        return new ConsolePages.Verdicts(overAsked, asked == null ? "none" : String.valueOf(asked), justified,
                flags == 0 ? null : flags + (flags == 1 ? " token did not verify." : " tokens did not verify."), rows);
    }

    /** Every decision recorded on the submission (console and API, approved or refused), newest first. */
    private List<ConsolePages.HistoryRow> history(long kycId) {
        List<io.mizani.domain.audit.AuditEvent> events = auditTrail.page(new io.mizani.application.audit.AuditTrail.Filter(
                null, null, "account_kyc", String.valueOf(kycId), null, null), null, 50);
        return events.stream().filter(e -> e.record().action().endsWith("review")).map(e -> {
            var r = e.record();
            Map<String, Object> d = r.details() == null ? Map.of() : r.details();
            return new ConsolePages.HistoryRow(e.at(), r.actor().username(),
                    r.action().endsWith("upgrade_review") ? "upgrade" : "submission", str(d.get("decision")),
                    str(d.get("kyc_tier")), str(d.get("notes")), r.outcome() == null ? null : r.outcome().wire());
        }).toList();
    }

    @POST
    @Path("/kyc/{id}/review")
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.COMPLIANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "console.account_kyc.review", target = "account_kyc", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response reviewKyc(@PathParam("id") String id, @FormParam("decision") String decision,
                              @FormParam("kyc_tier") String tier, @FormParam("notes") String notes,
                              @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("kyc", () -> {
            checkCsrf(token, decision, tier, notes);
            long kycId = kycId(id);
            String refused = null;
            String field = null;
            if (decision == null || decision.isBlank()) {
                refused = "choose a decision: approve, reject or ask for amendments";
                field = "decision";
            } else if (("reject".equals(decision) || "in_review".equals(decision)) && (notes == null || notes.isBlank())) {
                refused = "a note is required to reject or to ask for amendments";
                field = "notes";
            }
            if (refused != null) {
                // the same page again, the choices kept, focus on the field to fix and the refusal announced
                AccountKyc k = review.record(kycId);
                return Html.html(400, kycPage(k, null, new ConsolePages.ReviewForm(decisions(decision),
                        tier == null ? null : tiers(tier),
                        notes, refused, field)).render());
            }
            Integer granted = null;
            if (tier != null && !tier.isBlank()) {
                try {
                    granted = Integer.valueOf(tier.trim());
                } catch (NumberFormatException e) {
                    throw DomainError.invalidArgument("kyc_tier must be an integer");
                }
            }
            review.review(new Commands.Review(kycId, decision, granted, blank(notes), operator.userId()));
            return back("/console/kyc/" + kycId, "reviewed");
        });
    }

    @POST
    @Path("/kyc/{id}/upgrade-review")
    @io.mizani.adapter.rest.audit.Needs(io.mizani.domain.operator.OperatorPermission.COMPLIANCE)
    @io.mizani.adapter.rest.audit.Audited(action = "console.account_kyc.upgrade_review", target = "account_kyc", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response reviewUpgrade(@PathParam("id") String id, @FormParam("decision") String decision,
                                  @FormParam("notes") String notes, @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("kyc", () -> {
            checkCsrf(token, decision, notes);
            long kycId = kycId(id);
            review.reviewUpgrade(new Commands.ReviewUpgrade(kycId, decision, blank(notes), operator.userId()));
            return back("/console/kyc/" + kycId, "reviewed");
        });
    }

    // ---------------------------------------------------------------- sign-out

    /**
     * Ends every console session of this operator (on every replica: sessions opened up to now are refused from
     * now on) and removes the cookie; then the sign-in page. A browser using HTTP Basic keeps sending its cached
     * login until it is closed: that is the browser's, not the service's.
     */
    @POST
    @Path("/sign-out")
    @io.mizani.adapter.rest.audit.Audited(action = "console.sign_out", target = "operator")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response signOut(@FormParam(ConsoleCsrf.FIELD) String token,
                            @jakarta.ws.rs.core.Context io.vertx.ext.web.RoutingContext rc) {
        return guard(null, () -> {
            checkCsrf(token);
            sessions.signOut(operator.context());
            rc.response().addCookie(io.mizani.adapter.rest.tenancy.ConsoleSessionMechanism.cookie(null, rc));
            return Html.secure(Response.seeOther(URI.create("/console/sign-in?ended=signed_out"))).build();
        });
    }

    // ---------------------------------------------------------------- helpers

    private Response guard(String nav, Supplier<Object> page) {
        try {
            Object answer = page.get();
            return answer instanceof TemplateInstance t ? Html.html(200, t.render()) : (Response) answer;
        } catch (DomainError e) {
            int status = io.mizani.adapter.rest.common.ErrorBodies.status(e.kind());
            return Html.html(status, ConsoleScreens.Templates.error(chrome("Not done", nav, null), e.getMessage())
                    .render());
        }
    }

    /** The page around a template: its title, navigation entry, the operator, the CSRF token and the notice. */
    private Chrome chrome(String title, String nav, String notice) {
        return new Chrome(title, nav, operator.username(), csrf.token(operator.username()), notice);
    }

    private Response ok(String title, String nav, String body) {
        return Html.html(200, Html.page(title, nav, operator.username(), csrf.field(operator.username()), body));
    }

    private void checkCsrf(String token, String... fields) {
        csrf.check(operator.username(), token, secFetchSite, origin, host);
        for (String f : fields) {
            if (f != null && f.indexOf('\u0000') >= 0) {
                throw DomainError.invalidArgument("a form field contains a NUL character (U+0000)");
            }
        }
    }

    private static Response back(String path, String notice) {
        return Html.secure(Response.seeOther(URI.create(path + "?notice=" + notice))).build();
    }

    private static String notice(String key) {
        String text = key == null ? null : NOTICES.get(key);
        return text == null ? "" : "<p class=\"notice\" id=\"notice\" role=\"status\">" + esc(text) + "</p>";
    }

    private static long accountId(String raw) {
        return id(raw, "account");
    }

    private static long kycId(String raw) {
        return id(raw, "account kyc");
    }

    /** A console path's id: a positive number, else 404 naming {@code what} (every console screen reads ids so). */
    static long id(String raw, String what) {
        try {
            long v = Long.parseLong(raw.trim());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException | NullPointerException ignored) {
            // falls through
        }
        throw DomainError.notFound(what + " " + raw + " not found");
    }

    private static BigDecimal money(String raw) {
        if (raw == null || raw.isBlank()) {
            throw DomainError.invalidArgument("amount is required");
        }
        try {
            return new BigDecimal(raw.trim().replace(",", ""));
        } catch (NumberFormatException e) {
            throw DomainError.invalidArgument("amount must be a number such as 100.00");
        }
    }

    private static String str(Object o) {
        return o == null ? null : o.toString();
    }

    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    private static String wire(io.mizani.domain.teamkyc.KycStatus s) {
        return s == null ? null : s.wire();
    }

    private static io.mizani.domain.teamkyc.UpgradeStatus upgradeStatus(AccountKyc k) {
        return k.upgradeInformation() == null ? null : k.upgradeInformation().upgradeStatus();
    }

    private static String wire(io.mizani.domain.teamkyc.UpgradeStatus s) {
        return s == null ? null : s.wire();
    }

    private static String q(String name, String value) {
        return value == null || value.isBlank() ? "" : name + "=" + enc(value) + "&amp;";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** {@code <option>}s from value/label pairs, the current one selected. */
    private static String options(String current, String... pairs) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            boolean sel = pairs[i].equals(current == null ? "" : current);
            b.append("<option value=\"").append(esc(pairs[i])).append('"').append(sel ? " selected" : "").append('>')
                    .append(esc(pairs[i + 1])).append("</option>");
        }
        return b.toString();
    }

    /** The event's data exactly as it was sent (amounts keep their two decimals). */
    private static String pretty(String json) {
        return json == null ? "" : json;
    }

    private String prettyMap(Object value) {
        try {
            return mapper.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
        } catch (JsonProcessingException e) {
            return String.valueOf(value);
        }
    }
}
