package io.mizani.adapter.persistence.billing;

import io.mizani.adapter.persistence.common.Jdbc;
import io.mizani.adapter.persistence.common.Slots;
import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.billing.WalletCharges;
import io.mizani.domain.common.Money;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Charges and refunds of checks on the foundation's service wallet ledger ({@code service_wallet_slots},
 * {@code wallet_entries}). The wallet is {@link Slots#COUNT} sub-balance rows, each with {@code CHECK (balance >= 0)};
 * its balance is their sum (docs/architecture.md "Hot accounts"). A debit is ONE statement in the common case: a
 * conditional {@code UPDATE} of the richest slot no other transaction holds ({@code FOR UPDATE SKIP LOCKED}) feeding
 * the ledger {@code INSERT} in a CTE, so concurrent debits of one merchant lock different rows. When no free slot
 * covers it, it waits on one slot that does; when no single slot covers it, it locks every slot in slot order and is
 * refused only when their total cannot cover it, else takes it and re-spreads the rest ({@link Slots#spread}). A
 * transaction moves at most one wallet amount, so the only waits are on one row while holding none, or in slot order:
 * no deadlock cycle. {@code balance_after} is the total right after the movement as this transaction sees it: exact
 * for sequential movements (see docs/balances.md for what it means under concurrency).
 */
@ApplicationScoped
public class JdbcWalletCharges implements WalletCharges {

    /** Adds the other slots' committed balances to the moved slot's new balance: the wallet's total after. */
    private static final String TOTAL_AFTER = "balance + (SELECT coalesce(sum(o.balance), 0) FROM service_wallet_slots o "
            + "WHERE o.account_id = w.account_id AND o.slot <> w.slot)";

    /** The richest free slot covering the amount. */
    private static final String FREE_COVERING = "SELECT slot FROM service_wallet_slots WHERE account_id = ? AND balance >= ? "
            + "ORDER BY balance DESC LIMIT 1 FOR UPDATE SKIP LOCKED";

    /** Any slot covering the amount (the UPDATE then waits for it and re-checks). */
    private static final String ANY_COVERING = "SELECT slot FROM service_wallet_slots WHERE account_id = ? AND balance >= ? "
            + "ORDER BY random() LIMIT 1";

    private static final String DEBIT = "WITH w AS (UPDATE service_wallet_slots SET balance = balance - ? "
            + "WHERE account_id = ? AND balance >= ? AND slot = (%s) RETURNING account_id, slot, balance) "
            + "INSERT INTO wallet_entries (account_id, kind, amount, reference, balance_after) "
            + "SELECT account_id, 'charge', ?, ?, " + TOTAL_AFTER + " FROM w RETURNING balance_after";

    /** The poorest free slot, else (all held) the poorest, waiting for it. */
    static final String FREE_POOREST = "SELECT slot FROM service_wallet_slots WHERE account_id = ? "
            + "ORDER BY balance, slot LIMIT 1 FOR UPDATE SKIP LOCKED";
    static final String ANY_POOREST = "SELECT slot FROM service_wallet_slots WHERE account_id = ? "
            + "ORDER BY balance, slot LIMIT 1";

    /** Adds to one slot and answers the wallet's total after (credits and refunds). */
    static final String ADD = "WITH w AS (UPDATE service_wallet_slots SET balance = balance + ? "
            + "WHERE account_id = ? AND slot = (%s) RETURNING account_id, slot, balance) SELECT " + TOTAL_AFTER + " FROM w";

    private final DataSource ds;

    @Inject
    public JdbcWalletCharges(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public boolean debit(long accountId, Money charge, String reference) {
        BigDecimal amount = inWalletCurrency(charge);
        return Jdbc.with(ds, c -> {
            boolean first = true;
            for (String pick : new String[]{FREE_COVERING, ANY_COVERING}) {
                if (Slots.attempt(c, first, DEBIT.formatted(pick), amount, accountId, amount, accountId, amount,
                        amount.negate(), reference).isPresent()) {
                    return true;
                }
                first = false;
            }
            Slots.undoAttempts(c); // no slot held out of order before locking them all
            return consolidatingDebit(c, accountId, amount, reference);
        });
    }

    /**
     * No single slot covers the amount: every slot locked in slot order, refused only when the total cannot cover it;
     * else the amount is taken and the rest re-spread in whole units of it.
     */
    private static boolean consolidatingDebit(Connection c, long accountId, BigDecimal amount, String reference)
            throws SQLException {
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = lockAll(c, accountId, slots);
        if (slots.isEmpty() || total.compareTo(amount) < 0) {
            return false;
        }
        BigDecimal after = total.subtract(amount);
        write(c, accountId, slots, Slots.spread(after, amount, slots.size()));
        try (var ps = Jdbc.bind(c.prepareStatement("INSERT INTO wallet_entries (account_id, kind, amount, reference, "
                + "balance_after) VALUES (?, 'charge', ?, ?, ?)"), accountId, amount.negate(), reference, after)) {
            ps.executeUpdate();
        }
        return true;
    }

    @Override
    public void refund(long accountId, Money refund, String reference) {
        BigDecimal amount = inWalletCurrency(refund);
        Jdbc.with(ds, c -> {
            BigDecimal after = add(c, accountId, amount).orElseThrow(() ->
                    new IllegalStateException("account " + accountId + " has no service wallet to refund to"));
            try (var ps = Jdbc.bind(c.prepareStatement("INSERT INTO wallet_entries (account_id, kind, amount, reference, "
                    + "balance_after) VALUES (?, 'refund', ?, ?, ?)"), accountId, amount, reference, after)) {
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public Money balance(long accountId) {
        return Money.of(Jdbc.with(ds, c -> total(c, accountId)), ServiceWallet.CURRENCY);
    }

    /** The amount of a wallet change; the wallet holds {@link ServiceWallet#CURRENCY} only (another is a defect). */
    static BigDecimal inWalletCurrency(Money amount) {
        if (!ServiceWallet.CURRENCY.equals(amount.currency())) {
            throw new Money.CurrencyMismatch(amount, Money.zero(ServiceWallet.CURRENCY));
        }
        return amount.amount();
    }

    /**
     * Re-spreads the wallet evenly to the cent over its slots (all locked in slot order), the balance unchanged; answers
     * it. What a top-up does after adding its amount, on its own (tests, operations).
     */
    public BigDecimal rebalance(long accountId) {
        return Jdbc.with(ds, c -> spreadAdd(c, accountId, new BigDecimal("0.00")).orElse(new BigDecimal("0.00")));
    }

    /**
     * A top-up: every slot locked in slot order, the new total re-spread evenly to the cent, so that a large credit
     * does not sit in one slot that every debit then queues on. Empty when there is no wallet.
     */
    static Optional<BigDecimal> spreadAdd(Connection c, long accountId, BigDecimal amount) throws SQLException {
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = lockAll(c, accountId, slots);
        if (slots.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal after = total.add(amount);
        write(c, accountId, slots, Slots.spread(after, new BigDecimal("0.01"), slots.size()));
        return Optional.of(after);
    }

    /**
     * A refund: adds to the poorest free slot (else waits for the poorest); the total after, empty when there is no
     * wallet. Small and frequent, so it locks one slot only.
     */
    static Optional<BigDecimal> add(Connection c, long accountId, BigDecimal amount) throws SQLException {
        for (String pick : new String[]{FREE_POOREST, ANY_POOREST}) {
            Optional<BigDecimal> after = one(c, ADD.formatted(pick), amount, accountId, accountId);
            if (after.isPresent()) {
                return after;
            }
        }
        return Optional.empty();
    }

    static BigDecimal total(Connection c, long accountId) throws SQLException {
        return one(c, "SELECT coalesce(sum(balance), 0.00) FROM service_wallet_slots WHERE account_id = ?", accountId)
                .orElseThrow();
    }

    private static BigDecimal lockAll(Connection c, long accountId, List<Integer> slots) throws SQLException {
        BigDecimal total = new BigDecimal("0.00");
        try (var ps = Jdbc.bind(c.prepareStatement("SELECT slot, balance FROM service_wallet_slots WHERE account_id = ? "
                + "ORDER BY slot FOR UPDATE"), accountId); var rs = ps.executeQuery()) {
            while (rs.next()) {
                slots.add(rs.getInt(1));
                total = total.add(rs.getBigDecimal(2));
            }
        }
        return total;
    }

    private static void write(Connection c, long accountId, List<Integer> slots, BigDecimal[] shares)
            throws SQLException {
        try (var ps = c.prepareStatement("UPDATE service_wallet_slots s SET balance = v.b "
                + "FROM unnest(?::int[], ?::numeric[]) AS v(slot, b) WHERE s.account_id = ? AND s.slot = v.slot")) {
            ps.setArray(1, c.createArrayOf("integer", slots.toArray()));
            ps.setArray(2, c.createArrayOf("numeric", shares));
            ps.setLong(3, accountId);
            ps.executeUpdate();
        }
    }

    private static Optional<BigDecimal> one(Connection c, String sql, Object... args) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement(sql), args); var rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(rs.getBigDecimal(1)) : Optional.empty();
        }
    }
}
