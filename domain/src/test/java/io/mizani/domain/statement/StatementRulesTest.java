package io.mizani.domain.statement;

import io.mizani.domain.balance.EntryType;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;

import static org.junit.jupiter.api.Assertions.*;

class StatementRulesTest {

    @Test
    void a_period_covers_whole_utc_days_both_ends_included() {
        StatementPeriod p = StatementPeriod.parse("2026-11-01", "2026-11-30");
        assertEquals(30, p.days());
        assertEquals(Instant.parse("2026-11-01T00:00:00Z"), p.startsAt());
        assertEquals(Instant.parse("2026-12-01T00:00:00Z"), p.endsBefore());
        assertTrue(p.contains(Instant.parse("2026-11-30T23:59:59.999999Z")));
        assertFalse(p.contains(Instant.parse("2026-12-01T00:00:00Z")));
        assertFalse(p.contains(Instant.parse("2026-10-31T23:59:59.999999Z")));
        assertEquals(1, StatementPeriod.parse("2026-11-01", "2026-11-01").days());
    }

    @Test
    void a_period_of_366_days_is_taken_and_367_refused() {
        assertEquals(366, StatementPeriod.parse("2024-01-01", "2024-12-31").days());
        DomainError e = assertThrows(DomainError.class, () -> StatementPeriod.parse("2025-01-01", "2026-01-02"));
        assertEquals("invalid_argument", e.code());
        assertEquals("a statement covers at most 366 days", e.getMessage());
    }

    @Test
    void bad_dates_are_refused_naming_the_field() {
        assertEquals("from must not be after to",
                assertThrows(DomainError.class, () -> StatementPeriod.parse("2026-11-02", "2026-11-01")).getMessage());
        assertEquals("from is required", assertThrows(DomainError.class, () -> StatementPeriod.parse(null, "2026-11-01"))
                .getMessage());
        assertEquals("to is required", assertThrows(DomainError.class, () -> StatementPeriod.parse("2026-11-01", " "))
                .getMessage());
        for (String bad : new String[]{"2026-02-30", "2026-1-01", "01/11/2026", "2026-11-01T00:00:00Z", "+2026-11-01"}) {
            DomainError e = assertThrows(DomainError.class, () -> StatementPeriod.parse(bad, "2026-12-01"), bad);
            assertEquals("from must be a date (YYYY-MM-DD)", e.getMessage());
            assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        }
        assertEquals(LocalDate.of(2026, 11, 1), StatementPeriod.parse(" 2026-11-01 ", "2026-11-01").from());
    }

    @Test
    void only_processing_moves_and_only_to_completed_or_failed() {
        assertTrue(StatementStatus.PROCESSING.canMoveTo(StatementStatus.COMPLETED));
        assertTrue(StatementStatus.PROCESSING.canMoveTo(StatementStatus.FAILED));
        assertFalse(StatementStatus.COMPLETED.canMoveTo(StatementStatus.FAILED));
        assertFalse(StatementStatus.FAILED.canMoveTo(StatementStatus.COMPLETED));
        assertFalse(StatementStatus.PROCESSING.canMoveTo(StatementStatus.PROCESSING));
        assertTrue(StatementStatus.COMPLETED.isFinal());
        assertTrue(StatementStatus.FAILED.isFinal());
        assertFalse(StatementStatus.PROCESSING.isFinal());
        for (StatementStatus s : StatementStatus.values()) {
            assertEquals(s, StatementStatus.parse(s.wire()).orElseThrow());
        }
        assertEquals("processing", StatementStatus.PROCESSING.wire());
        assertTrue(StatementStatus.parse("PROCESSING").isEmpty());
    }

    @Test
    void a_row_quotes_only_the_fields_that_need_it_and_ends_with_crlf() {
        LedgerLine l = new LedgerLine(42, Instant.parse("2026-11-25T09:05:01.123456Z"), EntryType.ADJUSTMENT,
                Money.of(new java.math.BigDecimal("-1250.5"), "KES"), Money.of(new java.math.BigDecimal("10"), "KES"),
                new LedgerLine.References("tx_1", "order \"7\", blue"), "line one\nline two");
        assertEquals("42,2026-11-25T09:05:01.123456Z,adjustment,-1250.50,KES,10.00,tx_1,\"order \"\"7\"\", blue\","
                + "\"line one\nline two\"\r\n", StatementCsv.row(l));
        assertEquals("entry_id,created_at,type,amount,currency,available_after,transaction_reference,"
                + "merchant_reference,description\r\n", StatementCsv.HEADER);
    }

    @Test
    void nulls_are_empty_fields_and_whole_seconds_keep_six_digits() {
        LedgerLine l = new LedgerLine(1, Instant.parse("2026-11-25T09:05:01Z"), EntryType.COLLECTION,
                Money.of(new java.math.BigDecimal("100.00"), "KES"), Money.of(new java.math.BigDecimal("100.00"), "KES"),
                new LedgerLine.References(null, null), null);
        assertEquals("1,2026-11-25T09:05:01.000000Z,collection,100.00,KES,100.00,,,\r\n", StatementCsv.row(l));
    }

    @Test
    void descriptions_name_the_movement() {
        Money fee = Money.of(new java.math.BigDecimal("15.00"), "KES");
        assertEquals("collection via mpesa_ke, net of fee 15.00",
                EntryDescription.of(new EntryDescription.Facts(EntryType.COLLECTION,
                        "mpesa_ke", fee, null, null)));
        assertEquals("withdrawal via mpesa_ke: amount and fee 15.00 reserved",
                EntryDescription.of(new EntryDescription.Facts(EntryType.WITHDRAWAL_RESERVE,
                        "mpesa_ke", fee, null, null)));
        assertEquals("withdrawal via mpesa_ke failed: reservation released",
                EntryDescription.of(new EntryDescription.Facts(EntryType.WITHDRAWAL_RELEASE,
                        "mpesa_ke", fee, null, null)));
        assertEquals("adjustment adj-1: opening float",
                EntryDescription.of(new EntryDescription.Facts(EntryType.ADJUSTMENT,
                        null, null, "adj-1", "opening float")));
        assertEquals("adjustment adj-2",
                EntryDescription.of(new EntryDescription.Facts(EntryType.ADJUSTMENT,
                        null, null, "adj-2", null)));
        assertEquals("refund reserve via mpesa_ke",
                EntryDescription.of(new EntryDescription.Facts(EntryType.REFUND_RESERVE,
                        "mpesa_ke", null, null, null)));
    }

    @Test
    void totals_refuse_another_currency() {
        StatementTotals t = StatementTotals.opening(Money.of(new java.math.BigDecimal("5.00"), "KES"));
        assertThrows(Money.CurrencyMismatch.class, () -> t.add(Money.of(java.math.BigDecimal.ONE, "NGN")));
        StatementTotals after = t.add(Money.of(new java.math.BigDecimal("-2.50"), "KES"))
                .add(Money.of(new java.math.BigDecimal("1.25"), "KES"));
        assertEquals("3.75", after.closing().twoDecimals());
        assertEquals("2.50", after.debits().twoDecimals());
        assertEquals("1.25", after.credits().twoDecimals());
        assertEquals(2, after.entryCount());
    }

    @Test
    void ids_that_are_not_uuids_name_no_statement() {
        assertTrue(StatementId.parse("nope").isEmpty());
        assertTrue(StatementId.parse(null).isEmpty());
        assertTrue(StatementId.parse("123e4567-e89b-12d3-a456-42661417400").isEmpty());
        assertEquals("123e4567-e89b-12d3-a456-426614174000",
                StatementId.parse("123e4567-e89b-12d3-a456-426614174000").orElseThrow().toString());
    }
}
