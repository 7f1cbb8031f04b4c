package io.mizani.adapter.rest.console;

import java.util.List;

import io.mizani.adapter.rest.console.ConsoleViews.Field;
import io.quarkus.qute.TemplateData;

/**
 * What the operations screens' Qute templates show ({@link ConsoleOperationsScreens}): plain values, already formatted
 * (times in UTC, money with its currency, identifiers masked), so a template only lays them out and Qute escapes every
 * one of them.
 */
public final class ConsoleOperationsViews {

    private ConsoleOperationsViews() {
    }

    // ---------------------------------------------------------------- routing and margins

    /** A check's route: the providers tried in order. */
    @TemplateData
    public record RouteRow(String check, String providers) {
    }

    /** What one provider's call of one check costs the platform. */
    @TemplateData
    public record CostRow(String provider, String check, String kes) {
    }

    /** What one provider did for one check over the period (amounts with their currency). */
    @TemplateData
    public record MarginRow(String provider, String check, long calls, long answered, String cost, String revenue,
                            String margin) {
    }

    /** The routing form's two fields, as stored or as typed. */
    @TemplateData
    public record RoutingForm(String routes, String costs) {
    }

    /** The routing screen; {@code editable} when the operator's role may change the routing. */
    @TemplateData
    public record RoutingPage(List<RouteRow> routes, List<CostRow> costs, int days, List<MarginRow> margins,
                              RoutingForm form, boolean editable) {
    }

    // ---------------------------------------------------------------- tier limits

    /** A tier's daily limits in USD; empty for no limit. */
    @TemplateData
    public record TierRow(int tier, String withdrawal, String collection) {
    }

    /** The tier limits screen; {@code editable} when the operator's role may change them. */
    @TemplateData
    public record TierPage(List<TierRow> tiers, boolean editable) {
    }

    // ---------------------------------------------------------------- screening

    /** Who a case screened: name, type, the account number masked, and what it holds. */
    @TemplateData
    public record CaseSubject(String name, String type, String accountNumber, String holds) {
    }

    /** A listed name the subject matched. */
    @TemplateData
    public record HitRow(String list, String entry, String name, String matchedName, int score) {
    }

    /** A screening case; {@code decision} is who decided it, when and the note (empty while open). */
    @TemplateData
    public record CaseRow(String id, long teamId, CaseSubject subject, List<HitRow> hits, String status, String opened,
                          String decision) {

        public boolean open() {
            return "open".equals(status);
        }
    }

    /** A list as loaded: its newest version. */
    @TemplateData
    public record ListRow(String name, int version, String format, int entries, String loaded) {
    }

    /** The screening screen; {@code decidable} when the operator's role may decide cases. */
    @TemplateData
    public record ScreeningPage(String status, List<CaseRow> cases, List<ListRow> lists, boolean decidable) {
    }

    // ---------------------------------------------------------------- a Team's balances and statements

    /** One payment balance (amounts with two decimals). */
    @TemplateData
    public record BalanceRow(String currency, String available, String reserved, String incoming) {
    }

    /** A ledger entry, newest first. */
    @TemplateData
    public record EntryRow(long id, String at, String type, String amount, String availableAfter, String reference) {
    }

    /** A page of one balance's entries and the next page's link (null: none). */
    @TemplateData
    public record Entries(String currency, List<EntryRow> rows, String next) {
    }

    /** The statement form's fields, as typed or defaulted. */
    @TemplateData
    public record StatementForm(String currency, String from, String to) {
    }

    /** A statement's line: a row of its file. */
    @TemplateData
    public record StatementLine(String entryId, String at, String type, String amount, String availableAfter,
                                String reference, String description) {
    }

    /**
     * A statement asked for: its figures ({@code summary}), its first lines ({@code more} not shown), the file's link
     * (null until it is built, or once it expired).
     */
    @TemplateData
    public record StatementPanel(String id, String status, List<Field> summary, List<StatementLine> lines, long more,
                                 String csv) {

        public boolean completed() {
            return "completed".equals(status);
        }
    }

    /** A Team's balances screen: its balances, a balance's latest entries, the statement form and a statement. */
    @TemplateData
    public record BalancesPage(long teamId, String team, List<BalanceRow> balances, Entries entries,
                               StatementForm form, StatementPanel statement) {
    }
}
