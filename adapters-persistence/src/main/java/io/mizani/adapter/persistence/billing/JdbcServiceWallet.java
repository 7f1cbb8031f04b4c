package io.mizani.adapter.persistence.billing;

import java.math.BigDecimal;
import java.util.Optional;

import io.mizani.adapter.persistence.common.Slots;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.billing.ServiceWallet;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.mapper.RowMapper;

/**
 * The service wallet ledger in SQL. A wallet is a header row ({@code service_wallets}) and {@link Slots#COUNT}
 * sub-balance rows ({@code service_wallet_slots}); its balance is their sum (see {@link JdbcWalletCharges}). A credit
 * inserts its ledger row first: the partial unique index on (account_id, reference) for credits makes a concurrent or
 * later repeat wait and then insert nothing, so a reference credits once on any number of replicas. A top-up then locks
 * every slot in slot order and re-spreads the new balance evenly over them (rare, and it keeps the debits spread).
 */
@Singleton
class JdbcServiceWallet implements ServiceWallet {

    /** A credit already recorded under a reference: its amount and the balance after it. */
    private record Credited(BigDecimal amount, BigDecimal balanceAfter) {
    }

    private static final RowMapper<Credited> CREDITED = (rs, ctx) -> new Credited(rs.getBigDecimal(1),
            rs.getBigDecimal(2));

    /** The id of the credit's ledger row. */
    private static final RowMapper<Long> ID = (rs, ctx) -> rs.getLong(1);

    private final Sql sql;

    @Inject
    JdbcServiceWallet(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void open(long accountId) {
        sql.use(h -> {
            if (h.createUpdate("INSERT INTO service_wallets (account_id, currency) VALUES (:account, :currency) "
                    + "ON CONFLICT (account_id) DO NOTHING").bind("account", accountId).bind("currency", CURRENCY)
                    .execute() == 0) {
                return;
            }
            h.createUpdate("INSERT INTO service_wallet_slots (account_id, slot) "
                            + "SELECT :account, s FROM generate_series(0, :count - 1) s")
                    .bind("account", accountId).bind("count", Slots.COUNT).execute();
        });
    }

    @Override
    public Money credit(long accountId, Money credit, String reference) {
        BigDecimal amount = JdbcWalletCharges.inWalletCurrency(credit);
        return Money.of(sql.with(h -> {
            Optional<Long> entryId = h.createQuery("INSERT INTO wallet_entries "
                            + "(account_id, kind, amount, reference, balance_after) VALUES (:account, 'credit', :amount, "
                            + ":reference, 0) ON CONFLICT (account_id, reference) WHERE kind = 'credit' DO NOTHING "
                            + "RETURNING id")
                    .bind("account", accountId).bind("amount", amount).bind("reference", reference)
                    .map(ID).findFirst();
            if (entryId.isEmpty()) {
                Credited before = h.createQuery("SELECT amount, balance_after FROM wallet_entries "
                                + "WHERE account_id = :account AND reference = :reference AND kind = 'credit'")
                        .bind("account", accountId).bind("reference", reference).map(CREDITED).first();
                if (before.amount().compareTo(amount) != 0) {
                    throw DomainError.invalidArgument("reference " + reference + " was already used for a credit of "
                            + before.amount().toPlainString());
                }
                return before.balanceAfter();
            }
            BigDecimal balance = JdbcWalletCharges.spreadAdd(h, accountId, amount).orElseThrow(() ->
                    new IllegalStateException("account " + accountId + " has no service wallet"));
            h.createUpdate("UPDATE wallet_entries SET balance_after = :balance WHERE id = :id")
                    .bind("balance", balance).bind("id", entryId.get()).execute();
            return balance;
        }), CURRENCY);
    }

    @Override
    public Money balance(long accountId) {
        return Money.of(sql.with(h -> JdbcWalletCharges.total(h, accountId)), CURRENCY);
    }
}
