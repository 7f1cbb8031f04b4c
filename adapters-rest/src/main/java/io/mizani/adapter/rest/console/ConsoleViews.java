package io.mizani.adapter.rest.console;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import io.quarkus.qute.TemplateData;

/**
 * What the console's Qute templates show: plain values, already formatted (times in UTC, money with its currency,
 * identifiers masked), so a template only lays them out and Qute escapes every one of them.
 */
public final class ConsoleViews {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ENGLISH)
            .withZone(ZoneOffset.UTC);

    private ConsoleViews() {
    }

    /** A time as the console writes it; empty for none. */
    static String time(Instant t) {
        return t == null ? "" : TIME.format(t);
    }

    /** The page around every screen: its title, the current navigation entry, the operator and the CSRF token. */
    @TemplateData
    public record Chrome(String title, String nav, String who, String csrf, String notice) {
    }

    /** One Team a search found. */
    @TemplateData
    public record SearchHit(long teamId, String team, long merchantId, String merchant, String email, String status,
                            int kycTier) {
    }

    /** The search screen: the term as typed and what it found. */
    @TemplateData
    public record Search(String term, List<SearchHit> hits, boolean more) {
    }

    /** A labelled value of a record's summary. */
    @TemplateData
    public record Field(String label, String value, String id) {
    }

    /** One moment of a payment's life; {@code href} links to the record it came from (may be null). */
    @TemplateData
    public record Moment(Instant instant, String what, String detail, String status, String href) {

        public String at() {
            return time(instant);
        }

        public String iso() {
            return instant == null ? "" : instant.toString();
        }
    }

    /** A payment's page: its Team, its fields and its timeline, oldest first. */
    @TemplateData
    public record PaymentPage(long teamId, String team, String merchantReference, List<Field> fields,
                              List<Moment> timeline, String batch) {
    }

    /** One audit event as the audit screen lists it. */
    @TemplateData
    public record AuditRow(long seq, String at, String actor, String action, String target, String outcome,
                           String details) {
    }

    /** The audit screen: the filters as typed, a page of events and the next page's link (null: none). */
    @TemplateData
    public record AuditPage(AuditFilter filter, List<AuditRow> rows, String next) {
    }

    /** The audit screen's filters as typed. */
    @TemplateData
    public record AuditFilter(String actor, String action, String from, String to) {
    }

    /** One four-eyes approval; {@code decidable} when this operator may approve or reject it (not its own). */
    @TemplateData
    public record ApprovalRow(long id, String kind, String status, String requestedBy, String request, String createdAt,
                              String decided, boolean decidable) {
    }

    /** The approvals screen: the status shown and the approvals. */
    @TemplateData
    public record Approvals(String status, List<ApprovalRow> rows) {
    }
}
