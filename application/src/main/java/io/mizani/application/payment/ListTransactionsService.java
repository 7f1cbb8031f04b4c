package io.mizani.application.payment;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * GET /api/global/transactions (platform.md section 10): the caller's transactions, newest first, filtered by
 * status, request_type, provider and created_at dates (UTC, inclusive), in pages of {@code limit} (default 20, at
 * most 100) after the transaction named by {@code starting_after}. Any malformed or unknown filter value is a 400.
 */
public final class ListTransactionsService implements ListTransactions {

    private final TransactionQuery query;

    private RefundedAmounts refunds = RefundedAmounts.NONE;

    public ListTransactionsService(TransactionQuery query) {
        this.query = query;
    }

    /** Where each transaction's refunded_amount comes from: set once by the wiring. */
    public ListTransactionsService withRefunds(RefundedAmounts refunds) {
        this.refunds = refunds;
        return this;
    }

    @Override
    public Page list(long accountId, Query raw) {
        // an empty parameter (`?status=`) counts as absent, as a form with an unset filter sends it
        Query q = new Query(raw.status(), raw.requestType(), blankToNull(raw.provider()),
                blankToNull(raw.from()), blankToNull(raw.to()), blankToNull(raw.limit()), blankToNull(raw.startingAfter()));
        PaymentStatus status = q.status();
        RequestType type = q.requestType();
        String provider = null;
        if (q.provider() != null) {
            provider = q.provider().trim();
            if (provider.isEmpty() || !query.providerExists(provider)) {
                throw bad("provider", "unknown provider \"" + q.provider() + "\"");
            }
        }
        LocalDate from = q.from() == null ? null : date("from", q.from());
        LocalDate to = q.to() == null ? null : date("to", q.to());
        if (from != null && to != null && from.isAfter(to)) {
            throw bad("from", "from must not be after to");
        }
        int limit = DEFAULT_LIMIT;
        if (q.limit() != null) {
            try {
                limit = Integer.parseInt(q.limit().trim());
            } catch (NumberFormatException e) {
                limit = -1;
            }
            if (limit < 1 || limit > MAX_LIMIT) {
                throw bad("limit", "limit must be an integer from 1 to " + MAX_LIMIT);
            }
        }
        TransactionQuery.Cursor after = null;
        if (q.startingAfter() != null) {
            String ref = q.startingAfter().trim();
            after = query.cursorOf(accountId, ref).orElse(null);
            if (after == null) {
                throw bad("starting_after", "starting_after \"" + q.startingAfter() + "\" is not a transaction reference");
            }
        }
        Instant fromAt = from == null ? null : from.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant toAt = to == null ? null : to.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        var rows = query.list(new TransactionQuery.Filter(accountId,
                new TransactionQuery.Match(status, type, provider, fromAt, toAt),
                new TransactionQuery.Slice(after, limit + 1)));
        boolean more = rows.size() > limit;
        var page = more ? rows.subList(0, limit) : rows;
        var refunded = refunds.of(page.stream().map(io.mizani.domain.payment.Payment::id).toList());
        return new Page(page.stream().map(p -> TransactionView.of(p, refunded.get(p.id()))).toList(), more);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static LocalDate date(String field, String raw) {
        String v = raw.trim();
        if (!v.matches("\\d{4}-\\d{2}-\\d{2}")) {
            throw bad(field, field + " must be a date YYYY-MM-DD");
        }
        try {
            return LocalDate.parse(v);
        } catch (DateTimeParseException e) {
            throw bad(field, field + " must be a date YYYY-MM-DD");
        }
    }

    private static DomainError bad(String field, String message) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", message,
                DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.of(field.toLowerCase(Locale.ROOT))));
    }
}
