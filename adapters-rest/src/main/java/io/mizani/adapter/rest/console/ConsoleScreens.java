package io.mizani.adapter.rest.console;

import static io.mizani.adapter.rest.console.ConsoleScreen.enc;
import static io.mizani.adapter.rest.console.ConsoleScreen.noNul;
import static io.mizani.adapter.rest.console.ConsoleScreen.seeOther;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.microprofile.openapi.annotations.Operation;

import io.mizani.adapter.rest.audit.Audited;
import io.mizani.adapter.rest.audit.Needs;
import io.mizani.adapter.rest.console.ConsoleViews.ApprovalRow;
import io.mizani.adapter.rest.console.ConsoleViews.Approvals;
import io.mizani.adapter.rest.console.ConsoleViews.AuditFilter;
import io.mizani.adapter.rest.console.ConsoleViews.AuditPage;
import io.mizani.adapter.rest.console.ConsoleViews.AuditRow;
import io.mizani.adapter.rest.console.ConsoleViews.Chrome;
import io.mizani.adapter.rest.console.ConsoleViews.Field;
import io.mizani.adapter.rest.console.ConsoleViews.Moment;
import io.mizani.adapter.rest.console.ConsoleViews.PaymentPage;
import io.mizani.adapter.rest.console.ConsoleViews.Search;
import io.mizani.adapter.rest.console.ConsoleViews.SearchHit;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.audit.AuditService;
import io.mizani.application.audit.AuditTrail;
import io.mizani.application.events.EventHistory;
import io.mizani.application.events.StoredEvent;
import io.mizani.application.operator.ApprovalStore;
import io.mizani.application.operator.FourEyes;
import io.mizani.application.payment.TransactionStatus;
import io.mizani.application.payment.TransactionView;
import io.mizani.application.payout.BatchView;
import io.mizani.application.payout.PayoutBatches;
import io.mizani.application.refund.ReadRefunds;
import io.mizani.application.team.BrowseMerchants;
import io.mizani.domain.audit.AuditEvent;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.operator.OperatorPermission;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;
import io.mizani.domain.team.Team;
import io.mizani.domain.verification.IdentifierMask;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
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
 * The console's newer screens, rendered from Qute templates ({@code templates/ConsoleScreens/*.html} inside the
 * shared {@code templates/console-layout.html}; Qute escapes every value of an {@code .html} template): the search
 * across Teams and merchants, a payment's detail and timeline, the audit log and the four-eyes approvals. Like
 * {@link ConsoleResource} it only calls the application's use cases; a refused request answers the console's error
 * page with the use case's status (400, 403, 404, 409), never a 500.
 */
@Path("/console")
@RolesAllowed("operator")
@Audited
@Produces(MediaType.TEXT_HTML)
public class ConsoleScreens {

    /** The screens' templates, checked against these parameters when the service is built. */
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance search(Chrome chrome, Search search);

        static native TemplateInstance payment(Chrome chrome, PaymentPage page);

        static native TemplateInstance audit(Chrome chrome, AuditPage page);

        static native TemplateInstance approvals(Chrome chrome, Approvals page);

        static native TemplateInstance error(Chrome chrome, String message);
    }

    static final Map<String, String> NOTICES = Map.of(
            "approved", "The request was approved and applied.",
            "rejected", "The request was rejected: nothing was applied.");

    @Inject
    BrowseMerchants browse;
    @Inject
    TransactionStatus transactions;
    @Inject
    EventHistory events;
    @Inject
    ReadRefunds refunds;
    @Inject
    PayoutBatches batches;
    @Inject
    AuditService audit;
    @Inject
    FourEyes fourEyes;
    @Inject
    CurrentOperator operator;
    @Inject
    ConsoleScreen screen;

    @HeaderParam("Sec-Fetch-Site")
    String secFetchSite;
    @HeaderParam("Origin")
    String origin;
    @HeaderParam("Host")
    String host;

    // ---------------------------------------------------------------- search

    /** Teams by Team or merchant id, name (the Team's or its merchant's) or e-mail (the Team's or a member's). */
    @GET
    @Path("/search")
    @Operation(hidden = true)
    public Response search(@QueryParam("q") String term) {
        return screen.render("merchants", null, () -> {
            BrowseMerchants.Found found = browse.search(term);
            List<SearchHit> hits = found.teams().stream().map(f -> {
                Team t = f.team();
                return new SearchHit(t.id(), t.name(), t.identity().organizationId(), f.merchantName(),
                        t.contact().email(), t.lifecycle().status().wire(), t.kyc().tier());
            }).toList();
            return Templates.search(screen.chrome("Search: " + term.strip(), "merchants", null),
                    new Search(term.strip(), hits, found.more()));
        });
    }

    // ---------------------------------------------------------------- a payment

    /**
     * One of the Team's payments by its merchant reference: its fields (identifiers masked), then what happened to it
     * in time order (accepted, sent to the provider, the provider's checks, final; its events, refunds and payout
     * batch). Another Team's payment is not found (404).
     */
    @GET
    @Path("/accounts/{id}/payment")
    @Operation(hidden = true)
    public Response payment(@PathParam("id") String id, @QueryParam("merchant_reference") String merchantReference) {
        return screen.render("accounts", null, () -> {
            noNul(merchantReference);
            long accountId = accountId(id);
            Team team = browse.account(accountId);
            TransactionView v = transactions.find(accountId, merchantReference);
            Payment p = v.payment();
            List<Moment> timeline = new ArrayList<>();
            var times = p.times();
            timeline.add(new Moment(times.createdAt(), "Accepted", v.requestType() + " of " + money(v.currency(),
                    v.amount()) + " by " + v.provider(), "queued", null));
            if (times.pendingSince() != null) {
                timeline.add(new Moment(times.pendingSince(), "Sent to " + v.provider(), "provider reference "
                        + orNone(v.providerReference()) + "; " + checks(p.outcome().checks()), "pending", null));
            }
            if (times.completedAt() != null) {
                timeline.add(new Moment(times.completedAt(), "Final: " + v.status(),
                        v.failureReason() == null ? "" : v.failureReason(), v.status(), null));
            }
            String base = "/console/accounts/" + accountId;
            for (StoredEvent e : events.ofPayment(new io.mizani.domain.tenancy.AccountId(accountId), new io.mizani.domain.payment.PaymentId(p.id()))) {
                var d = e.delivery();
                timeline.add(new Moment(e.createdAt(), "Event " + e.type(), d == null ? "" : d.status().wire() + " after "
                        + d.attempts() + (d.attempts() == 1 ? " attempt" : " attempts"),
                        d == null ? null : d.status().wire(), base + "/events/" + enc(e.id())));
            }
            var refundPage = refunds.list(accountId, new ReadRefunds.Query(p.references().merchantReference(), "100", null));
            for (Refund r : refundPage.refunds()) {
                String href = base + "/refunds?merchant_reference=" + enc(r.references().merchantReference());
                String amount = money(r.amount().currency(), r.amount().amount());
                timeline.add(new Moment(r.times().createdAt(), "Refund " + r.refundReference() + " asked",
                        amount, "pending", href));
                if (r.times().completedAt() != null) {
                    timeline.add(new Moment(r.times().completedAt(), "Refund " + r.refundReference() + ": "
                            + r.status().wire(), r.outcome().failureReason() == null ? amount
                            : r.outcome().failureReason(), r.status().wire(), href));
                }
            }
            String batch = null;
            var inBatch = batches.ofPayment(new io.mizani.domain.tenancy.AccountId(accountId), new io.mizani.domain.payment.PaymentId(p.id()));
            if (inBatch.isPresent()) {
                BatchView b = inBatch.get();
                batch = b.batch().batchReference() + " (" + b.batch().status().wire() + ", "
                        + b.batch().totals().itemCount() + " items)";
                timeline.add(new Moment(b.batch().createdAt(), "Payout batch " + b.batch().batchReference()
                        + " created", b.batch().totals().itemCount() + " items", b.batch().status().wire(), null));
            }
            timeline.sort(Comparator.comparing(Moment::instant, Comparator.nullsLast(Comparator.naturalOrder())));
            List<Field> fields = new ArrayList<>();
            fields.add(new Field("Reference", v.reference(), "payment_reference"));
            fields.add(new Field("Merchant reference", v.merchantReference(), "payment_merchant_reference"));
            fields.add(new Field("Status", v.status(), "payment_status"));
            fields.add(new Field("Type", v.requestType() + " (" + v.transactionChannel() + ")", null));
            fields.add(new Field("Provider", v.provider(), "payment_provider"));
            fields.add(new Field("Country", v.country(), null));
            fields.add(new Field("Amount", money(v.currency(), v.amount()), "payment_amount"));
            fields.add(new Field("Fee", money(v.currency(), v.fee()), null));
            fields.add(new Field("Refunded", money(v.currency(), v.refundedAmount()), "payment_refunded"));
            fields.add(new Field("Customer", p.customer() == null ? "" : p.customer().fullName(), null));
            fields.add(new Field("Customer phone", p.customer() == null ? "" : orNone(IdentifierMask.mask(
                    p.customer().phone())), "payment_phone"));
            fields.add(new Field("Account number", orNone(IdentifierMask.mask(p.instructions().accountNumber())),
                    "payment_account"));
            fields.add(new Field("Provider reference", orNone(v.providerReference()), null));
            fields.add(new Field("Failure reason", orNone(v.failureReason()), "payment_failure"));
            fields.add(new Field("Payout batch", batch == null ? "none" : batch, "payment_batch"));
            fields.add(new Field("Created", ConsoleViews.time(times.createdAt()), null));
            fields.add(new Field("Completed", ConsoleViews.time(times.completedAt()), null));
            return Templates.payment(screen.chrome("Payment " + v.merchantReference(), "accounts", null),
                    new PaymentPage(accountId, team.name(), v.merchantReference(), fields, timeline, batch));
        });
    }

    // ---------------------------------------------------------------- the audit log

    /**
     * The audit log, newest first, 25 a page, by actor, action and dates (UTC, inclusive). Compliance and admin
     * operators only: the others answer 403.
     */
    @GET
    @Path("/audit")
    @Operation(hidden = true)
    public Response audit(@QueryParam("actor") String actor, @QueryParam("action") String action,
                          @QueryParam("from") String from, @QueryParam("to") String to,
                          @QueryParam("starting_after") String startingAfter) {
        return screen.render("audit", OperatorPermission.COMPLIANCE, () -> {
            noNul(actor, action, from, to, startingAfter);
            LocalDate fromDay = date(from, "from");
            LocalDate toDay = date(to, "to");
            AuditTrail.Filter filter = new AuditTrail.Filter(blank(actor), blank(action), null, null,
                    fromDay == null ? null : fromDay.atStartOfDay().toInstant(ZoneOffset.UTC),
                    toDay == null ? null : toDay.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC));
            AuditService.Page page = audit.page(filter, "25", blank(startingAfter));
            List<AuditRow> rows = page.events().stream().map(ConsoleScreens::row).toList();
            String next = page.hasMore() ? "/console/audit?" + q("actor", actor) + q("action", action) + q("from", from)
                    + q("to", to) + "starting_after=" + rows.get(rows.size() - 1).seq() : null;
            return Templates.audit(screen.chrome("Audit log", "audit", null), new AuditPage(
                    new AuditFilter(orEmpty(actor), orEmpty(action), orEmpty(from), orEmpty(to)), rows, next));
        });
    }

    private static AuditRow row(AuditEvent e) {
        var r = e.record();
        String actor = r.actor().username() != null ? r.actor().username() : r.actor().type().wire();
        String target = r.target() == null || r.target().type() == null ? ""
                : r.target().type() + (r.target().id() == null ? "" : " " + r.target().id());
        String details = r.details() == null ? "" : r.details().entrySet().stream()
                .map(d -> d.getKey() + "=" + d.getValue()).collect(Collectors.joining(", "));
        String at;
        try {
            at = ConsoleViews.time(Instant.parse(e.at()));
        } catch (java.time.format.DateTimeParseException notAnInstant) {
            at = e.at();
        }
        return new AuditRow(e.seq(), at, actor, r.action(), target, r.outcome().wire(), details);
    }

    // ---------------------------------------------------------------- four-eyes approvals

    /**
     * Four-eyes approvals (pending first by default), each with Approve and Reject for an operator who did not ask for
     * it. Finance and admin operators only: the others answer 403.
     */
    @GET
    @Path("/approvals")
    @Operation(hidden = true)
    public Response approvals(@QueryParam("status") String status, @QueryParam("notice") String notice) {
        return screen.render("approvals", OperatorPermission.FINANCE, () -> {
            noNul(status);
            String s = status == null ? "pending" : status.strip();
            List<ApprovalStore.Approval> list = fourEyes.list(s.isEmpty() ? null : s);
            String me = operator.username();
            List<ApprovalRow> rows = list.stream().map(a -> new ApprovalRow(a.id(), a.kind().wire(),
                    a.status().wire(), a.requestedBy(), request(a.request()), ConsoleViews.time(a.createdAt()),
                    a.decision() == null ? "" : a.decision().decidedBy() + ", " + ConsoleViews.time(a.decision().decidedAt()),
                    "pending".equals(a.status().wire()) && !me.equals(a.requestedBy()))).toList();
            return Templates.approvals(screen.chrome("Approvals", "approvals", notice == null ? null : NOTICES.get(notice)),
                    new Approvals(s, rows));
        });
    }

    @POST
    @Path("/approvals/{id}/approve")
    @Needs(OperatorPermission.FINANCE)
    @Audited(action = "console.approval.approve", target = "approval", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response approve(@PathParam("id") String id, @FormParam(ConsoleCsrf.FIELD) String token) {
        return screen.render("approvals", OperatorPermission.FINANCE, () -> {
            screen.checkCsrf(token, secFetchSite, origin, host);
            fourEyes.approve(approvalId(id), operator.context());
            return seeOther("/console/approvals?notice=approved");
        });
    }

    @POST
    @Path("/approvals/{id}/reject")
    @Needs(OperatorPermission.FINANCE)
    @Audited(action = "console.approval.reject", target = "approval", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response reject(@PathParam("id") String id, @FormParam(ConsoleCsrf.FIELD) String token) {
        return screen.render("approvals", OperatorPermission.FINANCE, () -> {
            screen.checkCsrf(token, secFetchSite, origin, host);
            fourEyes.reject(approvalId(id), operator.context());
            return seeOther("/console/approvals?notice=rejected");
        });
    }

    // ---------------------------------------------------------------- helpers

    private static String request(Map<String, Object> body) {
        return body == null ? "" : body.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static String checks(int n) {
        return n == 0 ? "not checked with the provider yet"
                : n == 1 ? "checked once with the provider" : "checked " + n + " times with the provider";
    }

    private static String money(String currency, Object amount) {
        return amount == null ? "" : currency + " " + (amount instanceof java.math.BigDecimal b ? b.toPlainString()
                : amount.toString());
    }

    private static String orNone(String s) {
        return s == null || s.isBlank() ? "none" : s;
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String blank(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private static LocalDate date(String raw, String name) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(raw.strip());
        } catch (DateTimeParseException e) {
            throw DomainError.invalidArgument(name + " must be a date (YYYY-MM-DD)");
        }
    }

    private static long accountId(String raw) {
        return ConsoleResource.id(raw, "account");
    }

    private static long approvalId(String raw) {
        return ConsoleResource.id(raw, "approval");
    }

    private static String q(String name, String value) {
        return value == null || value.isBlank() ? "" : name + "=" + enc(value.strip()) + "&";
    }

}
