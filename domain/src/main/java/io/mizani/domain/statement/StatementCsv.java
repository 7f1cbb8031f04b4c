package io.mizani.domain.statement;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The statement file's format (platform.md section 17): RFC 4180 CSV in UTF-8, a header row, one row per ledger
 * entry, every row ended by CRLF. A field is quoted only when it holds a comma, a double quote, CR or LF (a quote
 * inside is doubled). Times are UTC with microseconds, as PostgreSQL stores them ({@code 2026-11-25T09:05:01.123456Z});
 * amounts have two decimals and a minus sign when they take money away. Text is written exactly as stored.
 */
public final class StatementCsv {

    public static final List<String> COLUMNS = List.of("entry_id", "created_at", "type", "amount", "currency",
            "available_after", "transaction_reference", "merchant_reference", "description");

    public static final String HEADER = String.join(",", COLUMNS) + "\r\n";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
            .withZone(ZoneOffset.UTC);

    private StatementCsv() {
    }

    /** One entry's row, CRLF included. */
    public static String row(LedgerLine l) {
        StringBuilder b = new StringBuilder(160);
        b.append(l.entryId()).append(',');
        b.append(TIME.format(l.createdAt())).append(',');
        field(b, l.type().wire()).append(',');
        b.append(l.amount().twoDecimals()).append(',');
        field(b, l.amount().currency()).append(',');
        b.append(l.availableAfter().twoDecimals()).append(',');
        field(b, l.references().transaction()).append(',');
        field(b, l.references().merchant()).append(',');
        field(b, l.description());
        return b.append("\r\n").toString();
    }

    /** One field: empty for null, quoted when it must be. */
    static StringBuilder field(StringBuilder b, String v) {
        if (v == null) {
            return b;
        }
        boolean quote = false;
        for (int i = 0; i < v.length() && !quote; i++) {
            char c = v.charAt(i);
            quote = c == ',' || c == '"' || c == '\r' || c == '\n';
        }
        if (!quote) {
            return b.append(v);
        }
        b.append('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '"') {
                b.append('"');
            }
            b.append(c);
        }
        return b.append('"');
    }
}
