package io.mizani.domain.statement;

import io.mizani.domain.error.DomainError;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The days a statement covers (platform.md section 17): {@code from} and {@code to} are UTC dates, both included, at
 * most {@link #MAX_DAYS} days. An entry belongs to the period when {@code startsAt() <= created_at < endsBefore()}.
 */
public record StatementPeriod(LocalDate from, LocalDate to) {

    public static final int MAX_DAYS = 366;

    public StatementPeriod {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (from.isAfter(to)) {
            throw DomainError.invalidArgument("from must not be after to");
        }
        if (days(from, to) > MAX_DAYS) {
            throw DomainError.invalidArgument("a statement covers at most " + MAX_DAYS + " days");
        }
    }

    /** Parses what a client sent: both dates required, {@code YYYY-MM-DD}; 400 {@code invalid_argument} otherwise. */
    public static StatementPeriod parse(String from, String to) {
        return new StatementPeriod(date("from", from), date("to", to));
    }

    /** How many days the period covers, both ends included. */
    public long days() {
        return days(from, to);
    }

    /** 00:00 UTC of {@code from}. */
    public Instant startsAt() {
        return from.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** 00:00 UTC of the day after {@code to}: the first instant outside the period. */
    public Instant endsBefore() {
        return to.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    public boolean contains(Instant at) {
        return !at.isBefore(startsAt()) && at.isBefore(endsBefore());
    }

    private static long days(LocalDate from, LocalDate to) {
        return ChronoUnit.DAYS.between(from, to) + 1;
    }

    private static LocalDate date(String field, String raw) {
        if (raw == null || raw.isBlank()) {
            throw DomainError.invalidArgument(field + " is required");
        }
        String v = raw.trim();
        if (!v.matches("\\d{4}-\\d{2}-\\d{2}")) {
            throw DomainError.invalidArgument(field + " must be a date (YYYY-MM-DD)");
        }
        try {
            return LocalDate.parse(v);
        } catch (DateTimeParseException e) {
            throw DomainError.invalidArgument(field + " must be a date (YYYY-MM-DD)");
        }
    }
}
