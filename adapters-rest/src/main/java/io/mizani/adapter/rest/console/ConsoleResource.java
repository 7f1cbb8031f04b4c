package io.mizani.adapter.rest.console;


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
import io.mizani.application.balance.MerchantBalances;
import io.mizani.application.events.EventDetail;
import io.mizani.application.events.EventHistory;
import io.mizani.application.events.EventPage;
import io.mizani.application.events.RedeliverEvent;
import io.mizani.application.events.StoredEvent;
import io.mizani.application.payment.ListTransactions;
import io.mizani.application.payment.TransactionView;
import io.mizani.application.team.BrowseMerchants;
import io.mizani.application.team.MerchantAdministration;
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

        static native TemplateInstance merchants(Chrome chrome, ConsolePages.Merchants page);

        static native TemplateInstance accounts(Chrome chrome, ConsolePages.Teams page);

        static native TemplateInstance account(Chrome chrome, ConsolePages.TeamPage page);

        static native TemplateInstance payments(Chrome chrome, ConsolePages.Payments page);

        static native TemplateInstance refunds(Chrome chrome, ConsolePages.Refunds page);

        static native TemplateInstance events(Chrome chrome, ConsolePages.Events page);

        static native TemplateInstance event(Chrome chrome, ConsolePages.EventPage page);
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
    ConsoleScreen screen;
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
            List<ConsolePages.MerchantRow> rows = page.merchants().stream().map(m -> new ConsolePages.MerchantRow(
                    m.id(), m.name(), m.kycTier(), m.accountCount(), When.of(m.createdAt()))).toList();
            String next = page.hasMore() ? "/console?" + q("name", name) + "starting_after="
                    + page.merchants().get(page.merchants().size() - 1).id() : null;
            return Templates.merchants(chrome("Merchants", "merchants", null),
                    new ConsolePages.Merchants(name, rows, next));
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
            List<ConsolePages.TeamRow> rows = page.accounts().stream().map(t -> new ConsolePages.TeamRow(t.id(),
                    t.name(), t.identity().organizationId(), t.lifecycle().status().wire(), t.settings().currency(),
                    t.kyc().tier(), str(t.serviceWalletBalance()))).toList();
            String next = page.hasMore() ? "/console/accounts?" + q("merchant", merchant) + q("status", status)
                    + "starting_after=" + page.accounts().get(page.accounts().size() - 1).id() : null;
            return Templates.accounts(chrome("Teams", "accounts", null), new ConsolePages.Teams(blank(merchant),
                    Option.of(status, "", "any", "active", "active", "deleted", "deleted"), rows, next));
        });
    }

    @GET
    @Path("/accounts/{id}")
    @Operation(hidden = true)
    public Response account(@PathParam("id") String id, @QueryParam("notice") String notice) {
        return guard("accounts", () -> accountPage(id, accountId(id), notice, null));
    }

    /** A Team's page; {@code secret}: a credential just issued, shown once (null: none). */
    private TemplateInstance accountPage(String rawId, long id, String notice, ConsolePages.NewCredential secret) {
        Team t = browse.account(id);
        List<ConsolePages.CredentialRow> creds = browse.credentials(id).stream().map(c -> new ConsolePages.CredentialRow(
                c.username(), When.of(c.createdAt()), When.of(c.revokedAt()))).toList();
        List<ConsolePages.BalanceRow> bals = balances.balances(id).stream().map(b -> new ConsolePages.BalanceRow(
                b.currency(), str(b.available().amount()), str(b.reserved().amount()), str(b.incoming().amount())))
                .toList();
        var profile = new ConsolePages.TeamProfile(t.id(), t.name(), t.identity().organizationId(),
                t.lifecycle().status().wire(), t.kyc().tier(), t.settings().currency(),
                When.of(t.lifecycle().createdAt()));
        var contact = new ConsolePages.TeamContact(t.contact().email(), t.phoneNumber(), str(t.serviceWalletBalance()));
        boolean live = t.lifecycle().status() == io.mizani.domain.team.TeamStatus.ACTIVE;
        return Templates.account(chrome("Team " + rawId, "accounts", notice == null ? null : NOTICES.get(notice)),
                new ConsolePages.TeamPage(profile, contact, bals, admin.paymentProviders(id), creds, live, secret));
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
            return accountPage(id, accountId, null, new ConsolePages.NewCredential(c.username(), c.password()));
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
            String base = "/console/accounts/" + accountId;
            List<ConsolePages.PaymentRow> rows = page.transactions().stream().map(v -> new ConsolePages.PaymentRow(
                    v.reference(), new ConsolePages.Link(base + "/payment?merchant_reference=" + enc(v.merchantReference()),
                    v.merchantReference()), v.requestType(), v.provider(), v.status(), v.currency() + " " + str(v.amount()),
                    new ConsolePages.PaymentOutcome(refunded(accountId, v), v.failureReason(), v.createdAt()))).toList();
            String next = page.hasMore() ? base + "/payments?" + q("status", status) + q("request_type", requestType)
                    + q("provider", provider) + q("from", from) + q("to", to) + "starting_after="
                    + enc(page.transactions().get(page.transactions().size() - 1).reference()) : null;
            var filter = new ConsolePages.PaymentFilter(
                    Option.of(status, "", "any", "queued", "queued", "pending", "pending", "succeeded", "succeeded",
                            "failed", "failed"),
                    Option.of(requestType, "", "any", "payment", "payment", "withdraw", "withdraw"), provider, from, to);
            return Templates.payments(chrome("Payments of " + t.name(), "accounts", null),
                    new ConsolePages.Payments(new ConsolePages.TeamRef(accountId, t.name()), filter, rows, next));
        });
    }

    /** A collection's refunded amount, linked to its refunds; null for payouts and collections with none. */
    private static ConsolePages.Link refunded(long accountId, TransactionView v) {
        java.math.BigDecimal r = v.refundedAmount();
        if (!"payment".equals(v.requestType()) || r == null || r.signum() == 0) {
            return null;
        }
        return new ConsolePages.Link("/console/accounts/" + accountId + "/refunds?merchant_reference="
                + enc(v.merchantReference()), v.currency() + " " + r.toPlainString());
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
            String base = "/console/accounts/" + accountId + "/refunds?";
            List<ConsolePages.RefundRow> rows = page.refunds().stream().map(r -> new ConsolePages.RefundRow(
                    r.refundReference(), new ConsolePages.Link(base + "merchant_reference="
                    + enc(r.references().merchantReference()), r.references().merchantReference()),
                    r.amount().currency() + " " + r.amount().amount().toPlainString(), r.status().wire(),
                    r.outcome().failureReason(), r.outcome().providerReference(),
                    new ConsolePages.Span(When.of(r.times().createdAt()), When.of(r.times().completedAt())))).toList();
            String next = page.hasMore() ? base + q("merchant_reference", merchantReference) + "starting_after="
                    + enc(page.refunds().get(page.refunds().size() - 1).refundReference()) : null;
            return Templates.refunds(chrome("Refunds of " + t.name(), "accounts", null), new ConsolePages.Refunds(
                    new ConsolePages.TeamRef(accountId, t.name()), blank(merchantReference), rows, next));
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
            String base = "/console/accounts/" + accountId + "/events";
            List<ConsolePages.EventRow> rows = page.events().stream().map(e -> {
                var d = e.delivery();
                return new ConsolePages.EventRow(new ConsolePages.Link(base + "/" + enc(e.id()), e.id()), e.type(),
                        When.of(e.createdAt()), d == null ? null : d.status().wire(),
                        d == null ? null : String.valueOf(d.attempts()), d == null ? null : str(d.lastResponseStatus()));
            }).toList();
            String next = page.hasMore() ? base + "?" + q("type", type) + "starting_after="
                    + enc(page.events().get(page.events().size() - 1).id()) : null;
            return Templates.events(chrome("Events of " + t.name(), "accounts", null), new ConsolePages.Events(
                    new ConsolePages.TeamRef(accountId, t.name()),
                    Option.of(type, "", "any", "transaction.succeeded", "transaction.succeeded", "transaction.failed",
                            "transaction.failed", "account_kyc.approved", "account_kyc.approved", "account_kyc.rejected",
                            "account_kyc.rejected", "balance.adjusted", "balance.adjusted", "webhook.test",
                            "webhook.test"), rows, next));
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
            var info = new ConsolePages.EventInfo(e.id(), e.type(), When.of(e.createdAt()),
                    d == null ? null : d.status().wire(), d == null ? null : d.url(),
                    d == null ? null : String.valueOf(d.attempts()), d == null ? null : When.of(d.nextAttemptAt()));
            List<ConsolePages.AttemptRow> attempts = detail.attempts().stream().map(a -> new ConsolePages.AttemptRow(
                    When.of(a.attemptedAt()), a.responseStatus() == null ? "no answer" : String.valueOf(a.responseStatus()),
                    a.error(), a.durationMs())).toList();
            return Templates.event(chrome("Event " + e.id(), "accounts", notice == null ? null : NOTICES.get(notice)),
                    new ConsolePages.EventPage(new ConsolePages.TeamRef(accountId, t.name()), info,
                            "/console/accounts/" + accountId + "/events/" + enc(e.id()) + "/redeliver",
                            pretty(e.dataJson()), attempts));
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
     * service only. Served inline, never sniffed, never cached; an image sandboxed ({@link #documentPolicy}). An unknown submission or number is 404; a
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
            return Response.ok(p.bytes(), p.type().mediaType())
                    .header("Content-Disposition", "inline; filename=\"document-" + number + p.type().extension()
                            + "\"")
                    .header("X-Content-Type-Options", "nosniff")
                    .header("Cache-Control", "no-store")
                    .header("Content-Security-Policy", documentPolicy(p.type()))
                    .header("Referrer-Policy", "same-origin")
                    .header("X-Frame-Options", "DENY").build();
        });
    }

    /**
     * An image is sandboxed; a PDF is not, because Chromium's PDF viewer refuses to render a document whose policy
     * sandboxes it (the operator would see "blocked"); the viewer runs the PDF in its own process, and nothing else
     * may load.
     */
    static String documentPolicy(KycDocuments.DocumentType type) {
        return type.image() ? "default-src 'none'; sandbox" : "default-src 'none'";
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
                    : new ConsolePages.DocumentRow(d.number(), d.kind(), href, p.type().words(),
                            size(p.size()), null, p.image());
        }).toList();
    }

    /** Each previewable media type: its name on the page and its file name's extension. */
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
        return screen.render(nav, null, page);
    }

    /** The page around a template: its title, navigation entry, the operator, the CSRF token and the notice. */
    private Chrome chrome(String title, String nav, String notice) {
        return screen.chrome(title, nav, notice);
    }

    private void checkCsrf(String token, String... fields) {
        screen.checkCsrf(token, secFetchSite, origin, host);
        for (String f : fields) {
            if (f != null && f.indexOf('\u0000') >= 0) {
                throw DomainError.invalidArgument("a form field contains a NUL character (U+0000)");
            }
        }
    }

    private static Response back(String path, String notice) {
        return Html.secure(Response.seeOther(URI.create(path + "?notice=" + notice))).build();
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
        return value == null || value.isBlank() ? "" : name + "=" + enc(value) + "&";
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
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
