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
import io.mizani.application.teamkyc.ReviewTeamKyc;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Team;
import io.mizani.domain.teamkyc.AccountKyc;
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
            StringBuilder rows = new StringBuilder();
            for (AccountKyc k : queue) {
                rows.append("<tr><td><a href=\"/console/kyc/").append(k.id()).append("\">Submission ").append(k.id())
                        .append("</a></td><td><a href=\"/console/accounts/").append(k.accountId()).append("\">")
                        .append(k.accountId()).append("</a></td><td>").append(pill(wire(k.status()))).append("</td><td>")
                        .append(esc(k.kycTier())).append("</td><td>").append(pill(wire(upgradeStatus(k))))
                        .append("</td><td>").append(time(k.createdAt())).append("</td></tr>");
            }
            return ok("KYC review", "kyc", """
                    <h1>Team KYC review</h1>
                    <section class="card"><form class="inline" method="get" action="/console/kyc">
                    <div><label for="status">Status</label><select id="status" name="status">%s</select></div>
                    <div><label for="upgrade_status">Upgrade</label><select id="upgrade_status" name="upgrade_status">%s</select></div>
                    <div><label for="account">Team ID</label><input id="account" name="account" inputmode="numeric" value="%s"></div>
                    <button type="submit">Show</button></form>
                    <div class="scroll"><table id="kyc_queue"><thead><tr><th>Submission</th><th>Team</th><th>Status</th>
                    <th>Tier (requested or granted)</th><th>Upgrade</th><th>Submitted</th></tr></thead>
                    <tbody>%s</tbody></table></div></section>
                    """.formatted(options(s, "", "any", "pending", "pending", "in_review", "in review", "approved",
                            "approved", "rejected", "rejected"),
                    options(upgradeStatus, "", "any", "pending", "pending", "approved", "approved", "rejected", "rejected"),
                    esc(account), rows.length() == 0 ? "<tr><td colspan=\"6\">Nothing to review.</td></tr>" : rows));
        });
    }

    @GET
    @Path("/kyc/{id}")
    @Operation(hidden = true)
    public Response kyc(@PathParam("id") String id, @QueryParam("notice") String notice) {
        return guard("kyc", () -> {
            AccountKyc k = review.record(kycId(id));
            String token = csrf.field(operator.username());
            String upgrade = upgradeStatus(k) == null || !"pending".equals(wire(upgradeStatus(k))) ? "" : """
                    <section class="card"><h2>Upgrade request</h2>
                    <form class="inline" method="post" action="/console/kyc/%d/upgrade-review">%s
                    <div><label for="upgrade_decision">Decision</label><select id="upgrade_decision" name="decision">
                    <option value="approve">Approve</option><option value="reject">Reject</option></select></div>
                    <div><label for="upgrade_notes">Notes</label><input id="upgrade_notes" name="notes"></div>
                    <button id="upgrade_review" type="submit">Record decision</button></form></section>
                    """.formatted(k.id(), token);
            return ok("KYC submission " + k.id(), "kyc", """
                    <h1>KYC submission %d</h1>%s
                    %s
                    <div class="grid"><section class="card"><h2>Summary</h2><dl>
                    <dt>Team</dt><dd><a id="kyc_team" href="/console/accounts/%d">%d</a></dd>
                    <dt>Status</dt><dd id="kyc_status">%s</dd>
                    <dt>Tier</dt><dd id="kyc_record_tier">%s</dd>
                    <dt>Upgrade</dt><dd>%s</dd>
                    <dt>Submitted</dt><dd>%s</dd><dt>Updated</dt><dd>%s</dd></dl></section>
                    <section class="card"><h2>Review</h2>
                    <form method="post" action="/console/kyc/%d/review">%s
                    <div class="grid">
                    <div><label for="decision">Decision</label><select id="decision" name="decision" required>
                    <option value="" selected>Choose a decision</option>
                    <option value="approve">Approve</option><option value="reject">Reject</option>
                    <option value="in_review">Ask for amendments (in review)</option></select></div>
                    <div><label for="review_tier">Tier to grant (approve)</label><select id="review_tier" name="kyc_tier">%s</select></div>
                    <div><label for="notes">Notes</label><textarea id="notes" name="notes" rows="2" aria-describedby="notes_hint"></textarea>
                    <p class="muted" id="notes_hint">Required to reject or to ask for amendments: the merchant reads it.</p></div>
                    </div><p><button id="submit_review" type="submit">Record decision</button></p></form></section></div>
                    %s
                    %s
                    <section class="card"><h2>Submission details</h2><pre id="kyc_details">%s</pre></section>
                    """.formatted(k.id(), notice(notice), verdicts(k), k.accountId(), k.accountId(), pill(wire(k.status())),
                    esc(k.kycTier()), pill(wire(upgradeStatus(k))), time(k.createdAt()), time(k.updatedAt()), k.id(), token,
                    options(k.kycTier() == null ? null : String.valueOf(k.kycTier()), "", "as requested", "1", "1", "2",
                            "2", "3", "3"), upgrade, history(k.id()), esc(prettyMap(kycRenderer.render(k)))));
        });
    }

    /**
     * What the submission's tokens prove, first on the page: the tier they justify beside the tier asked for, and
     * each token's verdict, check, masked identifier and name on record, the ones that did not verify first.
     */
    private static String verdicts(AccountKyc k) {
        io.mizani.domain.teamkyc.VerificationInformation info = k.verificationInformation();
        List<io.mizani.domain.teamkyc.TokenSnapshot> tokens = info == null ? List.of()
                : info.verifications().stream().sorted(java.util.Comparator.comparing(
                        io.mizani.domain.teamkyc.TokenSnapshot::counts)).toList();
        int justified = info == null ? 0 : info.verifiedKycTier();
        Integer asked = k.kycTier();
        boolean short_ = asked != null && asked > justified && !"approved".equals(wire(k.status()));
        StringBuilder rows = new StringBuilder();
        for (io.mizani.domain.teamkyc.TokenSnapshot t : tokens) {
            var f = t.token().finding();
            String verdict = f.status() == null ? "unknown" : f.status().wire();
            rows.append("<tr").append(t.counts() ? "" : " class=\"flag\"").append("><td>")
                    .append(t.counts() ? pill("verified") : "<span class=\"pill rejected\">" + esc(verdict) + "</span>")
                    .append("</td><td>").append(esc(t.kind().key())).append("</td><td>")
                    .append(esc(t.token().checked().check())).append("</td><td>").append(esc(f.identifierMasked()))
                    .append("</td><td>").append(esc(f.subjectName())).append("</td><td>").append(esc(f.source()))
                    .append("</td></tr>");
        }
        long flags = tokens.stream().filter(t -> !t.counts()).count();
        return """
                <section class="card" id="kyc_verdicts"><h2>What the tokens prove</h2>
                <p id="kyc_tiers"%s>Tier asked for: <strong id="kyc_tier_asked">%s</strong> · tier the tokens justify:
                <strong id="kyc_tier_justified">%d</strong>%s</p>%s
                <div class="scroll" role="region" aria-label="Verification tokens" tabindex="0"><table id="kyc_tokens">
                <thead><tr><th>Verdict</th><th>Slot</th><th>Check</th><th>Identifier</th><th>Name on record</th>
                <th>Source</th></tr></thead><tbody>%s</tbody></table></div></section>
                """.formatted(short_ ? " class=\"error\"" : "", asked == null ? "none" : asked, justified,
                short_ ? ": more than the tokens prove, decide from the documents" : "",
                flags == 0 ? "" : "<p class=\"error\" id=\"kyc_red_flags\">" + flags + (flags == 1
                        ? " token did not verify." : " tokens did not verify.") + "</p>",
                rows.length() == 0 ? "<tr><td colspan=\"6\">No verification token was submitted.</td></tr>" : rows);
    }

    /** Every decision recorded on the submission (console and API, approved or refused), newest first. */
    private String history(long kycId) {
        List<io.mizani.domain.audit.AuditEvent> events = auditTrail.page(new io.mizani.application.audit.AuditTrail.Filter(
                null, null, "account_kyc", String.valueOf(kycId), null, null), null, 50);
        StringBuilder rows = new StringBuilder();
        for (io.mizani.domain.audit.AuditEvent e : events) {
            var r = e.record();
            if (!r.action().endsWith("review")) {
                continue;
            }
            Map<String, Object> d = r.details() == null ? Map.of() : r.details();
            rows.append("<tr><td>").append(esc(e.at())).append("</td><td>").append(esc(r.actor().username()))
                    .append("</td><td>").append(esc(r.action().endsWith("upgrade_review") ? "upgrade" : "submission"))
                    .append("</td><td>").append(esc(d.get("decision"))).append("</td><td>").append(esc(d.get("kyc_tier")))
                    .append("</td><td>").append(esc(d.get("notes"))).append("</td><td>")
                    .append(pill(r.outcome() == null ? null : r.outcome().wire())).append("</td></tr>");
        }
        return """
                <section class="card"><h2>Decision history</h2>
                <div class="scroll" role="region" aria-label="Decision history" tabindex="0"><table id="kyc_history">
                <thead><tr><th>When</th><th>Operator</th><th>Of</th><th>Decision</th><th>Tier</th><th>Notes</th>
                <th>Outcome</th></tr></thead><tbody>%s</tbody></table></div></section>
                """.formatted(rows.length() == 0 ? "<tr><td colspan=\"7\">No decision yet.</td></tr>" : rows);
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
            if (decision == null || decision.isBlank()) {
                throw DomainError.invalidArgument("choose a decision: approve, reject or ask for amendments");
            }
            if (("reject".equals(decision) || "in_review".equals(decision)) && (notes == null || notes.isBlank())) {
                throw DomainError.invalidArgument("a note is required to reject or to ask for amendments");
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

    private Response guard(String nav, Supplier<Response> page) {
        try {
            return page.get();
        } catch (DomainError e) {
            int status = io.mizani.adapter.rest.common.ErrorBodies.status(e.kind());
            return Html.html(status, Html.page("Not done", nav, operator.username(), csrf.field(operator.username()), """
                    <h1>Not done</h1><p class="error" id="error" role="alert">%s</p>
                    <p><a href="/console">Back to the console</a></p>""".formatted(esc(e.getMessage()))));
        }
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
