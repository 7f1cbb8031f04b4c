package io.mizani.adapter.persistence.billing;

import java.math.BigDecimal;
import javax.sql.DataSource;

import io.mizani.adapter.persistence.common.Jdbc;
import io.mizani.adapter.persistence.common.Slots;
import io.mizani.application.billing.ServiceWallet;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The service wallet ledger in SQL. A wallet is a header row ({@code service_wallets}) and {@link Slots#COUNT}
 * sub-balance rows ({@code service_wallet_slots}); its balance is their sum (see {@link JdbcWalletCharges}). A credit
 * inserts its ledger row first: the partial unique index on (account_id, reference) for credits makes a concurrent or
 * later repeat wait and then insert nothing, so a reference credits once on any number of replicas. A top-up then locks
 * every slot in slot order and re-spreads the new balance evenly over them (rare, and it keeps the debits spread).
 */
@ApplicationScoped
class JdbcServiceWallet implements ServiceWallet {

    private final DataSource ds;

    @Inject
    JdbcServiceWallet(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public void open(long accountId) {
        Jdbc.with(ds, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("INSERT INTO service_wallets (account_id, currency) VALUES (?, ?) "
                    + "ON CONFLICT (account_id) DO NOTHING"), accountId, CURRENCY)) {
                if (ps.executeUpdate() == 0) {
                    return null;
                }
            }
            try (var ps = Jdbc.bind(c.prepareStatement("INSERT INTO service_wallet_slots (account_id, slot) "
                    + "SELECT ?, s FROM generate_series(0, ? - 1) s"), accountId, Slots.COUNT)) {
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public Money credit(long accountId, Money credit, String reference) {
        BigDecimal amount = JdbcWalletCharges.inWalletCurrency(credit);
        return Money.of(Jdbc.with(ds, c -> {
            Long entryId = null;
            try (var ps = Jdbc.bind(c.prepareStatement("INSERT INTO wallet_entries "
                    + "(account_id, kind, amount, reference, balance_after) VALUES (?, 'credit', ?, ?, 0) "
                    + "ON CONFLICT (account_id, reference) WHERE kind = 'credit' DO NOTHING RETURNING id"),
                    accountId, amount, reference); var rs = ps.executeQuery()) {
                if (rs.next()) {
                    entryId = rs.getLong(1);
                }
            }
            if (entryId == null) {
                try (var ps = Jdbc.bind(c.prepareStatement("SELECT amount, balance_after FROM wallet_entries "
                        + "WHERE account_id = ? AND reference = ? AND kind = 'credit'"), accountId, reference);
                     var rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getBigDecimal(1).compareTo(amount) != 0) {
                        throw DomainError.invalidArgument("reference " + reference + " was already used for a credit of "
                                + rs.getBigDecimal(1).toPlainString());
                    }
                    return rs.getBigDecimal(2);
                }
            }
            BigDecimal balance = JdbcWalletCharges.spreadAdd(c, accountId, amount).orElseThrow(() ->
                    new IllegalStateException("account " + accountId + " has no service wallet"));
            try (var ps = Jdbc.bind(c.prepareStatement("UPDATE wallet_entries SET balance_after = ? WHERE id = ?"),
                    balance, entryId)) {
                ps.executeUpdate();
            }
            return balance;
        }), CURRENCY);
    }

    @Override
    public Money balance(long accountId) {
        return Money.of(Jdbc.with(ds, c -> JdbcWalletCharges.total(c, accountId)), CURRENCY);
    }
}
