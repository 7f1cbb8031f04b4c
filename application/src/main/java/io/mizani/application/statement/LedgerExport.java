package io.mizani.application.statement;

import io.mizani.domain.common.Money;
import io.mizani.domain.statement.LedgerLine;
import io.mizani.domain.statement.StatementPeriod;

import java.util.function.Consumer;

/**
 * The payment-balance ledger read for a statement, inside the build transaction (after
 * {@link StatementStore#beginBuild}, so both reads see one snapshot). Entries are streamed, never collected: a
 * million of them pass through {@code each} one at a time.
 */
public interface LedgerExport {

    /** The balance before the period: the sum of the amounts of every entry created before its first instant. */
    Money opening(long accountId, String currency, StatementPeriod period);

    /** Every entry of the period, oldest first ({@code created_at}, then id), to {@code each}. */
    void lines(long accountId, String currency, StatementPeriod period, Consumer<LedgerLine> each);
}
