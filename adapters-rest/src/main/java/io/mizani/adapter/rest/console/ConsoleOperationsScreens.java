package io.mizani.adapter.rest.console;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.eclipse.microprofile.openapi.annotations.Operation;

import io.mizani.adapter.rest.audit.Audited;
import io.mizani.adapter.rest.audit.Needs;
import io.mizani.adapter.rest.common.ErrorBodies;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.BalanceRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.BalancesPage;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.CaseRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.CaseSubject;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.CostRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.Entries;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.EntryRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.HitRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.ListRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.MarginRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.RouteRow;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.RoutingForm;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.RoutingPage;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.ScreeningPage;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.StatementForm;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.StatementLine;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.StatementPanel;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.TierPage;
import io.mizani.adapter.rest.console.ConsoleOperationsViews.TierRow;
import io.mizani.adapter.rest.console.ConsoleViews.Chrome;
import io.mizani.adapter.rest.console.ConsoleViews.Field;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.balance.ManageTierLimits;
import io.mizani.application.balance.MerchantBalances;
import io.mizani.application.screening.ScreeningService;
import io.mizani.application.screening.ScreeningStore;
import io.mizani.application.statement.DownloadStatement;
import io.mizani.application.statement.ReadStatement;
import io.mizani.application.statement.RequestStatement;
import io.mizani.application.statement.Statement;
import io.mizani.application.statement.StatementView;
import io.mizani.application.verification.ManageRouting;
import io.mizani.application.verification.ProviderMargin;
import io.mizani.application.verification.RoutingTable;
import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.operator.OperatorPermission;
import io.mizani.domain.team.Team;
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
 * The console's operations screens (issue 36), rendered from Qute templates ({@code templates/ConsoleOperationsScreens})
 * inside the shared layout, and the console's error page: verification routing and margins, tier limits, screening cases and lists, and a Team's
 * balances, ledger entries and statements. Each calls the same use case as the operator API (or, for statements, the
 * merchant's statement endpoint), so no rule lives here; every role reads, a form is shown only to the roles that may
 * use it, and a refusal answers the console's error page with the use case's status, never a 500.
 */
@Path("/console")
@RolesAllowed("operator")
@Audited
@Produces(MediaType.TEXT_HTML)
public class ConsoleOperationsScreens {

    /** The screens' templates, checked against these parameters when the service is built. */
    @CheckedTemplate
    static class Templates {
        static native TemplateInstance routing(Chrome chrome, RoutingPage page);

        static native TemplateInstance tierLimits(Chrome chrome, TierPage page);

        static native TemplateInstance screening(Chrome chrome, ScreeningPage page);

        static native TemplateInstance balances(Chrome chrome, BalancesPage page);
    }

    static final Map<String, String> NOTICES = Map.of(
            "routing", "The routing was saved.",
            "tier_limits", "The tier limits were saved.",
            "cleared", "The case was cleared: the subject passes from now on.",
            "confirmed", "The case was confirmed: the subject is refused for good.",
            "statement", "The statement was asked for: it is built in the background.");

    /** Lines of a statement shown on the page; the file has them all. */
    static final int STATEMENT_LINES = 100;
    /** Bytes of a statement's file read for its first lines (a line is about 150 bytes). */
    static final int STATEMENT_BYTES = 64 * 1024;
    static final String ENTRIES_PER_PAGE = "20";

    @Inject
    ManageRouting routing;
    @Inject
    ManageTierLimits tierLimits;
    @Inject
    ScreeningService screening;
    @Inject
    MerchantBalances balances;
    @Inject
    RequestStatement requestStatement;
    @Inject
    ReadStatement readStatement;
    @Inject
    DownloadStatement downloadStatement;
    @Inject
    io.mizani.application.team.BrowseMerchants browse;
    @Inject
    CurrentOperator operator;
    @Inject
    ConsoleCsrf csrf;

    @HeaderParam("Sec-Fetch-Site")
    String secFetchSite;
    @HeaderParam("Origin")
    String origin;
    @HeaderParam("Host")
    String host;

    // ---------------------------------------------------------------- verification routing and margins

    /** The routing (routes and costs) and the margins over {@code days} (default 30); the form for compliance and admin. */
    @GET
    @Path("/routing")
    @Operation(hidden = true)
    public Response routing(@QueryParam("days") String days, @QueryParam("notice") String notice) {
        return guard("routing", null, () -> {
            noNul(days);
            return routingPage(routing.get(), days(days), notice, null);
        });
    }

    /**
     * Replaces the routing (= {@code PUT /api/admin/verification-routing}): routes one check a line
     * ({@code check: provider, provider}), costs one a line ({@code provider check KES}).
     */
    @POST
    @Path("/routing")
    @Needs(OperatorPermission.COMPLIANCE)
    @Audited(action = "console.verification_routing.set", target = "verification_routing")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response setRouting(@FormParam("routes") String routes, @FormParam("costs") String costs,
                               @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("routing", OperatorPermission.COMPLIANCE, () -> {
            checkCsrf(token);
            noNul(routes, costs);
            routing.replace(new RoutingTable(routes(routes), costs(costs)));
            return back("/console/routing?notice=routing");
        });
    }

    private TemplateInstance routingPage(RoutingTable table, int days, String notice, RoutingForm typed) {
        List<RouteRow> routes = table.routes().entrySet().stream()
                .map(e -> new RouteRow(e.getKey(), String.join(" → ", e.getValue()))).toList();
        List<CostRow> costs = new ArrayList<>();
        table.costs().forEach((provider, byCheck) -> byCheck.forEach((check, kes) ->
                costs.add(new CostRow(provider, check, kes.toPlainString()))));
        List<MarginRow> margins = routing.margins(days).stream().map(ConsoleOperationsScreens::margin).toList();
        RoutingForm form = typed != null ? typed : new RoutingForm(
                table.routes().entrySet().stream().map(e -> e.getKey() + ": " + String.join(", ", e.getValue()))
                        .collect(Collectors.joining("\n")),
                costs.stream().map(c -> c.provider() + " " + c.check() + " " + c.kes()).collect(Collectors.joining("\n")));
        return Templates.routing(chrome("Verification routing and margins", "routing", notice),
                new RoutingPage(routes, costs, days, margins, form, may(OperatorPermission.COMPLIANCE)));
    }

    private static MarginRow margin(ProviderMargin m) {
        return new MarginRow(m.provider(), m.check(), m.calls(), m.answered(), money(m.cost()), money(m.revenue()),
                money(m.margin()));
    }

    /** {@code days} as the operator API reads it: absent 30, an integer, the use case's range. */
    private static int days(String raw) {
        if (raw == null || raw.isBlank()) {
            return 30;
        }
        try {
            return Integer.parseInt(raw.strip());
        } catch (NumberFormatException e) {
            throw DomainError.invalidArgument("days must be an integer from 1 to 366");
        }
    }

    /** The routes field: one check a line, {@code check: provider, provider}. */
    static Map<String, List<String>> routes(String text) {
        Map<String, List<String>> routes = new LinkedHashMap<>();
        int n = 0;
        for (String line : lines(text)) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw DomainError.invalidArgument("routes, line " + n + ": write check: provider, provider");
            }
            String check = line.substring(0, colon).strip();
            List<String> providers = new ArrayList<>();
            for (String p : line.substring(colon + 1).split(",")) {
                if (!p.isBlank()) {
                    providers.add(p.strip());
                }
            }
            if (routes.put(check, providers) != null) {
                throw DomainError.invalidArgument("routes, line " + n + ": check " + check + " has a line already");
            }
        }
        return routes;
    }

    /** The costs field: one a line, {@code provider check KES}. */
    static Map<String, Map<String, BigDecimal>> costs(String text) {
        Map<String, Map<String, BigDecimal>> costs = new LinkedHashMap<>();
        int n = 0;
        for (String line : lines(text)) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.strip().split("\\s+");
            BigDecimal kes = parts.length == 3 ? decimal(parts[2]) : null;
            if (kes == null) {
                throw DomainError.invalidArgument("costs, line " + n + ": write provider check amount (KES)");
            }
            if (costs.computeIfAbsent(parts[0], p -> new LinkedHashMap<>()).put(parts[1], kes) != null) {
                throw DomainError.invalidArgument("costs, line " + n + ": " + parts[0] + " " + parts[1]
                        + " has a line already");
            }
        }
        return costs;
    }

    private static List<String> lines(String text) {
        return text == null ? List.of() : text.lines().toList();
    }

    // ---------------------------------------------------------------- tier limits

    /** The daily limits per KYC tier; the form for finance and admin. */
    @GET
    @Path("/tier-limits")
    @Operation(hidden = true)
    public Response tierLimits(@QueryParam("notice") String notice) {
        return guard("tier_limits", null, () -> {
            TierLimits limits = tierLimits.get();
            List<TierRow> rows = new ArrayList<>();
            for (int tier = TierLimits.MIN_TIER; tier <= TierLimits.MAX_TIER; tier++) {
                TierLimits.Limit l = limits.tiers().get(tier);
                rows.add(new TierRow(tier, l == null ? "" : plain(l.withdrawalDailyUsd()),
                        l == null ? "" : plain(l.collectionDailyUsd())));
            }
            return Templates.tierLimits(chrome("Tier limits", "tier_limits", notice),
                    new TierPage(rows, may(OperatorPermission.FINANCE)));
        });
    }

    /**
     * Replaces the tier limits (= {@code PUT /api/admin/tier-limits}): one row per tier, the fields named as the API's;
     * a blank field is no limit.
     */
    @POST
    @Path("/tier-limits")
    @Needs(OperatorPermission.FINANCE)
    @Audited(action = "console.tier_limits.set", target = "tier_limits")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response setTierLimits(@FormParam("tier") List<String> tiers,
                                  @FormParam("withdrawal_daily_usd") List<String> withdrawals,
                                  @FormParam("collection_daily_usd") List<String> collections,
                                  @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("tier_limits", OperatorPermission.FINANCE, () -> {
            checkCsrf(token);
            if (tiers == null || tiers.isEmpty() || withdrawals == null || collections == null
                    || withdrawals.size() != tiers.size() || collections.size() != tiers.size()) {
                throw DomainError.invalidArgument("every tier needs its withdrawal_daily_usd and collection_daily_usd");
            }
            Map<Integer, TierLimits.Limit> limits = new HashMap<>();
            for (int i = 0; i < tiers.size(); i++) {
                noNul(tiers.get(i), withdrawals.get(i), collections.get(i));
                int tier = tier(tiers.get(i));
                String at = "tier " + tier + ": ";
                BigDecimal w = usd(withdrawals.get(i), at + "withdrawal_daily_usd");
                BigDecimal c = usd(collections.get(i), at + "collection_daily_usd");
                if (w == null && c == null) {
                    continue;
                }
                try {
                    if (limits.put(tier, new TierLimits.Limit(w, c)) != null) {
                        throw DomainError.invalidArgument(at + "given twice");
                    }
                } catch (DomainError refused) {
                    throw refused.getMessage().startsWith(at) ? refused
                            : DomainError.invalidArgument(at + refused.getMessage());
                }
            }
            tierLimits.replace(new TierLimits(limits));
            return back("/console/tier-limits?notice=tier_limits");
        });
    }

    private static int tier(String raw) {
        try {
            int t = Integer.parseInt(raw.strip());
            if (t >= TierLimits.MIN_TIER && t <= TierLimits.MAX_TIER) {
                return t;
            }
        } catch (NumberFormatException | NullPointerException ignored) {
            // falls through
        }
        throw DomainError.invalidArgument("tier must be one of 0, 1, 2, 3");
    }

    private static BigDecimal usd(String raw, String field) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        BigDecimal v = decimal(raw);
        if (v == null) {
            throw DomainError.invalidArgument(field + " must be a number of USD, or blank for no limit");
        }
        return v;
    }

    // ---------------------------------------------------------------- screening

    /** Screening cases (newest first, of a status or all) and the lists loaded; the decision form for compliance and admin. */
    @GET
    @Path("/screening")
    @Operation(hidden = true)
    public Response screening(@QueryParam("status") String status, @QueryParam("notice") String notice) {
        return guard("screening", null, () -> {
            noNul(status);
            String s = status == null ? "open" : status.strip();
            List<CaseRow> cases = screening.cases(s).stream().map(ConsoleOperationsScreens::caseRow).toList();
            List<ListRow> lists = screening.lists().stream().map(l -> new ListRow(l.name(), l.version(),
                    l.format().wire(), l.entryCount(), ConsoleViews.time(l.loadedAt()))).toList();
            return Templates.screening(chrome("Screening", "screening", notice),
                    new ScreeningPage(s, cases, lists, may(OperatorPermission.COMPLIANCE)));
        });
    }

    /** Clears or confirms an open case with a note (= {@code POST /api/admin/screening/cases/{id}/decision}). */
    @POST
    @Path("/screening/cases/{id}/decision")
    @Needs(OperatorPermission.COMPLIANCE)
    @Audited(action = "console.screening_case.decide", target = "screening_case", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response decide(@PathParam("id") String id, @FormParam("decision") String decision,
                           @FormParam("note") String note, @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("screening", OperatorPermission.COMPLIANCE, () -> {
            checkCsrf(token);
            noNul(id, decision, note);
            ScreeningStore.StoredCase decided = screening.decide(id, decision, note, operator.username());
            return back("/console/screening?status=" + decided.status().wire() + "&notice=" + decided.status().wire());
        });
    }

    private static CaseRow caseRow(ScreeningStore.StoredCase c) {
        Map<String, Object> s = c.subject() == null ? Map.of() : c.subject();
        String beneficiary = text(s.get("beneficiary_uuid"));
        String holds = switch (text(s.get("origin"))) {
            case "withdrawal" -> "a withdrawal to this payee: refused until the case is cleared";
            case "lookback" -> "beneficiary " + beneficiary + " (found when a list was updated)";
            case "beneficiary" -> "beneficiary " + beneficiary;
            default -> beneficiary;
        };
        CaseSubject subject = new CaseSubject(text(s.get("name")), text(s.get("type")),
                text(s.get("account_number_masked")), holds);
        List<HitRow> hits = c.hits() == null ? List.of() : c.hits().stream().map(h -> new HitRow(
                text(h.get("list")) + " v" + text(h.get("list_version")), text(h.get("entry_id")), text(h.get("name")),
                text(h.get("matched_name")), h.get("score") instanceof Number n ? n.intValue() : 0)).toList();
        ScreeningStore.Decision d = c.decision();
        String decision = d == null ? "" : d.decidedBy() + ", " + ConsoleViews.time(d.decidedAt()) + ": " + d.note();
        return new CaseRow(c.id(), c.accountId(), subject, hits, c.status().wire(), ConsoleViews.time(c.createdAt()),
                decision);
    }

    // ---------------------------------------------------------------- a Team's balances and statements

    /**
     * A Team's payment balances, one balance's latest entries (newest first, 20 a page), the statement form and, with
     * {@code statement}, that statement of the Team (another Team's: 404).
     */
    @GET
    @Path("/accounts/{id}/balances")
    @Operation(hidden = true)
    public Response balances(@PathParam("id") String id, @QueryParam("currency") String currency,
                             @QueryParam("starting_after") String startingAfter,
                             @QueryParam("statement") String statement, @QueryParam("notice") String notice) {
        return guard("accounts", null, () -> {
            noNul(currency, startingAfter, statement);
            long accountId = ConsoleResource.id(id, "account");
            Team team = browse.account(accountId);
            List<BalanceLedger.Balance> all = balances.balances(accountId);
            String cur = currency != null && !currency.isBlank() ? currency.strip().toUpperCase(java.util.Locale.ROOT)
                    : all.isEmpty() ? team.settings().currency() : all.get(0).currency();
            MerchantBalances.EntryPage page = balances.entries(accountId, cur, ENTRIES_PER_PAGE,
                    startingAfter == null || startingAfter.isBlank() ? null : startingAfter);
            List<EntryRow> rows = page.entries().stream().map(e -> new EntryRow(e.id(),
                    ConsoleViews.time(e.createdAt()), e.type().wire(), plain(e.amount().amount()),
                    plain(e.availableAfter().amount()), e.transactionReference() == null ? "" : e.transactionReference()))
                    .toList();
            String base = "/console/accounts/" + accountId + "/balances";
            String next = page.hasMore() ? base + "?currency=" + enc(cur) + "&starting_after="
                    + rows.get(rows.size() - 1).id() : null;
            StatementView asked = statement == null || statement.isBlank() ? null
                    : readStatement.read(accountId, statement.strip());
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            Statement.Request r = asked == null ? null : asked.statement().request();
            StatementForm form = r == null
                    ? new StatementForm(cur, today.withDayOfMonth(1).toString(), today.toString())
                    : new StatementForm(r.currency(), r.period().from().toString(), r.period().to().toString());
            return Templates.balances(chrome("Balances: " + team.name(), "accounts", notice), new BalancesPage(
                    accountId, team.name(), all.stream().map(b -> new BalanceRow(b.currency(),
                    plain(b.available().amount()), plain(b.reserved().amount()), plain(b.incoming().amount()))).toList(),
                    new Entries(cur, rows, next), form, asked == null ? null : statementPanel(asked)));
        });
    }

    /**
     * Asks for a statement of the Team (= the merchant's {@code POST /api/global/statements}), then shows it: it is
     * built in the background, like one the merchant asks for.
     */
    @POST
    @Path("/accounts/{id}/statements")
    @Needs(OperatorPermission.READ)
    @Audited(action = "console.statement.request", target = "account", id = "id")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Operation(hidden = true)
    public Response requestStatement(@PathParam("id") String id, @FormParam("currency") String currency,
                                     @FormParam("from") String from, @FormParam("to") String to,
                                     @FormParam(ConsoleCsrf.FIELD) String token) {
        return guard("accounts", OperatorPermission.READ, () -> {
            checkCsrf(token);
            noNul(currency, from, to);
            long accountId = ConsoleResource.id(id, "account");
            browse.account(accountId);
            StatementView view = requestStatement.request(RequestStatement.Command.of(accountId, currency, from, to));
            return back("/console/accounts/" + accountId + "/balances?statement=" + view.statement().id()
                    + "&notice=statement");
        });
    }

    private StatementPanel statementPanel(StatementView view) {
        Statement s = view.statement();
        Map<String, Object> wire = view.asMap();
        Statement.Result r = s.result();
        List<Field> summary = new ArrayList<>();
        summary.add(new Field("Currency", s.request().currency(), "statement_currency"));
        summary.add(new Field("From", s.request().period().from().toString(), "statement_from"));
        summary.add(new Field("To", s.request().period().to().toString(), "statement_to"));
        summary.add(new Field("Status", s.status().wire(), "statement_status"));
        if (r != null) {
            summary.add(new Field("Opening balance", plain(r.totals().opening().amount()), "statement_opening"));
            summary.add(new Field("Total credits", plain(r.totals().credits().amount()), "statement_credits"));
            summary.add(new Field("Total debits", plain(r.totals().debits().amount()), "statement_debits"));
            summary.add(new Field("Closing balance", plain(r.totals().closing().amount()), "statement_closing"));
            summary.add(new Field("Entries", String.valueOf(r.totals().entryCount()), "statement_entries"));
            summary.add(new Field("SHA-256 of the file", r.file().sha256(), null));
            summary.add(new Field("Link works until", ConsoleViews.time(r.file().expiresAt()), null));
        }
        summary.add(new Field("Asked", ConsoleViews.time(s.createdAt()), null));
        String url = (String) wire.get("download_url");
        List<StatementLine> lines = List.of();
        String csv = null;
        if (r != null && url != null) {
            try {
                DownloadStatement.Download d = downloadStatement.open(url.substring(url.lastIndexOf('/') + 1));
                lines = firstLines(d);
                csv = url;
            } catch (DomainError gone) {
                // the link expired (or the file was purged): the figures stand, the lines are no longer kept
            }
        }
        long more = r == null ? 0 : Math.max(0, r.totals().entryCount() - lines.size());
        return new StatementPanel(s.id().toString(), s.status().wire(), summary, lines, more, csv);
    }

    /** The statement file's first lines, read through the same download as its link (only the first piece of it). */
    private List<StatementLine> firstLines(DownloadStatement.Download d) {
        FirstBytes head = new FirstBytes(STATEMENT_BYTES);
        try {
            downloadStatement.send(d, head);
        } catch (FirstBytes.Enough enough) {
            // read what the page shows; the rest stays in the database
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<StatementLine> lines = new ArrayList<>();
        CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build();
        try (CSVParser parser = CSVParser.parse(new StringReader(head.text()), format)) {
            for (CSVRecord row : parser) {
                if (lines.size() == STATEMENT_LINES + 1) {
                    break;
                }
                lines.add(new StatementLine(row.get("entry_id"), row.get("created_at"), row.get("type"),
                        row.get("amount"), row.get("available_after"), references(row), row.get("description")));
            }
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException cut) {
            // the bytes read end inside a line: the lines before it are whole
        }
        if (head.size() < d.size() && !lines.isEmpty()) {
            lines.remove(lines.size() - 1); // the last line read may be cut short
        }
        return lines.size() > STATEMENT_LINES ? lines.subList(0, STATEMENT_LINES) : lines;
    }

    private static String references(CSVRecord row) {
        String tx = row.get("transaction_reference");
        String merchant = row.get("merchant_reference");
        return tx.isEmpty() ? merchant : merchant.isEmpty() ? tx : tx + " / " + merchant;
    }

    /** Keeps the first {@code limit} bytes written to it, then stops the copy ({@link Enough}). */
    static final class FirstBytes extends java.io.OutputStream {
        static final class Enough extends IOException {
            Enough() {
                super("the page has read enough of the file");
            }
        }

        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int limit;

        FirstBytes(int limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            bytes.write(b, off, Math.min(limit - bytes.size(), len));
            if (bytes.size() == limit) {
                throw new Enough();
            }
        }

        long size() {
            return bytes.size();
        }

        String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    // ---------------------------------------------------------------- helpers

    /**
     * Renders {@code page} (a template or a redirect) for an operator whose role has {@code needs} (null: any role);
     * a refusal renders the error page with the use case's status.
     */
    private Response guard(String nav, OperatorPermission needs, Supplier<Object> page) {
        try {
            if (needs != null && !may(needs)) {
                throw operator.context().role().refuse(needs);
            }
            Object answer = page.get();
            return answer instanceof Response r ? r : Html.html(200, ((TemplateInstance) answer).render());
        } catch (DomainError e) {
            return Html.html(ErrorBodies.status(e.kind()),
                    ConsoleScreens.Templates.error(chrome("Not done", nav, null), e.getMessage()).render());
        }
    }

    private boolean may(OperatorPermission needs) {
        return operator.context().role().may(needs);
    }

    private Chrome chrome(String title, String nav, String notice) {
        return new Chrome(title, nav, operator.username(), csrf.token(operator.username()),
                notice == null ? null : NOTICES.get(notice));
    }

    private void checkCsrf(String token) {
        csrf.check(operator.username(), token, secFetchSite, origin, host);
    }

    private static Response back(String pathAndQuery) {
        return Html.secure(Response.seeOther(URI.create(pathAndQuery))).build();
    }

    /** A NUL character cannot reach PostgreSQL (it refuses it in text): 400 here rather than a 500 there. */
    private static void noNul(String... values) {
        for (String v : values) {
            if (v != null && v.indexOf('\u0000') >= 0) {
                throw DomainError.invalidArgument("a field contains a NUL character (U+0000)");
            }
        }
    }

    /** A decimal number as typed, or null when it is not one. */
    private static BigDecimal decimal(String raw) {
        try {
            return new BigDecimal(raw.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String plain(BigDecimal v) {
        return v == null ? "" : v.toPlainString();
    }

    private static String money(Money m) {
        return m.currency() + " " + m.amount().toPlainString();
    }

    private static String text(Object o) {
        return o == null ? "" : o.toString();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
