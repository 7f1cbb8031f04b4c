package io.mizani.domain.statement;

import io.mizani.domain.balance.EntryType;
import io.mizani.domain.common.Money;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The balance identity of a statement on random ledgers: whatever the entries, {@code opening + sum of amount =
 * closing}, {@code credits - debits = sum of amount}, and the CSV rows, read back as a spreadsheet would, carry
 * exactly those amounts in that order.
 */
class StatementTotalsProperties {

    @Provide
    Arbitrary<BigDecimal> amounts() {
        return Arbitraries.longs().between(-99_999_999_99L, 99_999_999_99L).filter(c -> c != 0)
                .map(c -> BigDecimal.valueOf(c, 2));
    }

    @Provide
    Arbitrary<BigDecimal> openings() {
        return Arbitraries.longs().between(0, 99_999_999_999_99L).map(c -> BigDecimal.valueOf(c, 2));
    }

    @Property(tries = 300)
    void opening_plus_the_sum_of_the_amounts_is_the_closing_balance(
            @ForAll("openings") BigDecimal opening,
            @ForAll @Size(max = 200) List<@From("amounts") BigDecimal> amounts) {
        StatementTotals t = StatementTotals.opening(Money.of(opening, "KES"));
        BigDecimal sum = BigDecimal.ZERO;
        for (BigDecimal a : amounts) {
            t = t.add(Money.of(a, "KES"));
            sum = sum.add(a);
        }
        assertEquals(0, opening.add(sum).compareTo(t.closing().amount()));
        assertEquals(0, t.credits().minus(t.debits()).amount().compareTo(sum));
        assertEquals(amounts.size(), t.entryCount());
        assertEquals(amounts.stream().filter(a -> a.signum() > 0).reduce(BigDecimal.ZERO, BigDecimal::add)
                .compareTo(t.credits().amount()), 0);
    }

    @Property(tries = 100)
    void the_rows_read_back_carry_the_amounts_that_make_the_identity(
            @ForAll("openings") BigDecimal opening,
            @ForAll @Size(max = 50) List<@From("amounts") BigDecimal> amounts,
            @ForAll @Size(min = 50, max = 50) List<String> texts) {
        StringBuilder file = new StringBuilder(StatementCsv.HEADER);
        StatementTotals t = StatementTotals.opening(Money.of(opening, "NGN"));
        BigDecimal running = opening;
        for (int i = 0; i < amounts.size(); i++) {
            Money amount = Money.of(amounts.get(i), "NGN");
            t = t.add(amount);
            running = running.add(amounts.get(i));
            file.append(StatementCsv.row(new LedgerLine(i + 1, Instant.ofEpochSecond(1_700_000_000L + i),
                    EntryType.ADJUSTMENT, amount, Money.of(running, "NGN"), new LedgerLine.References(null, texts.get(i)),
                    texts.get(49 - i))));
        }
        List<List<String>> rows = Rfc4180.parse(file.toString());
        assertEquals(StatementCsv.COLUMNS, rows.get(0));
        BigDecimal sum = BigDecimal.ZERO;
        List<String> merchantRefs = new ArrayList<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            assertEquals(9, row.size());
            sum = sum.add(new BigDecimal(row.get(3)));
            merchantRefs.add(row.get(7));
        }
        assertEquals(amounts.size(), rows.size() - 1);
        assertEquals(0, opening.add(sum).compareTo(t.closing().amount()));
        assertEquals(texts.subList(0, amounts.size()), merchantRefs);
    }
}
