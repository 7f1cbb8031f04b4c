package io.mizani.adapter.rest.payout;

import io.mizani.application.payment.StartPaymentCommand;
import io.mizani.application.payout.PayoutBatches;
import io.mizani.domain.error.DomainError;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A payout batch sent as {@code text/csv} (platform.md section 16): RFC 4180 (Apache Commons CSV), UTF-8, one header
 * row naming the columns in any order, one item per row. A UTF-8 byte order mark before the header is accepted and
 * skipped (spreadsheets write one). Anything wrong with the file itself (no header, an unknown, missing or repeated
 * column, bad quoting, a row with another number of fields than the header, more than 10,000 rows, U+0000) is a 400
 * naming what and where; what is wrong inside a row is the item's error, judged with the others.
 */
final class PayoutCsv {

    static final List<String> REQUIRED = List.of("reference", "amount", "currency", "country", "provider",
            "transaction_channel", "account_number", "first_name", "last_name", "email", "phone", "network_id",
            "network_name", "network_code", "account_type", "remark", "payment_category");
    static final List<String> OPTIONAL = List.of("customer_uuid", "dob", "payee_check");

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreEmptyLines(true).setAllowMissingColumnNames(true).setDuplicateHeaderMode(
                    org.apache.commons.csv.DuplicateHeaderMode.ALLOW_ALL).get();

    private PayoutCsv() {
    }

    /** The rows as items; the header's problems and the file's are refused with 400 at once. */
    static List<PayoutBatches.Item> items(String csv) {
        if (csv == null || csv.isBlank()) {
            throw bad("the CSV body is empty: send a header row and one row per item");
        }
        String text = csv.charAt(0) == '\uFEFF' ? csv.substring(1) : csv;
        if (text.indexOf('\u0000') >= 0) {
            throw bad("the CSV must not contain U+0000");
        }
        try (CSVParser parser = CSVParser.builder().setReader(new StringReader(text)).setFormat(FORMAT).get()) {
            List<String> header = parser.getHeaderNames();
            checkHeader(header);
            var items = new ArrayList<PayoutBatches.Item>();
            for (CSVRecord row : parser) {
                if (items.size() == PayoutBatches.MAX_ITEMS) {
                    throw bad("a batch holds at most " + PayoutBatches.MAX_ITEMS + " items: the CSV has more rows");
                }
                if (row.size() != header.size()) {
                    throw bad("row " + (items.size() + 1) + " (line " + parser.getCurrentLineNumber() + ") has "
                            + row.size() + " fields, the header has " + header.size());
                }
                items.add(item(row.toMap()));
            }
            if (items.isEmpty()) {
                throw bad("the CSV has a header but no rows");
            }
            return items;
        } catch (UncheckedIOException | IllegalStateException | IllegalArgumentException e) {
            throw bad("malformed CSV: " + message(e));
        } catch (IOException e) {
            throw bad("malformed CSV: " + e.getMessage());
        }
    }

    private static void checkHeader(List<String> header) {
        var seen = new HashSet<String>();
        var unknown = new LinkedHashSet<String>();
        var repeated = new LinkedHashSet<String>();
        for (String h : header) {
            String name = h == null ? "" : h.trim().toLowerCase(Locale.ROOT);
            if (!REQUIRED.contains(h) && !OPTIONAL.contains(h)) {
                unknown.add(h == null ? "" : h);
            } else if (!seen.add(name)) {
                repeated.add(name);
            }
        }
        if (!unknown.isEmpty()) {
            throw bad("unknown CSV column" + (unknown.size() == 1 ? " " : "s ") + quoted(unknown) + ": the header names "
                    + String.join(", ", REQUIRED) + " and optionally " + String.join(", ", OPTIONAL));
        }
        if (!repeated.isEmpty()) {
            throw bad("repeated CSV column" + (repeated.size() == 1 ? " " : "s ") + quoted(repeated));
        }
        var missing = new ArrayList<String>();
        for (String r : REQUIRED) {
            if (!seen.contains(r)) {
                missing.add(r);
            }
        }
        if (!missing.isEmpty()) {
            throw bad("missing CSV column" + (missing.size() == 1 ? " " : "s ") + quoted(missing));
        }
    }

    private static PayoutBatches.Item item(Map<String, String> row) {
        var problems = new ArrayList<String>();
        BigDecimal amount = null;
        String rawAmount = cell(row, "amount");
        if (rawAmount != null) {
            try {
                amount = new BigDecimal(rawAmount);
            } catch (NumberFormatException e) {
                problems.add("amount must be a number, not \"" + rawAmount + "\"");
            }
        }
        var order = new StartPaymentCommand.Order(null, cell(row, "transaction_channel"), cell(row, "provider"),
                amount, cell(row, "currency"), cell(row, "country"), null);
        var customer = new StartPaymentCommand.Customer(
                new StartPaymentCommand.BeneficiaryRef(cell(row, "customer_uuid"), null),
                new StartPaymentCommand.Person(cell(row, "first_name"), cell(row, "last_name"), cell(row, "email"),
                        cell(row, "phone"), cell(row, "dob"), null),
                null, null);
        var provider = new StartPaymentCommand.ProviderConfig(cell(row, "network_id"), cell(row, "provider"),
                cell(row, "network_name"), cell(row, "network_code"), cell(row, "account_type"), null);
        var pay = new StartPaymentCommand.PaymentConfig(cell(row, "reference"), cell(row, "account_number"),
                cell(row, "remark"), cell(row, "payment_category"), null, null, cell(row, "payee_check"));
        return new PayoutBatches.Item(order, customer, provider, pay, problems);
    }

    private static String cell(Map<String, String> row, String column) {
        String v = row.get(column);
        return v == null || v.isBlank() ? null : v;
    }

    private static String quoted(Iterable<String> names) {
        var out = new ArrayList<String>();
        names.forEach(n -> out.add("\"" + n + "\""));
        return String.join(", ", out);
    }

    private static String message(Exception e) {
        Throwable t = e;
        while (t.getCause() != null && t.getMessage() == null) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return m.length() > 300 ? m.substring(0, 300) : m;
    }

    private static DomainError bad(String message) {
        return DomainError.invalidArgument(message);
    }

    static Set<String> columns() {
        var all = new LinkedHashSet<String>(REQUIRED);
        all.addAll(OPTIONAL);
        return all;
    }
}
