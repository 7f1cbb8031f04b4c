package io.mizani.adapter.persistence.balance;

import io.mizani.adapter.persistence.common.Param;
import io.mizani.adapter.persistence.common.Slots;
import io.mizani.adapter.persistence.common.Sql;

import io.mizani.application.balance.BalanceLedger;
import io.mizani.domain.balance.EntryType;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.refund.RefundId;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;

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
@Singleton
public class JdbcBalanceLedger implements BalanceLedger {

    private static final BigDecimal ZERO = new BigDecimal("0.00");

    @Inject
    Sql sql;

    @Override
    public Reservation reserve(AccountId accountId, PaymentId paymentId, String transactionReference, Money needed) {
        return sql.with(h -> hold(h, new Holder(accountId.value(), needed.currency(), paymentId.value(),
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
        for (Hold hold : holds) {
            total = total.plus(hold.needed()); // a hold in another currency: Money.CurrencyMismatch
        }
        BigDecimal sum = total.amount();
        return sql.with(h -> {
            Taken t = take(h, accountId, currency, sum, true);
            if (!t.ok()) {
                return new Reservation(false, Money.of(t.after(), currency));
            }
            insertHolds(h, accountId, currency, t.slot(), t.after().add(sum), holds);
            return new Reservation(true, Money.of(t.after(), currency));
        });
    }

    /**
     * One withdrawal_reserve entry per hold on {@code slot}, in one statement (unnest of the arrays); each entry's
     * available_after runs down from {@code before} by the holds' amounts.
     */
    private static void insertHolds(Handle h, long accountId, String currency, int slot, BigDecimal before,
                                    List<Hold> holds) {
        Long[] ids = new Long[holds.size()];
        String[] refs = new String[holds.size()];
        BigDecimal[] amounts = new BigDecimal[holds.size()];
        BigDecimal[] afters = new BigDecimal[holds.size()];
        BigDecimal running = before;
        for (int i = 0; i < holds.size(); i++) {
            Hold hold = holds.get(i);
            running = running.subtract(hold.needed().amount());
            ids[i] = hold.paymentId();
            refs[i] = hold.transactionReference();
            amounts[i] = hold.needed().amount().negate();
            afters[i] = running;
        }
        h.createUpdate("""
                INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id,
                    transaction_reference, slot)
                SELECT :account, :currency, 'withdrawal_reserve', v.amount, v.after, v.payment_id, v.reference, :slot
                FROM unnest(:ids::bigint[], :refs::text[], :amounts::numeric[], :afters::numeric[])
                    AS v(payment_id, reference, amount, after)
                """)
                .bind("account", accountId).bind("currency", currency).bind("slot", slot)
                .bind("ids", Sql.array("bigint", ids)).bind("refs", Sql.array("text", refs))
                .bind("amounts", Sql.array("numeric", amounts)).bind("afters", Sql.array("numeric", afters))
                .execute();
    }

    /**
     * The batch's total taken by {@link #take} (one slot covering it, else every slot locked in slot order), its
     * payout_batch_reserve entry recording the slot that now holds it: one reservation, two statements.
     */
    @Override
    public Reservation reserveBatch(AccountId account, long payoutBatchId, String batchReference, Money total) {
        long accountId = account.value();
        String currency = total.currency();
        return sql.with(h -> {
            Taken t = take(h, accountId, currency, total.amount(), true);
            if (!t.ok()) {
                return new Reservation(false, Money.of(t.after(), currency));
            }
            h.createUpdate("""
                    INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payout_batch_id,
                        transaction_reference, slot)
                    VALUES (:account, :currency, 'payout_batch_reserve', :amount, :after, :batch, :reference, :slot)""")
                    .bind("account", accountId).bind("currency", currency).bind("amount", total.amount().negate())
                    .bind("after", t.after()).bind("batch", payoutBatchId).bind("reference", batchReference)
                    .bind("slot", t.slot()).execute();
            return new Reservation(true, Money.of(t.after(), currency));
        });
    }

    /** An open batch reservation being moved: how much and on which slot, and the batch's reference. */
    private record BatchHeld(BigDecimal held, int slot, String batchReference) {
    }

    /**
     * The batch reserve entry settled 'moved' (one conditional UPDATE: a second materialiser finds nothing), its
     * amount given back by a payout_batch_release entry and taken again by the items' withdrawal_reserve entries on
     * the same slot. No slot row changes: reserved stays where the batch put it, available does not move.
     */
    @Override
    public boolean moveBatch(AccountId account, long payoutBatchId, String currency, List<Hold> holds) {
        long accountId = account.value();
        BigDecimal sum = ZERO;
        for (Hold hold : holds) {
            sum = sum.add(Money.zero(currency).plus(hold.needed()).amount()); // another currency: CurrencyMismatch
        }
        BigDecimal items = sum;
        return sql.with(h -> {
            Optional<BatchHeld> moved = h.createQuery("""
                    UPDATE balance_entries SET settled = 'moved'
                    WHERE payout_batch_id = :batch AND currency = :currency AND type = 'payout_batch_reserve'
                      AND account_id = :account AND settled IS NULL AND amount = -CAST(:items AS numeric)
                    RETURNING -amount, slot, transaction_reference""")
                    .bind("batch", payoutBatchId).bind("currency", currency).bind("account", accountId)
                    .bind("items", items)
                    .map((rs, ctx) -> new BatchHeld(rs.getBigDecimal(1), rs.getInt(2), rs.getString(3)))
                    .findFirst();
            if (moved.isEmpty()) {
                Optional<BigDecimal> open = h.createQuery("""
                        SELECT -amount FROM balance_entries
                        WHERE payout_batch_id = :batch AND currency = :currency AND type = 'payout_batch_reserve'
                          AND account_id = :account AND settled IS NULL""")
                        .bind("batch", payoutBatchId).bind("currency", currency).bind("account", accountId)
                        .map(AMOUNT).findFirst();
                if (open.isPresent()) { // nothing written: the items and the reservation must agree to the cent
                    throw new IllegalStateException("payout batch " + payoutBatchId + " reserved " + open.get() + " "
                            + currency + " but its items need " + items);
                }
                return false;
            }
            BatchHeld b = moved.get();
            BigDecimal available = h.createQuery("""
                    SELECT coalesce(sum(available), 0) FROM payment_balance_slots
                    WHERE account_id = :account AND currency = :currency""")
                    .bind("account", accountId).bind("currency", currency).map(AMOUNT).one();
            BigDecimal released = available.add(b.held());
            h.createUpdate("""
                    INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payout_batch_id,
                        transaction_reference)
                    VALUES (:account, :currency, 'payout_batch_release', :amount, :after, :batch, :reference)""")
                    .bind("account", accountId).bind("currency", currency).bind("amount", b.held())
                    .bind("after", released).bind("batch", payoutBatchId).bind("reference", b.batchReference())
                    .execute();
            insertHolds(h, accountId, currency, b.slot(), released, holds);
            return true;
        });
    }

    @Override
    public boolean release(long paymentId) {
        return sql.with(h -> giveBack(h, PAYMENT_HOLD, paymentId, EntryType.WITHDRAWAL_RELEASE));
    }

    @Override
    public boolean consume(long paymentId) {
        return sql.with(h -> use(h, PAYMENT_HOLD, paymentId));
    }

    @Override
    public Reservation reserveRefund(long accountId, RefundId refundId, PaymentId paymentId, String refundReference,
                                     Money amount) {
        return sql.with(h -> hold(h, new Holder(accountId, amount.currency(), paymentId.value(),
                refundId.value(), refundReference), EntryType.REFUND_RESERVE, amount.amount()));
    }

    @Override
    public boolean releaseRefund(long refundId) {
        return sql.with(h -> giveBack(h, REFUND_HOLD, refundId, EntryType.REFUND_RELEASE));
    }

    @Override
    public boolean consumeRefund(long refundId) {
        return sql.with(h -> use(h, REFUND_HOLD, refundId));
    }

    /** Who holds a reservation: a withdrawal (refundId null) or a refund of the collection paymentId. */
    private record Holder(long accountId, String currency, long paymentId, Long refundId, String transactionReference) {
    }

    /**
     * A collection's credit entry, by payment: {@code refund_id IS NULL} makes it the predicate of the partial unique
     * index {@code balance_entries_payment_type}, so PostgreSQL probes that index instead of reading every entry
     * (without it, each credit scanned the whole table: 27 ms a credit with about 300,000 entries, bench/perf.sh's
     * drain, docs/performance.md).
     */
    static final String COLLECTION_ENTRY = " payment_id = :payment AND type = :type AND refund_id IS NULL";

    /** Which reserve entry a release or a consumption settles: a withdrawal's by payment, a refund's by refund. */
    private static final String PAYMENT_HOLD =
            "payment_id = :id AND type = 'withdrawal_reserve' AND refund_id IS NULL";
    private static final String REFUND_HOLD = "refund_id = :id AND type = 'refund_reserve'";

    /** A reservation being released: where it was held, how much, and what its entry belongs to. */
    private record Released(long accountId, String currency, BigDecimal held, String transactionReference, int slot,
                            long paymentId, Long refundId) {
    }

    private static final RowMapper<Released> RELEASED = (rs, ctx) -> new Released(rs.getLong(1), rs.getString(2),
            rs.getBigDecimal(3), rs.getString(4), rs.getInt(5), rs.getLong(6),
            rs.getObject(7) == null ? null : rs.getLong(7));

    /** A reservation being consumed: where it was held and how much. */
    private record Consumed(long accountId, String currency, BigDecimal held, int slot) {
    }

    private static final RowMapper<Consumed> CONSUMED = (rs, ctx) -> new Consumed(rs.getLong(1), rs.getString(2),
            rs.getBigDecimal(3), rs.getInt(4));

    /** The one reservation path of withdrawals and refunds: take from available into reserved, record the entry. */
    private static Reservation hold(Handle h, Holder holder, EntryType type, BigDecimal needed) {
        Taken t = take(h, holder.accountId(), holder.currency(), needed, true);
        if (!t.ok()) {
            return new Reservation(false, Money.of(t.after(), holder.currency()));
        }
        insertEntry(h, new NewEntry(holder.accountId(), holder.currency(), type, needed.negate(), t.after()),
                new Link(holder.paymentId(), holder.refundId(), holder.transactionReference(), null, null), t.slot());
        return new Reservation(true, Money.of(t.after(), holder.currency()));
    }

    /** A failed withdrawal's or refund's reservation back to available (its release entry). False if none held. */
    private static boolean giveBack(Handle h, String which, long id, EntryType releaseType) {
        Optional<Released> released = h.createQuery("""
                UPDATE balance_entries SET settled = 'released'
                WHERE\s""" + which + """
                 AND settled IS NULL
                RETURNING account_id, currency, -amount AS held, transaction_reference, slot, payment_id, refund_id""")
                .bind("id", id).map(RELEASED).findFirst();
        if (released.isEmpty()) {
            return false;
        }
        Released r = released.get();
        // back to the slot the reservation took it from
        BigDecimal after = h.createQuery("""
                WITH w AS (UPDATE payment_balance_slots SET available = available + :held, reserved = reserved - :held
                           WHERE account_id = :account AND currency = :currency AND slot = :slot
                           RETURNING account_id, currency, slot, available)
                SELECT""" + TOTAL_AFTER + " FROM w")
                .bind("held", r.held()).bind("account", r.accountId()).bind("currency", r.currency())
                .bind("slot", r.slot()).map(AMOUNT).findFirst().orElseThrow();
        insertEntry(h, new NewEntry(r.accountId(), r.currency(), releaseType, r.held(), after),
                new Link(r.paymentId(), r.refundId(), r.transactionReference(), null, null), null);
        return true;
    }

    /** A succeeded withdrawal or refund consumes its reservation. False if none held. */
    private static boolean use(Handle h, String which, long id) {
        Optional<Consumed> consumed = h.createQuery("""
                UPDATE balance_entries SET settled = 'consumed'
                WHERE\s""" + which + """
                 AND settled IS NULL
                RETURNING account_id, currency, -amount AS held, slot""")
                .bind("id", id).map(CONSUMED).findFirst();
        if (consumed.isEmpty()) {
            return false;
        }
        Consumed c = consumed.get();
        h.createQuery("""
                UPDATE payment_balance_slots SET reserved = reserved - :held
                WHERE account_id = :account AND currency = :currency AND slot = :slot RETURNING reserved""")
                .bind("held", c.held()).bind("account", c.accountId()).bind("currency", c.currency())
                .bind("slot", c.slot()).map(AMOUNT).findFirst().orElseThrow();
        return true;
    }

    @Override
    public boolean credit(AccountId account, PaymentId payment, String transactionReference, Money credit) {
        long accountId = account.value();
        long paymentId = payment.value();
        String currency = credit.currency();
        BigDecimal amount = credit.amount();
        return sql.with(h -> {
            open(h, accountId, currency);
            // one statement: the poorest free slot takes the amount and the entry records the balance after it, unless
            // the payment was credited already (a concurrent second credit of the same payment fails on the entry's
            // unique key after waiting for the first, and rolls its slot update back with it: never credited twice)
            for (String pick : new String[]{FREE_POOREST, ANY_POOREST}) {
                if (h.createQuery("""
                        WITH w AS (UPDATE payment_balance_slots SET available = available + :amount
                                   WHERE account_id = :account AND currency = :currency AND slot = (""" + pick + """
                                   ) AND NOT EXISTS (SELECT 1 FROM balance_entries WHERE""" + COLLECTION_ENTRY + """
                                   ) RETURNING account_id, currency, slot, available)
                        INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id,
                            transaction_reference)
                        SELECT account_id, currency, :type, :amount,""" + TOTAL_AFTER + """
                        , :payment, :reference FROM w RETURNING id""")
                        .bind("amount", Param.of(amount)).bind("account", Param.of(accountId))
                        .bind("currency", Param.of(currency))
                        .bind("payment", Param.of(paymentId)).bind("type", Param.of(EntryType.COLLECTION.wire()))
                        .bind("reference", Param.of(transactionReference))
                        .map(FOUND).findFirst().isPresent()) {
                    return true;
                }
                if (h.createQuery("SELECT 1 FROM balance_entries WHERE" + COLLECTION_ENTRY)
                        .bind("payment", paymentId).bind("type", EntryType.COLLECTION.wire())
                        .map(FOUND).findFirst().isPresent()) {
                    return false; // credited before
                }
            }
            throw new IllegalStateException("payment balance " + currency + " of account " + accountId
                    + " has no slots");
        });
    }

    /** An adjustment recorded before under the same reference: its amount and the balance after it. */
    private record Recorded(BigDecimal amount, BigDecimal availableAfter) {
    }

    private static final RowMapper<Recorded> RECORDED = (rs, ctx) -> new Recorded(rs.getBigDecimal(1),
            rs.getBigDecimal(2));

    @Override
    public Adjustment adjust(long accountId, Money adjustment, String reference, String reason) {
        String currency = adjustment.currency();
        BigDecimal amount = adjustment.amount();
        return sql.with(h -> {
            open(h, accountId, currency);
            // the entry first: a concurrent repeat of the reference waits on the unique index, then inserts nothing
            Optional<Long> entry = insertEntry(h, new NewEntry(accountId, currency, EntryType.ADJUSTMENT, amount, ZERO),
                    new Link(null, null, null, reference, reason), null);
            if (entry.isEmpty()) {
                Recorded before = h.createQuery("""
                        SELECT amount, available_after FROM balance_entries
                        WHERE account_id = :account AND currency = :currency AND reference = :reference
                          AND type = 'adjustment'""")
                        .bind("account", accountId).bind("currency", currency).bind("reference", reference)
                        .map(RECORDED).first();
                return new Adjustment(Outcome.REPEATED, Money.of(before.amount(), currency),
                        Money.of(before.availableAfter(), currency));
            }
            BigDecimal after;
            if (amount.signum() >= 0) {
                after = spreadAdd(h, accountId, currency, amount);
            } else {
                Taken t = take(h, accountId, currency, amount.negate(), false);
                if (!t.ok()) {
                    return new Adjustment(Outcome.INSUFFICIENT, adjustment, Money.of(t.after(), currency));
                }
                after = t.after();
            }
            setAfter(h, entry.get(), after);
            return new Adjustment(Outcome.APPLIED, adjustment, Money.of(after, currency));
        });
    }

    @Override
    public boolean accountExists(long accountId) {
        return sql.with(h -> h.createQuery("SELECT 1 FROM accounts WHERE id = :account AND deleted_at IS NULL")
                .bind("account", accountId).map(FOUND).findFirst().isPresent());
    }

    /** A currency's sum: the payments on their way in, in {@link #balances}. */
    private record Sum(String currency, BigDecimal amount) {
    }

    private static final RowMapper<Sum> INCOMING = (rs, ctx) -> new Sum(rs.getString(1).trim(), rs.getBigDecimal(2));

    /** A currency's available and reserved, summed over its slots. */
    private record Totals(String currency, BigDecimal available, BigDecimal reserved) {
    }

    private static final RowMapper<Totals> TOTALS = (rs, ctx) -> new Totals(rs.getString(1).trim(),
            rs.getBigDecimal(2), rs.getBigDecimal(3));

    @Override
    public List<Balance> balances(long accountId) {
        return sql.with(h -> {
            Map<String, BigDecimal> incoming = new HashMap<>();
            h.createQuery("""
                    SELECT currency, sum(amount) FROM payments
                    WHERE account_id = :account AND request_type = 'payment' AND status IN ('queued', 'pending')
                    GROUP BY currency""")
                    .bind("account", accountId).map(INCOMING).forEach(s -> incoming.put(s.currency(), s.amount()));
            var out = new ArrayList<Balance>();
            h.createQuery("""
                    SELECT currency, sum(available), sum(reserved) FROM payment_balance_slots
                    WHERE account_id = :account GROUP BY currency ORDER BY currency""")
                    .bind("account", accountId).map(TOTALS).forEach(t -> out.add(new Balance(t.currency(),
                            Money.of(t.available(), t.currency()), Money.of(t.reserved(), t.currency()),
                            Money.of(incoming.getOrDefault(t.currency(), ZERO).setScale(2), t.currency()))));
            return out;
        });
    }

    private static final RowMapper<Entry> ENTRY = (rs, ctx) -> {
        String cur = rs.getString(4).trim();
        return new Entry(rs.getLong(1), EntryType.parse(rs.getString(2)).orElseThrow(),
                Money.of(rs.getBigDecimal(3), cur), Money.of(rs.getBigDecimal(5), cur), rs.getString(6),
                rs.getTimestamp(7).toInstant());
    };

    @Override
    public List<Entry> entries(long accountId, String currency, int limit, Long startingAfter) {
        return sql.with(h -> h.createQuery("""
                        SELECT id, type, amount, currency, available_after, transaction_reference, created_at
                        FROM balance_entries
                        WHERE account_id = :account AND currency = :currency AND id < :before
                          AND payout_batch_id IS NULL
                        ORDER BY id DESC LIMIT :limit""")
                .bind("account", accountId).bind("currency", currency)
                .bind("before", startingAfter == null ? Long.MAX_VALUE : startingAfter).bind("limit", limit)
                .map(ENTRY).list());
    }

    @Override
    public boolean hasEntry(long accountId, String currency, long entryId) {
        return sql.with(h -> h.createQuery(
                        "SELECT 1 FROM balance_entries WHERE id = :id AND account_id = :account AND currency = :currency"
                                + " AND payout_batch_id IS NULL")
                .bind("id", entryId).bind("account", accountId).bind("currency", currency)
                .map(FOUND).findFirst().isPresent());
    }

    /**
     * Balances this instance has seen committed: a payment balance is never deleted, so once a transaction that found
     * or inserted its header row has committed, no later movement needs to open it.
     */
    private final java.util.Set<String> opened = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * The header row, and with it its slots (a concurrent opener waits on the header, then finds both). Remembered as
     * open only once the transaction has committed: a header this same transaction inserted answers the second
     * {@code INSERT} with 0 rows too, and a rollback takes it away with its slots (remembered at once, a later credit
     * in another transaction found no slots: "has no slots").
     */
    private void open(Handle h, long accountId, String currency) {
        String key = accountId + "/" + currency;
        if (opened.contains(key)) {
            return;
        }
        if (h.createUpdate("""
                INSERT INTO payment_balances (account_id, currency) VALUES (:account, :currency)
                ON CONFLICT (account_id, currency) DO NOTHING""")
                .bind("account", accountId).bind("currency", currency).execute() == 1) {
            h.createUpdate("""
                    INSERT INTO payment_balance_slots (account_id, currency, slot)
                    SELECT :account, :currency, s FROM generate_series(0, :count - 1) s""")
                    .bind("account", accountId).bind("currency", currency).bind("count", Slots.COUNT).execute();
        }
        sql.afterCommit(() -> {
            if (opened.size() > 100_000) {
                opened.clear();
            }
            opened.add(key);
        });
    }

    /** The other slots' committed available plus the moved slot's new one: the balance right after the movement. */
    private static final String TOTAL_AFTER = " available + (SELECT coalesce(sum(o.available), 0) "
            + "FROM payment_balance_slots o WHERE o.account_id = w.account_id AND o.currency = w.currency "
            + "AND o.slot <> w.slot)";

    private static final String FREE_COVERING = """
            SELECT slot FROM payment_balance_slots WHERE account_id = :account AND currency = :currency AND available >= :amount
            ORDER BY available DESC LIMIT 1 FOR UPDATE SKIP LOCKED""";
    private static final String ANY_COVERING = """
            SELECT slot FROM payment_balance_slots WHERE account_id = :account AND currency = :currency AND available >= :amount
            ORDER BY\s""" + Slots.WAIT_ORDER + " LIMIT 1";
    private static final String FREE_POOREST = """
            SELECT slot FROM payment_balance_slots WHERE account_id = :account AND currency = :currency
            ORDER BY available, slot LIMIT 1 FOR UPDATE SKIP LOCKED""";
    private static final String ANY_POOREST = """
            SELECT slot FROM payment_balance_slots WHERE account_id = :account AND currency = :currency
            ORDER BY available, slot LIMIT 1""";

    /** A row was there (its columns unread). */
    private static final RowMapper<Boolean> FOUND = (rs, ctx) -> Boolean.TRUE;

    /** The first column: an amount (the balance after a movement, a slot's reserved). */
    private static final RowMapper<BigDecimal> AMOUNT = (rs, ctx) -> rs.getBigDecimal(1);

    /** A slot taken ({@code ok}: which, and the balance after) or refused ({@code after}: the whole balance). */
    private record Taken(boolean ok, int slot, BigDecimal after) {
    }

    /** The slot one attempt took and the balance after it. */
    private static final RowMapper<Taken> TAKEN = (rs, ctx) -> new Taken(true, rs.getInt(1), rs.getBigDecimal(2));

    /** A slot and its available amount, read while locking every slot. */
    private record Slot(int slot, BigDecimal available) {
    }

    private static final RowMapper<Slot> SLOT = (rs, ctx) -> new Slot(rs.getInt(1), rs.getBigDecimal(2));

    /**
     * Takes {@code amount} from available (into reserved when {@code reserve}): the richest free slot covering it, else
     * one covering slot waited for, else every slot locked in slot order: refused when the total cannot cover it,
     * otherwise taken and the rest re-spread in whole units of the amount (the reserved part on the first slot).
     */
    private static Taken take(Handle h, long accountId, String currency, BigDecimal amount, boolean reserve) {
        BigDecimal toReserved = reserve ? amount : ZERO;
        boolean first = true;
        for (String pick : new String[]{FREE_COVERING, ANY_COVERING}) {
            Optional<Taken> taken = Slots.attempt(h, first, """
                    WITH w AS (UPDATE payment_balance_slots SET available = available - :amount, reserved = reserved + :toReserved
                               WHERE account_id = :account AND currency = :currency AND available >= :amount AND slot = (""" + pick + """
                               ) RETURNING account_id, currency, slot, available)
                    SELECT slot,""" + TOTAL_AFTER + " FROM w",
                    u -> u.bind("amount", amount).bind("toReserved", toReserved).bind("account", accountId)
                            .bind("currency", currency),
                    TAKEN);
            if (taken.isPresent()) {
                return taken.get();
            }
            first = false;
        }
        Slots.undoAttempts(h); // no slot held out of order before locking them all
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = lockAll(h, accountId, currency, slots);
        if (slots.isEmpty() || total.compareTo(amount) < 0) {
            return new Taken(false, -1, total);
        }
        BigDecimal after = total.subtract(amount);
        int firstSlot = slots.get(0);
        h.createUpdate("""
                UPDATE payment_balance_slots s SET available = v.b,
                    reserved = s.reserved + CASE WHEN s.slot = :first THEN :toReserved ELSE 0 END
                FROM unnest(:slots::int[], :shares::numeric[]) AS v(slot, b)
                WHERE s.account_id = :account AND s.currency = :currency AND s.slot = v.slot""")
                .bind("first", firstSlot).bind("toReserved", toReserved)
                .bind("slots", Sql.array("integer", slots.toArray()))
                .bind("shares", Sql.array("numeric", Slots.spread(after, amount, slots.size())))
                .bind("account", accountId).bind("currency", currency).execute();
        return new Taken(true, firstSlot, after);
    }

    /** Every slot of the balance locked in slot order; their slot numbers into {@code slots}, answers their sum. */
    private static BigDecimal lockAll(Handle h, long accountId, String currency, List<Integer> slots) {
        BigDecimal total = ZERO;
        for (Slot s : h.createQuery("""
                        SELECT slot, available FROM payment_balance_slots WHERE account_id = :account AND currency = :currency
                        ORDER BY slot FOR UPDATE""")
                .bind("account", accountId).bind("currency", currency).map(SLOT).list()) {
            slots.add(s.slot());
            total = total.add(s.available());
        }
        return total;
    }

    /** Re-spreads available evenly to the cent over the slots (all locked in slot order); answers the balance. */
    public BigDecimal rebalance(long accountId, String currency) {
        return sql.with(h -> spreadAdd(h, accountId, currency, ZERO));
    }

    /** A positive adjustment (rare, large): every slot locked in slot order, the new balance re-spread to the cent. */
    private static BigDecimal spreadAdd(Handle h, long accountId, String currency, BigDecimal amount) {
        List<Integer> slots = new ArrayList<>();
        BigDecimal total = lockAll(h, accountId, currency, slots);
        if (slots.isEmpty()) {
            return total;
        }
        BigDecimal after = total.add(amount);
        h.createUpdate("""
                UPDATE payment_balance_slots s SET available = v.b
                FROM unnest(:slots::int[], :shares::numeric[]) AS v(slot, b)
                WHERE s.account_id = :account AND s.currency = :currency AND s.slot = v.slot""")
                .bind("slots", Sql.array("integer", slots.toArray()))
                .bind("shares", Sql.array("numeric", Slots.spread(after, new BigDecimal("0.01"), slots.size())))
                .bind("account", accountId).bind("currency", currency).execute();
        return after;
    }

    /** An entry's movement: which balance, what kind, the signed amount and the balance right after it. */
    private record NewEntry(long accountId, String currency, EntryType type, BigDecimal amount, BigDecimal after) {
    }

    /** What an entry belongs to: a payment (and a refund of it), or an adjustment's reference and reason. */
    private record Link(Long paymentId, Long refundId, String transactionReference, String reference, String reason) {
    }

    private static final RowMapper<Long> ID = (rs, ctx) -> rs.getLong(1);

    private static Optional<Long> insertEntry(Handle h, NewEntry e, Link l, Integer slot) {
        String conflict = l.refundId() != null
                ? "ON CONFLICT (refund_id, type) WHERE refund_id IS NOT NULL DO NOTHING"
                : l.paymentId() != null
                ? "ON CONFLICT (payment_id, type) WHERE payment_id IS NOT NULL AND refund_id IS NULL DO NOTHING"
                : "ON CONFLICT (account_id, currency, reference) WHERE type = 'adjustment' DO NOTHING";
        return h.createQuery("""
                INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id,
                    refund_id, transaction_reference, reference, reason, slot)
                VALUES (:account, :currency, :type, :amount, :after, :payment, :refund, :transactionReference,
                    :reference, :reason, :slot) """ + conflict + " RETURNING id")
                .bind("account", e.accountId()).bind("currency", e.currency()).bind("type", e.type().wire())
                .bind("amount", e.amount()).bind("after", e.after()).bind("payment", l.paymentId())
                .bind("refund", l.refundId()).bind("transactionReference", l.transactionReference())
                .bind("reference", l.reference()).bind("reason", l.reason()).bind("slot", slot)
                .map(ID).findFirst();
    }

    private static void setAfter(Handle h, long entryId, BigDecimal after) {
        h.createUpdate("UPDATE balance_entries SET available_after = :after WHERE id = :id")
                .bind("after", after).bind("id", entryId).execute();
    }

}
