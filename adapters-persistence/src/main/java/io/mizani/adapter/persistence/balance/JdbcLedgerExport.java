package io.mizani.adapter.persistence.balance;

import static io.mizani.adapter.persistence.common.Times.utc;

import io.mizani.domain.balance.EntryType;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.statement.LedgerExport;
import io.mizani.domain.common.Money;
import io.mizani.domain.statement.EntryDescription;
import io.mizani.domain.statement.LedgerLine;
import io.mizani.domain.statement.StatementPeriod;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.math.BigDecimal;
import java.util.function.Consumer;

/**
 * balance_entries read for a statement (the ledger's owner reads it; the payment's merchant reference, provider and
 * fee come from a join, as the balances' {@code incoming} does). The period's entries stream from PostgreSQL with a
 * fetch size inside the build transaction (autocommit off, so the driver reads through a cursor
 * {@link #FETCH} rows at a time): a million entries never sit in memory together.
 */
@Singleton
public class JdbcLedgerExport implements LedgerExport {

    static final int FETCH = 2_000;

    private final Sql sql;

    @Inject
    public JdbcLedgerExport(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Money opening(long accountId, String currency, StatementPeriod period) {
        BigDecimal sum = sql.with(h -> h.createQuery("""
                        SELECT coalesce(sum(amount), 0) FROM balance_entries
                        WHERE account_id = :account AND currency = :currency AND created_at < :from
                          AND payout_batch_id IS NULL""")
                .bind("account", accountId).bind("currency", currency).bind("from", utc(period.startsAt()))
                .mapTo(BigDecimal.class).one());
        return Money.of(sum.setScale(2), currency);
    }

    @Override
    public void lines(long accountId, String currency, StatementPeriod period, Consumer<LedgerLine> each) {
        sql.use(h -> h.createQuery("""
                        SELECT e.id, e.created_at, e.type, e.amount, e.available_after, e.transaction_reference,
                               e.reference, e.reason, p.merchant_reference, p.provider, p.fee
                        FROM balance_entries e LEFT JOIN payments p ON p.id = e.payment_id
                        WHERE e.account_id = :account AND e.currency = :currency
                          AND e.created_at >= :from AND e.created_at < :before
                          AND e.payout_batch_id IS NULL
                        ORDER BY e.created_at, e.id""")
                .bind("account", accountId).bind("currency", currency)
                .bind("from", utc(period.startsAt())).bind("before", utc(period.endsBefore()))
                .setFetchSize(FETCH)
                .map((rs, ctx) -> {
                    String stored = rs.getString("type");
                    EntryType type = EntryType.parse(stored).orElseThrow(
                            () -> new IllegalStateException("unknown balance entry type " + stored));
                    BigDecimal fee = rs.getBigDecimal("fee");
                    String provider = rs.getString("provider");
                    String description = EntryDescription.of(new EntryDescription.Facts(type, provider,
                            fee == null ? null : Money.of(fee, currency), rs.getString("reference"),
                            rs.getString("reason")));
                    return new LedgerLine(rs.getLong("id"), rs.getTimestamp("created_at").toInstant(), type,
                            Money.of(rs.getBigDecimal("amount"), currency),
                            Money.of(rs.getBigDecimal("available_after"), currency),
                            new LedgerLine.References(rs.getString("transaction_reference"),
                                    rs.getString("merchant_reference")),
                            description);
                })
                .forEach(each));
    }
}
