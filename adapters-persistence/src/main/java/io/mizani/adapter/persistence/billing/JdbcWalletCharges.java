package io.mizani.adapter.persistence.billing;

import io.mizani.adapter.persistence.common.Param;
import io.mizani.adapter.persistence.common.Slots;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.billing.WalletCharges;
import io.mizani.domain.common.Money;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;

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
@Singleton
public class JdbcWalletCharges implements WalletCharges {

    /** Adds the other slots' committed balances to the moved slot's new balance: the wallet's total after. */
    private static final String TOTAL_AFTER = "balance + (SELECT coalesce(sum(o.balance), 0) FROM service_wallet_slots o "
            + "WHERE o.account_id = w.account_id AND o.slot <> w.slot)";

    /** The richest free slot covering the amount. */
    private static final String FREE_COVERING = "SELECT slot FROM service_wallet_slots WHERE account_id = :account "
            + "AND balance >= :amount ORDER BY balance DESC LIMIT 1 FOR UPDATE SKIP LOCKED";

    /**
     * A covering slot, held or not (the UPDATE then waits for it and re-checks), picked in {@link Slots#WAIT_ORDER}.
     */
    private static final String ANY_COVERING = "SELECT slot FROM service_wallet_slots WHERE account_id = :account "
            + "AND balance >= :amount ORDER BY " + Slots.WAIT_ORDER + " LIMIT 1";

    private static final String DEBIT = "WITH w AS (UPDATE service_wallet_slots SET balance = balance - :amount "
            + "WHERE account_id = :account AND balance >= :amount AND slot = (%s) RETURNING account_id, slot, balance) "
            + "INSERT INTO wallet_entries (account_id, kind, amount, reference, balance_after) "
            + "SELECT account_id, 'charge', :charged, :reference, " + TOTAL_AFTER + " FROM w RETURNING balance_after";

    /** The poorest free slot, else (all held) the poorest, waiting for it. */
    static final String FREE_POOREST = "SELECT slot FROM service_wallet_slots WHERE account_id = :account "
            + "ORDER BY balance, slot LIMIT 1 FOR UPDATE SKIP LOCKED";
    static final String ANY_POOREST = "SELECT slot FROM service_wallet_slots WHERE account_id = :account "
            + "ORDER BY balance, slot LIMIT 1";

    /** Adds to one slot and answers the wallet's total after (credits and refunds). */
    static final String ADD = "WITH w AS (UPDATE service_wallet_slots SET balance = balance + :amount "
            + "WHERE account_id = :account AND slot = (%s) RETURNING account_id, slot, balance) SELECT " + TOTAL_AFTER
            + " FROM w";

    /** The first column of a row: an amount (a balance after, a total). */
    static final RowMapper<BigDecimal> AMOUNT = (rs, ctx) -> rs.getBigDecimal(1);

    /** A slot and its balance, read while locking every slot. */
    private record Slot(int slot, BigDecimal balance) {
    }

    private static final RowMapper<Slot> SLOT = (rs, ctx) -> new Slot(rs.getInt(1), rs.getBigDecimal(2));

    private final Sql sql;

    @Inject
    public JdbcWalletCharges(Sql sql) {
        this.sql = sql;
    }

    @Override
    public boolean debit(long accountId, Money charge, String reference) {
        BigDecimal amount = inWalletCurrency(charge);
        return sql.with(h -> {
            boolean first = true;
            for (String pick : new String[]{FREE_COVERING, ANY_COVERING}) {
                if (Slots.attempt(h, first, DEBIT.formatted(pick), u -> u.bind("amount", Param.of(amount))
                        .bind("account", Param.of(accountId)).bind("charged", Param.of(amount.negate()))
                        .bind("reference", Param.of(reference)),
                        AMOUNT).isPresent()) {
                    return true;
                }
                first = false;
            }
            Slots.undoAttempts(h); // no slot held out of order before locking them all
            return consolidatingDebit(h, accountId, amount, reference);
        });
    }

    /**
     * No single slot covers the amount: every slot locked in slot order, refused only when the total cannot cover it;
     * else the amount is taken and the rest re-spread in whole units of it.
     */
    private static boolean consolidatingDebit(Handle h, long accountId, BigDecimal amount, String reference) {
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = lockAll(h, accountId, slots);
        if (slots.isEmpty() || total.compareTo(amount) < 0) {
            return false;
        }
        BigDecimal after = total.subtract(amount);
        write(h, accountId, slots, Slots.spread(after, amount, slots.size()));
        h.createUpdate("INSERT INTO wallet_entries (account_id, kind, amount, reference, balance_after) "
                        + "VALUES (:account, 'charge', :amount, :reference, :after)")
                .bind("account", accountId).bind("amount", amount.negate()).bind("reference", reference)
                .bind("after", after).execute();
        return true;
    }

    @Override
    public void refund(long accountId, Money refund, String reference) {
        BigDecimal amount = inWalletCurrency(refund);
        sql.use(h -> {
            BigDecimal after = add(h, accountId, amount).orElseThrow(() ->
                    new IllegalStateException("account " + accountId + " has no service wallet to refund to"));
            h.createUpdate("INSERT INTO wallet_entries (account_id, kind, amount, reference, balance_after) "
                            + "VALUES (:account, 'refund', :amount, :reference, :after)")
                    .bind("account", accountId).bind("amount", amount).bind("reference", reference)
                    .bind("after", after).execute();
        });
    }

    @Override
    public Money balance(long accountId) {
        return Money.of(sql.with(h -> total(h, accountId)), ServiceWallet.CURRENCY);
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
        return sql.with(h -> spreadAdd(h, accountId, new BigDecimal("0.00")).orElse(new BigDecimal("0.00")));
    }

    /**
     * A top-up: every slot locked in slot order, the new total re-spread evenly to the cent, so that a large credit
     * does not sit in one slot that every debit then queues on. Empty when there is no wallet.
     */
    static Optional<BigDecimal> spreadAdd(Handle h, long accountId, BigDecimal amount) {
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = lockAll(h, accountId, slots);
        if (slots.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal after = total.add(amount);
        write(h, accountId, slots, Slots.spread(after, new BigDecimal("0.01"), slots.size()));
        return Optional.of(after);
    }

    /**
     * A refund: adds to the poorest free slot (else waits for the poorest); the total after, empty when there is no
     * wallet. Small and frequent, so it locks one slot only.
     */
    static Optional<BigDecimal> add(Handle h, long accountId, BigDecimal amount) {
        for (String pick : new String[]{FREE_POOREST, ANY_POOREST}) {
            Optional<BigDecimal> after = h.createQuery(ADD.formatted(pick))
                    .bind("amount", amount).bind("account", accountId).map(AMOUNT).findFirst();
            if (after.isPresent()) {
                return after;
            }
        }
        return Optional.empty();
    }

    static BigDecimal total(Handle h, long accountId) {
        return h.createQuery("SELECT coalesce(sum(balance), 0.00) FROM service_wallet_slots WHERE account_id = :account")
                .bind("account", accountId).map(AMOUNT).findFirst().orElseThrow();
    }

    private static BigDecimal lockAll(Handle h, long accountId, List<Integer> slots) {
        BigDecimal total = new BigDecimal("0.00");
        for (Slot s : h.createQuery("SELECT slot, balance FROM service_wallet_slots WHERE account_id = :account "
                        + "ORDER BY slot FOR UPDATE")
                .bind("account", accountId).map(SLOT).list()) {
            slots.add(s.slot());
            total = total.add(s.balance());
        }
        return total;
    }

    private static void write(Handle h, long accountId, List<Integer> slots, BigDecimal[] shares) {
        h.createUpdate("UPDATE service_wallet_slots s SET balance = v.b "
                        + "FROM unnest(:slots::int[], :shares::numeric[]) AS v(slot, b) "
                        + "WHERE s.account_id = :account AND s.slot = v.slot")
                .bind("slots", Sql.array("integer", slots.toArray())).bind("shares", Sql.array("numeric", shares))
                .bind("account", accountId).execute();
    }

}
