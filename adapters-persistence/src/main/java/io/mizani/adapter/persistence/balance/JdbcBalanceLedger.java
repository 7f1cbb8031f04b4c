package io.mizani.adapter.persistence.balance;

import io.mizani.adapter.persistence.common.Jdbc;
import io.mizani.adapter.persistence.common.Slots;

import io.mizani.application.balance.BalanceLedger;
import io.mizani.domain.balance.EntryType;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.refund.RefundId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * payment_balances, payment_balance_slots and balance_entries. A balance is {@link Slots#COUNT} sub-balance rows
 * ("slots", docs/balances.md "The hot row"), each with CHECKs keeping available and reserved at zero or more; the
 * balance is their sum. A reservation or a negative adjustment takes one slot by one conditional UPDATE ... RETURNING
 * (the richest free slot, SKIP LOCKED; else waiting on one slot that covers it); when no single slot covers it, every
 * slot is locked in slot order, the amount refused only when the total cannot cover it, else taken and the rest
 * re-spread ({@link Slots#spread}). A reservation's reserved amount stays in its slot (recorded on its entry), so its
 * release or consumption goes back there. Credits land on the poorest free slot. A payment's entry of each type is
 * unique (payment_id, type), and a reservation's fate (released or consumed) is one conditional UPDATE of its entry,
 * so nothing is credited, released or consumed twice on any number of replicas.
 */
@ApplicationScoped
public class JdbcBalanceLedger implements BalanceLedger {

    private static final BigDecimal ZERO = new BigDecimal("0.00");

    @Inject
    DataSource dataSource;

    @Override
    public Reservation reserve(AccountId accountId, PaymentId paymentId, String transactionReference, Money needed) {
        return Jdbc.with(dataSource, c -> hold(c, new Holder(accountId.value(), needed.currency(), paymentId.value(),
                null, transactionReference), EntryType.WITHDRAWAL_RESERVE, needed.amount()));
    }

    /**
     * The sum of the holds taken by the same path as one reservation ({@link #take}: one slot that covers it, else
     * every slot locked in slot order), then one statement writing every hold's withdrawal_reserve entry on that slot
     * (unnest of the arrays): a payout batch of 10,000 items costs a few statements, not 10,000. Each entry's
     * available_after runs down from the balance before the batch to the balance after it.
     */
    @Override
    public Reservation reserveAll(long accountId, String currency, List<Hold> holds) {
        Money total = Money.zero(currency);
        for (Hold h : holds) {
            total = total.plus(h.needed()); // a hold in another currency: Money.CurrencyMismatch
        }
        BigDecimal sum = total.amount();
        return Jdbc.with(dataSource, c -> {
            Taken t = take(c, accountId, currency, sum, true);
            if (!t.ok()) {
                return new Reservation(false, Money.of(t.after(), currency));
            }
            Long[] ids = new Long[holds.size()];
            String[] refs = new String[holds.size()];
            BigDecimal[] amounts = new BigDecimal[holds.size()];
            BigDecimal[] afters = new BigDecimal[holds.size()];
            BigDecimal running = t.after().add(sum);
            for (int i = 0; i < holds.size(); i++) {
                Hold h = holds.get(i);
                running = running.subtract(h.needed().amount());
                ids[i] = h.paymentId();
                refs[i] = h.transactionReference();
                amounts[i] = h.needed().amount().negate();
                afters[i] = running;
            }
            try (var ps = c.prepareStatement("""
                    INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id,
                        transaction_reference, slot)
                    SELECT ?, ?, 'withdrawal_reserve', v.amount, v.after, v.payment_id, v.reference, ?
                    FROM unnest(?::bigint[], ?::text[], ?::numeric[], ?::numeric[]) AS v(payment_id, reference, amount, after)
                    """)) {
                ps.setLong(1, accountId);
                ps.setString(2, currency);
                ps.setInt(3, t.slot());
                ps.setArray(4, c.createArrayOf("bigint", ids));
                ps.setArray(5, c.createArrayOf("text", refs));
                ps.setArray(6, c.createArrayOf("numeric", amounts));
                ps.setArray(7, c.createArrayOf("numeric", afters));
                ps.executeUpdate();
            }
            return new Reservation(true, Money.of(t.after(), currency));
        });
    }

    @Override
    public boolean release(long paymentId) {
        return Jdbc.with(dataSource, c -> giveBack(c, PAYMENT_HOLD, paymentId, EntryType.WITHDRAWAL_RELEASE));
    }

    @Override
    public boolean consume(long paymentId) {
        return Jdbc.with(dataSource, c -> use(c, PAYMENT_HOLD, paymentId));
    }

    @Override
    public Reservation reserveRefund(long accountId, RefundId refundId, PaymentId paymentId, String refundReference,
                                     Money amount) {
        return Jdbc.with(dataSource, c -> hold(c, new Holder(accountId, amount.currency(), paymentId.value(),
                refundId.value(), refundReference), EntryType.REFUND_RESERVE, amount.amount()));
    }

    @Override
    public boolean releaseRefund(long refundId) {
        return Jdbc.with(dataSource, c -> giveBack(c, REFUND_HOLD, refundId, EntryType.REFUND_RELEASE));
    }

    @Override
    public boolean consumeRefund(long refundId) {
        return Jdbc.with(dataSource, c -> use(c, REFUND_HOLD, refundId));
    }

    /** Who holds a reservation: a withdrawal (refundId null) or a refund of the collection paymentId. */
    private record Holder(long accountId, String currency, long paymentId, Long refundId, String transactionReference) {
    }

    /** Which reserve entry a release or a consumption settles: a withdrawal's by payment, a refund's by refund. */
    private static final String PAYMENT_HOLD = "payment_id = ? AND type = 'withdrawal_reserve' AND refund_id IS NULL";
    private static final String REFUND_HOLD = "refund_id = ? AND type = 'refund_reserve'";

    /** The one reservation path of withdrawals and refunds: take from available into reserved, record the entry. */
    private static Reservation hold(Connection c, Holder h, EntryType type, BigDecimal needed) throws SQLException {
        Taken t = take(c, h.accountId(), h.currency(), needed, true);
        if (!t.ok()) {
            return new Reservation(false, Money.of(t.after(), h.currency()));
        }
        insertEntry(c, new NewEntry(h.accountId(), h.currency(), type, needed.negate(), t.after()),
                new Link(h.paymentId(), h.refundId(), h.transactionReference(), null, null), t.slot());
        return new Reservation(true, Money.of(t.after(), h.currency()));
    }

    /** A failed withdrawal's or refund's reservation back to available (its release entry). False if none held. */
    private static boolean giveBack(Connection c, String which, long id, EntryType releaseType) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement("""
                UPDATE balance_entries SET settled = 'released'
                WHERE\s""" + which + """
                 AND settled IS NULL
                RETURNING account_id, currency, -amount AS held, transaction_reference, slot, payment_id, refund_id"""),
                id);
             var rs = ps.executeQuery()) {
            if (!rs.next()) {
                return false;
            }
            long accountId = rs.getLong(1);
            String currency = rs.getString(2);
            BigDecimal held = rs.getBigDecimal(3);
            String ref = rs.getString(4);
            long paymentId = rs.getLong(6);
            Long refundId = rs.getObject(7) == null ? null : rs.getLong(7);
            // back to the slot the reservation took it from
            BigDecimal after = one(c, """
                    WITH w AS (UPDATE payment_balance_slots SET available = available + ?, reserved = reserved - ?
                               WHERE account_id = ? AND currency = ? AND slot = ?
                               RETURNING account_id, currency, slot, available)
                    SELECT""" + TOTAL_AFTER + " FROM w", held, held, accountId, currency, rs.getInt(5)).orElseThrow();
            insertEntry(c, new NewEntry(accountId, currency, releaseType, held, after),
                    new Link(paymentId, refundId, ref, null, null), null);
            return true;
        }
    }

    /** A succeeded withdrawal or refund consumes its reservation. False if none held. */
    private static boolean use(Connection c, String which, long id) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement("""
                UPDATE balance_entries SET settled = 'consumed'
                WHERE\s""" + which + """
                 AND settled IS NULL
                RETURNING account_id, currency, -amount AS held, slot"""), id);
             var rs = ps.executeQuery()) {
            if (!rs.next()) {
                return false;
            }
            one(c, """
                    UPDATE payment_balance_slots SET reserved = reserved - ?
                    WHERE account_id = ? AND currency = ? AND slot = ? RETURNING reserved""",
                    rs.getBigDecimal(3), rs.getLong(1), rs.getString(2), rs.getInt(4)).orElseThrow();
            return true;
        }
    }

    @Override
    public boolean credit(AccountId account, PaymentId payment, String transactionReference, Money credit) {
        long accountId = account.value();
        long paymentId = payment.value();
        String currency = credit.currency();
        BigDecimal amount = credit.amount();
        return Jdbc.with(dataSource, c -> {
            open(c, accountId, currency);
            // one statement: the poorest free slot takes the amount and the entry records the balance after it, unless
            // the payment was credited already (a concurrent second credit of the same payment fails on the entry's
            // unique key after waiting for the first, and rolls its slot update back with it: never credited twice)
            for (String pick : new String[]{FREE_POOREST, ANY_POOREST}) {
                try (var ps = Jdbc.bind(c.prepareStatement("""
                        WITH w AS (UPDATE payment_balance_slots SET available = available + ?
                                   WHERE account_id = ? AND currency = ? AND slot = (""" + pick + """
                                   ) AND NOT EXISTS (SELECT 1 FROM balance_entries WHERE payment_id = ? AND type = ?)
                                   RETURNING account_id, currency, slot, available)
                        INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id,
                            transaction_reference)
                        SELECT account_id, currency, ?, ?,""" + TOTAL_AFTER + """
                        , ?, ? FROM w RETURNING id"""), amount, accountId, currency, accountId, currency, paymentId,
                        EntryType.COLLECTION.wire(), EntryType.COLLECTION.wire(), amount, paymentId,
                        transactionReference);
                     var rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return true;
                    }
                }
                if (one(c, "SELECT 1 FROM balance_entries WHERE payment_id = ? AND type = ?", paymentId,
                        EntryType.COLLECTION.wire()).isPresent()) {
                    return false; // credited before
                }
            }
            throw new IllegalStateException("payment balance " + currency + " of account " + accountId
                    + " has no slots");
        });
    }

    @Override
    public Adjustment adjust(long accountId, Money adjustment, String reference, String reason) {
        String currency = adjustment.currency();
        BigDecimal amount = adjustment.amount();
        return Jdbc.with(dataSource, c -> {
            open(c, accountId, currency);
            // the entry first: a concurrent repeat of the reference waits on the unique index, then inserts nothing
            Optional<Long> entry = insertEntry(c, new NewEntry(accountId, currency, EntryType.ADJUSTMENT, amount, ZERO),
                    new Link(null, null, null, reference, reason), null);
            if (entry.isEmpty()) {
                try (var ps = Jdbc.bind(c.prepareStatement("""
                        SELECT amount, available_after FROM balance_entries
                        WHERE account_id = ? AND currency = ? AND reference = ? AND type = 'adjustment'"""),
                        accountId, currency, reference); var rs = ps.executeQuery()) {
                    rs.next();
                    return new Adjustment(Outcome.REPEATED, Money.of(rs.getBigDecimal(1), currency),
                            Money.of(rs.getBigDecimal(2), currency));
                }
            }
            BigDecimal after;
            if (amount.signum() >= 0) {
                after = spreadAdd(c, accountId, currency, amount);
            } else {
                Taken t = take(c, accountId, currency, amount.negate(), false);
                if (!t.ok()) {
                    return new Adjustment(Outcome.INSUFFICIENT, adjustment, Money.of(t.after(), currency));
                }
                after = t.after();
            }
            setAfter(c, entry.get(), after);
            return new Adjustment(Outcome.APPLIED, adjustment, Money.of(after, currency));
        });
    }

    @Override
    public boolean accountExists(long accountId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("SELECT 1 FROM accounts WHERE id = ? AND deleted_at IS NULL"),
                    accountId); var rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    @Override
    public List<Balance> balances(long accountId) {
        return Jdbc.with(dataSource, c -> {
            Map<String, BigDecimal> incoming = new HashMap<>();
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    SELECT currency, sum(amount) FROM payments
                    WHERE account_id = ? AND request_type = 'payment' AND status IN ('queued', 'pending')
                    GROUP BY currency"""), accountId); var rs = ps.executeQuery()) {
                while (rs.next()) {
                    incoming.put(rs.getString(1).trim(), rs.getBigDecimal(2));
                }
            }
            var out = new ArrayList<Balance>();
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    SELECT currency, sum(available), sum(reserved) FROM payment_balance_slots
                    WHERE account_id = ? GROUP BY currency ORDER BY currency"""), accountId); var rs = ps.executeQuery()) {
                while (rs.next()) {
                    String currency = rs.getString(1).trim();
                    out.add(new Balance(currency, Money.of(rs.getBigDecimal(2), currency),
                            Money.of(rs.getBigDecimal(3), currency),
                            Money.of(incoming.getOrDefault(currency, ZERO).setScale(2), currency)));
                }
            }
            return out;
        });
    }

    @Override
    public List<Entry> entries(long accountId, String currency, int limit, Long startingAfter) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    SELECT id, type, amount, currency, available_after, transaction_reference, created_at
                    FROM balance_entries
                    WHERE account_id = ? AND currency = ? AND id < ?
                    ORDER BY id DESC LIMIT ?"""), accountId, currency,
                    startingAfter == null ? Long.MAX_VALUE : startingAfter, limit); var rs = ps.executeQuery()) {
                var out = new ArrayList<Entry>();
                while (rs.next()) {
                    String cur = rs.getString(4).trim();
                    out.add(new Entry(rs.getLong(1), EntryType.parse(rs.getString(2)).orElseThrow(),
                            Money.of(rs.getBigDecimal(3), cur), Money.of(rs.getBigDecimal(5), cur), rs.getString(6),
                            rs.getTimestamp(7).toInstant()));
                }
                return out;
            }
        });
    }

    @Override
    public boolean hasEntry(long accountId, String currency, long entryId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement(
                    "SELECT 1 FROM balance_entries WHERE id = ? AND account_id = ? AND currency = ?"), entryId,
                    accountId, currency); var rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    /**
     * Balances this instance has seen committed: a payment balance is never deleted, so once its header row was
     * found (not inserted by this transaction, which could still roll back) no later movement needs to open it.
     */
    private final java.util.Set<String> opened = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** The header row, and with it its slots (a concurrent opener waits on the header, then finds both). */
    private void open(Connection c, long accountId, String currency) throws SQLException {
        String key = accountId + "/" + currency;
        if (opened.contains(key)) {
            return;
        }
        try (var ps = Jdbc.bind(c.prepareStatement("""
                INSERT INTO payment_balances (account_id, currency) VALUES (?, ?)
                ON CONFLICT (account_id, currency) DO NOTHING"""), accountId, currency)) {
            if (ps.executeUpdate() == 0) {
                if (opened.size() > 100_000) {
                    opened.clear();
                }
                opened.add(key);
                return;
            }
        }
        try (var ps = Jdbc.bind(c.prepareStatement("""
                INSERT INTO payment_balance_slots (account_id, currency, slot)
                SELECT ?, ?, s FROM generate_series(0, ? - 1) s"""), accountId, currency, Slots.COUNT)) {
            ps.executeUpdate();
        }
    }

    /** The other slots' committed available plus the moved slot's new one: the balance right after the movement. */
    private static final String TOTAL_AFTER = " available + (SELECT coalesce(sum(o.available), 0) "
            + "FROM payment_balance_slots o WHERE o.account_id = w.account_id AND o.currency = w.currency "
            + "AND o.slot <> w.slot)";

    private static final String FREE_COVERING = """
            SELECT slot FROM payment_balance_slots WHERE account_id = ? AND currency = ? AND available >= ?
            ORDER BY available DESC LIMIT 1 FOR UPDATE SKIP LOCKED""";
    private static final String ANY_COVERING = """
            SELECT slot FROM payment_balance_slots WHERE account_id = ? AND currency = ? AND available >= ?
            ORDER BY random() LIMIT 1""";
    private static final String FREE_POOREST = """
            SELECT slot FROM payment_balance_slots WHERE account_id = ? AND currency = ?
            ORDER BY available, slot LIMIT 1 FOR UPDATE SKIP LOCKED""";
    private static final String ANY_POOREST = """
            SELECT slot FROM payment_balance_slots WHERE account_id = ? AND currency = ?
            ORDER BY available, slot LIMIT 1""";

    /** A slot taken ({@code ok}: which, and the balance after) or refused ({@code after}: the whole balance). */
    private record Taken(boolean ok, int slot, BigDecimal after) {
    }

    /**
     * Takes {@code amount} from available (into reserved when {@code reserve}): the richest free slot covering it, else
     * one covering slot waited for, else every slot locked in slot order: refused when the total cannot cover it,
     * otherwise taken and the rest re-spread in whole units of the amount (the reserved part on the first slot).
     */
    private static Taken take(Connection c, long accountId, String currency, BigDecimal amount, boolean reserve)
            throws SQLException {
        BigDecimal toReserved = reserve ? amount : ZERO;
        boolean first = true;
        for (String pick : new String[]{FREE_COVERING, ANY_COVERING}) {
            Optional<Object[]> row = Slots.attempt(c, first, """
                    WITH w AS (UPDATE payment_balance_slots SET available = available - ?, reserved = reserved + ?
                               WHERE account_id = ? AND currency = ? AND available >= ? AND slot = (""" + pick + """
                               ) RETURNING account_id, currency, slot, available)
                    SELECT slot,""" + TOTAL_AFTER + " FROM w",
                    amount, toReserved, accountId, currency, amount, accountId, currency, amount);
            if (row.isPresent()) {
                return new Taken(true, ((Number) row.get()[0]).intValue(), (BigDecimal) row.get()[1]);
            }
            first = false;
        }
        Slots.undoAttempts(c); // no slot held out of order before locking them all
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = ZERO;
        try (var ps = Jdbc.bind(c.prepareStatement("""
                SELECT slot, available FROM payment_balance_slots WHERE account_id = ? AND currency = ?
                ORDER BY slot FOR UPDATE"""), accountId, currency); var rs = ps.executeQuery()) {
            while (rs.next()) {
                slots.add(rs.getInt(1));
                total = total.add(rs.getBigDecimal(2));
            }
        }
        if (slots.isEmpty() || total.compareTo(amount) < 0) {
            return new Taken(false, -1, total);
        }
        BigDecimal after = total.subtract(amount);
        int firstSlot = slots.get(0);
        try (var ps = c.prepareStatement("""
                UPDATE payment_balance_slots s SET available = v.b,
                    reserved = s.reserved + CASE WHEN s.slot = ? THEN ? ELSE 0 END
                FROM unnest(?::int[], ?::numeric[]) AS v(slot, b)
                WHERE s.account_id = ? AND s.currency = ? AND s.slot = v.slot""")) {
            ps.setInt(1, firstSlot);
            ps.setBigDecimal(2, toReserved);
            ps.setArray(3, c.createArrayOf("integer", slots.toArray()));
            ps.setArray(4, c.createArrayOf("numeric", Slots.spread(after, amount, slots.size())));
            ps.setLong(5, accountId);
            ps.setString(6, currency);
            ps.executeUpdate();
        }
        return new Taken(true, firstSlot, after);
    }

    /** Re-spreads available evenly to the cent over the slots (all locked in slot order); answers the balance. */
    public BigDecimal rebalance(long accountId, String currency) {
        return Jdbc.with(dataSource, c -> spreadAdd(c, accountId, currency, ZERO));
    }

    /** A positive adjustment (rare, large): every slot locked in slot order, the new balance re-spread to the cent. */
    private static BigDecimal spreadAdd(Connection c, long accountId, String currency, BigDecimal amount)
            throws SQLException {
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = ZERO;
        try (var ps = Jdbc.bind(c.prepareStatement("""
                SELECT slot, available FROM payment_balance_slots WHERE account_id = ? AND currency = ?
                ORDER BY slot FOR UPDATE"""), accountId, currency); var rs = ps.executeQuery()) {
            while (rs.next()) {
                slots.add(rs.getInt(1));
                total = total.add(rs.getBigDecimal(2));
            }
        }
        if (slots.isEmpty()) {
            return total;
        }
        BigDecimal after = total.add(amount);
        try (var ps = c.prepareStatement("""
                UPDATE payment_balance_slots s SET available = v.b FROM unnest(?::int[], ?::numeric[]) AS v(slot, b)
                WHERE s.account_id = ? AND s.currency = ? AND s.slot = v.slot""")) {
            ps.setArray(1, c.createArrayOf("integer", slots.toArray()));
            ps.setArray(2, c.createArrayOf("numeric", Slots.spread(after, new BigDecimal("0.01"), slots.size())));
            ps.setLong(3, accountId);
            ps.setString(4, currency);
            ps.executeUpdate();
        }
        return after;
    }

    /** An entry's movement: which balance, what kind, the signed amount and the balance right after it. */
    private record NewEntry(long accountId, String currency, EntryType type, BigDecimal amount, BigDecimal after) {
    }

    /** What an entry belongs to: a payment (and a refund of it), or an adjustment's reference and reason. */
    private record Link(Long paymentId, Long refundId, String transactionReference, String reference, String reason) {
    }

    private static Optional<Long> insertEntry(Connection c, NewEntry e, Link l, Integer slot) throws SQLException {
        String conflict = l.refundId() != null
                ? "ON CONFLICT (refund_id, type) WHERE refund_id IS NOT NULL DO NOTHING"
                : l.paymentId() != null
                ? "ON CONFLICT (payment_id, type) WHERE payment_id IS NOT NULL AND refund_id IS NULL DO NOTHING"
                : "ON CONFLICT (account_id, currency, reference) WHERE type = 'adjustment' DO NOTHING";
        try (var ps = Jdbc.bind(c.prepareStatement("""
                INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id,
                    refund_id, transaction_reference, reference, reason, slot)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) """ + conflict + " RETURNING id"),
                e.accountId(), e.currency(), e.type().wire(), e.amount(), e.after(), l.paymentId(), l.refundId(),
                l.transactionReference(), l.reference(), l.reason(), slot);
             var rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
        }
    }

    private static void setAfter(Connection c, long entryId, BigDecimal after) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement("UPDATE balance_entries SET available_after = ? WHERE id = ?"),
                after, entryId)) {
            ps.executeUpdate();
        }
    }

    private static Optional<BigDecimal> one(Connection c, String sql, Object... args) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement(sql), args); var rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(rs.getBigDecimal(1)) : Optional.empty();
        }
    }
}
