package io.mizani.adapter.persistence.balance;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.application.balance.TeamLimitStore.Count;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.RequestType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A Team's daily limit counter against a real PostgreSQL with every migration: created on first use from the payments
 * the Team accepted that day (failed ones, other days, other Teams and the payments being counted left out), then
 * moved only by the conditional add and the release; refused over the limit with nothing counted; judged one after
 * another when many acceptances race.
 */
class JdbcTeamLimitStoreTest {

    static Sql sql;
    static JdbcTeamLimitStore store;
    static final LocalDate TODAY = LocalDate.now(ZoneOffset.UTC);

    @BeforeAll
    static void start() {
        var ds = TestDatabase.migrated("team_limits").withTeam().execute(
                "INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, webhook_secret) "
                        + "VALUES (2, 1, 'team-2', 'Other', 'KES', '+254', 'n2', 's2')").dataSource();
        sql = new Sql(ds);
        store = new JdbcTeamLimitStore();
        store.sql = sql;
    }

    @Test
    void the_days_counter_starts_from_the_days_payments_then_moves_only_by_counting_and_release() {
        payment(1, "withdrawal", "30.00", "queued", 0);
        payment(1, "withdrawal", "40.00", "failed", 0);       // failed: not counted
        payment(1, "withdrawal", "50.00", "succeeded", 1);    // yesterday
        payment(1, "payment", "60.00", "succeeded", 0);       // another type
        payment(2, "withdrawal", "70.00", "queued", 0);       // another Team
        long now = payment(1, "withdrawal", "25.00", "queued", 0);

        assertTrue(store.tryCount(1, TODAY, RequestType.WITHDRAWAL, now, usd("25.00"), usd("100.00")));
        assertEquals("55.00", counter(1, "withdrawal"), "30 accepted before today's first count + the 25 counted");

        long over = payment(1, "withdrawal", "50.00", "queued", 0);
        assertFalse(store.tryCount(1, TODAY, RequestType.WITHDRAWAL, over, usd("50.00"), usd("100.00")));
        assertEquals("55.00", counter(1, "withdrawal"), "refused: nothing counted");
        assertEquals(0, counts(over));

        // a payment stored without being counted (no limit applied when it was accepted) is not summed again
        payment(1, "withdrawal", "20.00", "queued", 0);
        assertEquals(1, store.tryCountSum(1, TODAY, RequestType.WITHDRAWAL, List.of(usd("20.00"), usd("30.00")),
                usd("100.00")), "the second amount is the first over");
        assertEquals(-1, store.tryCountSum(1, TODAY, RequestType.WITHDRAWAL, List.of(usd("20.00"), usd("20.00")),
                usd("100.00")));
        assertEquals("95.00", counter(1, "withdrawal"));

        store.release(now);
        store.release(now);
        assertEquals("70.00", counter(1, "withdrawal"), "released once");
        assertNull(counter(2, "withdrawal"), "another Team's counter is its own");
    }

    @Test
    void several_payments_are_counted_all_or_none_and_leave_themselves_out_of_the_new_counter() {
        long a = payment(1, "payment", "40.00", "queued", 0);
        long b = payment(1, "payment", "40.00", "queued", 0);
        long c = payment(1, "payment", "40.00", "queued", 0);
        sql.use(h -> h.createUpdate("DELETE FROM team_daily_usage WHERE account_id = 1 AND request_type = 'payment'")
                .execute());
        List<Count> three = List.of(new Count(a, usd("40.00")), new Count(b, usd("40.00")), new Count(c, usd("40.00")));
        BigDecimal before = sql.with(h -> h.createQuery("""
                SELECT coalesce(sum(amount_usd), 0) FROM payments WHERE account_id = 1 AND request_type = 'payment'
                  AND status <> 'failed' AND created_at >= :start AND id NOT IN (:a, :b, :c)""")
                .bind("start", java.sql.Timestamp.from(TODAY.atStartOfDay(ZoneOffset.UTC).toInstant()))
                .bind("a", a).bind("b", b).bind("c", c).mapTo(BigDecimal.class).one());
        BigDecimal limit = before.add(new BigDecimal("100.00"));
        assertEquals(2, store.tryCountAll(1, TODAY, RequestType.PAYMENT, three, usd(limit.toPlainString())));
        assertEquals(before.toPlainString(), counter(1, "payment"), "none counted");
        assertEquals(-1, store.tryCountAll(1, TODAY, RequestType.PAYMENT, three.subList(0, 2),
                usd(limit.toPlainString())));
        assertEquals(before.add(new BigDecimal("80.00")).toPlainString(), counter(1, "payment"));
        assertEquals(1, counts(a) + counts(c));
    }

    @Test
    void racing_acceptances_count_exactly_up_to_the_limit() throws Exception {
        // the day's counter exists before the payments are stored, as when each is stored and counted in one go
        assertEquals(-1, store.tryCountSum(2, TODAY, RequestType.PAYMENT, List.of(), usd("100.00")));
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ids.add(payment(2, "payment", "20.00", "queued", 0));
        }
        var start = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(6);
        List<Future<Boolean>> results = new ArrayList<>();
        for (long id : ids) {
            Callable<Boolean> count = () -> {
                start.await();
                return sql.inNewTransaction(java.time.Duration.ofMinutes(1), () -> store.tryCount(2, TODAY,
                        RequestType.PAYMENT, id, usd("20.00"), usd("100.00")));
            };
            results.add(pool.submit(count));
        }
        start.countDown();
        int counted = 0;
        for (var r : results) {
            counted += r.get() ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(5, counted, "100 USD of 20 USD payments");
        assertEquals("100.00", counter(2, "payment"));
        assertEquals(5L, (long) sql.with(h -> h.createQuery(
                "SELECT count(*) FROM payment_limit_counts WHERE account_id = 2 AND request_type = 'payment'")
                .mapTo(Long.class).one()));
    }

    static long payment(long team, String type, String usdAmount, String status, int daysAgo) {
        return sql.with(h -> h.createQuery("""
                INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider,
                    network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name,
                    customer_last_name, customer_email, customer_phone, account_number, callback_url, remark,
                    payment_category, status, checks, next_check_at, created_at, updated_at)
                VALUES (:team, :ref, :ref, :type, 'momo', 'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE', :usd, 0,
                    'Ada', 'Obi', 'a@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60),
                    'http://x/cb', 'pay', 'salary', :status, 0, now(), :at, :at) RETURNING id""")
                .bind("team", team).bind("ref", "r-" + java.util.UUID.randomUUID()).bind("type", type)
                .bind("usd", new BigDecimal(usdAmount)).bind("status", status)
                .bind("at", java.sql.Timestamp.from(TODAY.atStartOfDay(ZoneOffset.UTC).toInstant()
                        .plusSeconds(daysAgo == 0 ? 60 : -3600L * 24 * daysAgo)))
                .mapTo(Long.class).one());
    }

    static String counter(long team, String type) {
        return sql.with(h -> h.createQuery("""
                SELECT total_usd::text FROM team_daily_usage WHERE account_id = :team AND day = :day
                  AND request_type = :type""")
                .bind("team", team).bind("day", java.sql.Date.valueOf(TODAY)).bind("type", type)
                .mapTo(String.class).findFirst().orElse(null));
    }

    static int counts(long payment) {
        return sql.with(h -> h.createQuery("SELECT count(*) FROM payment_limit_counts WHERE payment_id = :p")
                .bind("p", payment).mapTo(Integer.class).one());
    }

    static Money usd(String amount) {
        return Money.of(new BigDecimal(amount), "USD");
    }
}
