package io.mizani.adapter.persistence.balance;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.balance.BalanceLedger.Hold;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A large payout batch's one reservation against a real PostgreSQL with every migration (issue 30, ADR 0008): taken
 * by the slot path of one withdrawal, refused whole when the balance is short, moved to its items' own reservations
 * once (the reserved money stays on its slot), the items then released or consumed one by one as any withdrawal; at
 * every step reserved = open reservations and available = the sum of the entries, and the batch's two entries are
 * not in the merchant's entries page.
 */
class BatchReservationTest {

    static PGSimpleDataSource ds;
    static Sql sql;
    static JdbcBalanceLedger ledger;

    @BeforeAll
    static void start() {
        ds = TestDatabase.migrated("batch_reservation").withTeam().execute(
                "INSERT INTO users (id, organization_id, username) VALUES (1, 1, 'creator'), (2, 1, 'approver')")
                .dataSource();
        sql = new Sql(ds);
        ledger = new JdbcBalanceLedger();
        ledger.sql = sql;
        assertEquals(BalanceLedger.Outcome.APPLIED, ledger.adjust(1, kes("1000.00"), "fund", "test").outcome());
    }

    @Test
    void a_batch_is_reserved_as_one_and_moved_to_its_items_once() {
        Map<String, String> before = balance();
        BigDecimal available = new BigDecimal(before.get("available"));
        BigDecimal reserved = new BigDecimal(before.get("reserved"));
        long batch = batch("b1", 3);
        List<Hold> holds = holds(batch, "115.00", "115.00", "115.00");
        assertFalse(tx(() -> ledger.reserveBatch(TEAM, batch, "b1", kes("100000.00"))).ok(), "short: refused whole");
        assertEquals(before, balance());

        assertTrue(tx(() -> ledger.reserveBatch(TEAM, batch, "b1", kes("345.00"))).ok());
        assertEquals(Map.of("available", available.subtract(new BigDecimal("345.00")).toString(),
                "reserved", reserved.add(new BigDecimal("345.00")).toString()), balance());
        Map<String, String> reservedNow = balance();
        assertInvariants();

        assertTrue(tx(() -> ledger.moveBatch(TEAM, batch, "KES", holds)));
        assertEquals(reservedNow, balance(), "moving the reservation moves no money");
        assertInvariants();
        assertEquals(List.of("moved"), sql.with(h -> h.createQuery(
                "SELECT settled FROM balance_entries WHERE payout_batch_id = :b AND type = 'payout_batch_reserve'")
                .bind("b", batch).mapTo(String.class).list()));
        assertEquals(1L, (long) sql.with(h -> h.createQuery("""
                SELECT count(DISTINCT e.slot) FROM balance_entries e WHERE e.payment_id = ANY (:ids)
                   OR (e.payout_batch_id = :b AND e.type = 'payout_batch_reserve')""")
                .bind("ids", Sql.array("bigint", holds.stream().map(Hold::paymentId).toArray()))
                .bind("b", batch).mapTo(Long.class).one()), "the items hold their money on the batch's slot");

        assertFalse(tx(() -> ledger.moveBatch(TEAM, batch, "KES", holds)), "moved once");
        assertEquals(3L, (long) sql.with(h -> h.createQuery(
                "SELECT count(*) FROM balance_entries WHERE type = 'withdrawal_reserve' AND payment_id = ANY (:ids)")
                .bind("ids", Sql.array("bigint", holds.stream().map(Hold::paymentId).toArray()))
                .mapTo(Long.class).one()));

        // then each item is an ordinary withdrawal: one fails (released), one succeeds (consumed)
        assertTrue(ledger.release(holds.get(0).paymentId()));
        assertTrue(ledger.consume(holds.get(1).paymentId()));
        assertEquals(Map.of("available", available.subtract(new BigDecimal("230.00")).toString(),
                "reserved", reserved.add(new BigDecimal("115.00")).toString()), balance());
        assertInvariants();

        List<String> shown = ledger.entries(1, "KES", 100, null).stream().map(e -> e.type().wire()).toList();
        assertFalse(shown.contains("payout_batch_reserve") || shown.contains("payout_batch_release"), shown.toString());
    }

    @Test
    void items_that_do_not_add_up_to_the_reservation_are_refused_and_nothing_is_written() {
        long batch = batch("b2", 2);
        assertTrue(tx(() -> ledger.reserveBatch(TEAM, batch, "b2", kes("230.00"))).ok());
        Map<String, String> reserved = balance();
        assertThrows(IllegalStateException.class,
                () -> tx(() -> ledger.moveBatch(TEAM, batch, "KES", holds(batch, "115.00", "114.99"))));
        assertEquals(0L, (long) sql.with(h -> h.createQuery(
                "SELECT count(*) FROM balance_entries WHERE payout_batch_id = :b AND (settled IS NOT NULL"
                        + " OR type = 'payout_batch_release')").bind("b", batch).mapTo(Long.class).one()));
        List<Hold> right = holds(batch, "115.00", "115.00");
        assertTrue(tx(() -> ledger.moveBatch(TEAM, batch, "KES", right)));
        assertEquals(reserved, balance());
        assertInvariants();
    }

    static final AccountId TEAM = AccountId.of(1);

    /** In one transaction, as the service always calls the ledger (a slot's attempt is a savepoint). */
    static <T> T tx(java.util.function.Supplier<T> work) {
        return sql.inNewTransaction(java.time.Duration.ofMinutes(1), work);
    }

    static Money kes(String amount) {
        return Money.of(new BigDecimal(amount), "KES");
    }

    static long batch(String ref, int items) {
        return sql.with(h -> h.createQuery("""
                INSERT INTO payout_batches (account_id, batch_reference, callback_url, status, item_count, total_amount,
                    total_fees, drafts, created_by, approved_by, approved_at, open_items)
                VALUES (1, :ref, 'http://x/cb', 'processing', :n, '{}', '{}', 'sealed', 1, 2, now(), :n) RETURNING id""")
                .bind("ref", ref).bind("n", items).mapTo(Long.class).one());
    }

    /** One stored withdrawal of the batch per amount, and its hold. */
    static List<Hold> holds(long batch, String... amounts) {
        var out = new ArrayList<Hold>();
        for (String a : amounts) {
            String reference = "MZ" + batch + "-" + out.size() + "-" + System.nanoTime();
            long id = sql.with(h -> h.createQuery("""
                    INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider,
                        network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name,
                        customer_last_name, customer_email, customer_phone, account_number, callback_url, remark,
                        payment_category, status, checks, next_check_at, created_at, updated_at, payout_batch_id)
                    VALUES (1, :ref, :ref, 'withdrawal', 'momo', 'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE', 0.77, 15,
                        'Ada', 'Obi', 'a@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60),
                        'http://x/cb', 'pay', 'salary', 'queued', 0, now(), now(), now(), :batch) RETURNING id""")
                    .bind("ref", reference).bind("batch", batch).mapTo(Long.class).one());
            out.add(new Hold(id, reference, kes(a)));
        }
        return out;
    }

    static Map<String, String> balance() {
        return sql.with(h -> h.createQuery("""
                SELECT sum(available)::text AS available, sum(reserved)::text AS reserved FROM payment_balance_slots
                WHERE account_id = 1 AND currency = 'KES'""")
                .map((rs, ctx) -> Map.of("available", rs.getString(1), "reserved", rs.getString(2))).one());
    }

    /** bench/chaos-check.py's: reserved = open reservations (the batch's included), available = sum of the entries. */
    static void assertInvariants() {
        Map<String, Object> row = sql.with(h -> h.createQuery("""
                SELECT (SELECT sum(available) FROM payment_balance_slots WHERE account_id = 1) AS available,
                       (SELECT sum(reserved) FROM payment_balance_slots WHERE account_id = 1) AS reserved,
                       (SELECT coalesce(sum(amount), 0) FROM balance_entries WHERE account_id = 1) AS ledger,
                       (SELECT coalesce(sum(-amount), 0) FROM balance_entries WHERE account_id = 1
                          AND type IN ('withdrawal_reserve', 'refund_reserve', 'payout_batch_reserve')
                          AND settled IS NULL) AS open_reserved""").mapToMap().one());
        assertEquals(0, ((BigDecimal) row.get("reserved")).compareTo((BigDecimal) row.get("open_reserved")),
                "reserved = open reservations: " + row);
        assertEquals(0, ((BigDecimal) row.get("available")).compareTo((BigDecimal) row.get("ledger")),
                "available = sum of the entries: " + row);
    }
}
