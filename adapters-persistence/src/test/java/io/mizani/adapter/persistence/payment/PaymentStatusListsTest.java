package io.mizani.adapter.persistence.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.mizani.domain.payment.PaymentStatus;

/**
 * The payment statements' lists of open and final statuses come from {@link PaymentStatus} in one place
 * ({@link JdbcPaymentStore#OPEN_STATUSES}, {@link JdbcPaymentStore#FINAL_STATUSES}), written as SQL literals, and the
 * partial indexes on payments are defined on exactly the open ones.
 */
class PaymentStatusListsTest {

    private static final Path MIGRATIONS = Path.of("src/main/resources/db/migration");
    private static final Path SOURCES = Path.of("src/main/java/io/mizani/adapter/persistence/payment");

    /** The statuses an SQL list {@code ('a', 'b')} names, in its order. */
    private static List<PaymentStatus> statuses(String sqlList) {
        assertTrue(sqlList.matches("\\('[a-z_]+'(, '[a-z_]+')*\\)"), "an SQL list of quoted words: " + sqlList);
        return Arrays.stream(sqlList.substring(1, sqlList.length() - 1).split(", "))
                .map(w -> PaymentStatus.parse(w.substring(1, w.length() - 1))).toList();
    }

    @Test
    void the_open_list_is_every_status_that_is_not_final_in_the_enums_order() {
        List<PaymentStatus> open = Arrays.stream(PaymentStatus.values()).filter(s -> !s.isFinal()).toList();
        assertEquals(open, statuses(JdbcPaymentStore.OPEN_STATUSES));
        assertEquals("('queued', 'pending')", JdbcPaymentStore.OPEN_STATUSES);
    }

    @Test
    void the_final_list_is_every_final_status_in_the_enums_order() {
        List<PaymentStatus> fin = Arrays.stream(PaymentStatus.values()).filter(PaymentStatus::isFinal).toList();
        assertEquals(fin, statuses(JdbcPaymentStore.FINAL_STATUSES));
        assertEquals("('succeeded', 'failed')", JdbcPaymentStore.FINAL_STATUSES);
    }

    @Test
    void open_and_final_together_are_every_status_once() {
        var all = new ArrayList<PaymentStatus>(statuses(JdbcPaymentStore.OPEN_STATUSES));
        all.addAll(statuses(JdbcPaymentStore.FINAL_STATUSES));
        assertEquals(EnumSet.allOf(PaymentStatus.class), EnumSet.copyOf(all));
        assertEquals(PaymentStatus.values().length, all.size());
    }

    /**
     * PostgreSQL uses a partial index only when the query's predicate implies the index's: the statements write the
     * open list as literals, and every partial index on payments by status is on that same list.
     */
    @Test
    void the_partial_indexes_on_payments_are_on_the_open_statuses() throws IOException {
        Pattern index = Pattern.compile("CREATE\\s+INDEX\\s+(\\w+)\\s+ON\\s+payments\\b[^;]*?WHERE[^;]*?status\\s+IN\\s*(\\([^)]*\\))",
                Pattern.CASE_INSENSITIVE);
        Set<PaymentStatus> open = EnumSet.copyOf(statuses(JdbcPaymentStore.OPEN_STATUSES));
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".sql")).sorted().toList()) {
                Matcher m = index.matcher(Files.readString(f).replaceAll("--[^\\n]*", " "));
                while (m.find()) {
                    found.add(m.group(1));
                    assertEquals(open, EnumSet.copyOf(statuses(m.group(2).replaceAll("\\s*,\\s*", ", "))),
                            m.group(1) + " in " + f.getFileName());
                }
            }
        }
        assertTrue(found.containsAll(List.of("payments_account_incoming", "payments_due_by_account")),
                "the partial indexes were read: " + found);
    }

    /** No statement of the payment stores spells a list of statuses itself (comments may show one). */
    @Test
    void the_payment_stores_write_no_status_list_of_their_own() throws IOException {
        Pattern list = Pattern.compile("IN\\s*\\(\\s*'(" + Arrays.stream(PaymentStatus.values()).map(PaymentStatus::wire)
                .collect(Collectors.joining("|")) + ")'", Pattern.CASE_INSENSITIVE);
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String code = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL).matcher(Files.readString(f))
                        .replaceAll(" ");
                assertFalse(list.matcher(code).find(), f.getFileName() + " lists statuses itself");
            }
        }
    }
}
