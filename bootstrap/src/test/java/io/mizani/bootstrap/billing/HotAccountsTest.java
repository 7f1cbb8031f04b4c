package io.mizani.bootstrap.billing;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.common.UnitOfWork;
import io.mizani.adapter.persistence.balance.JdbcBalanceLedger;
import io.mizani.adapter.persistence.billing.JdbcWalletCharges;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Hot accounts (docs/architecture.md "Hot accounts"): a service wallet or payment balance is 8 sub-balance slots. The
 * money rules must stay exact whatever slot a debit lands on: K debits accepted when the total covers exactly K (even
 * when no single slot does), the rest refused with the exact message, the total ending at zero, rebalancing racing
 * with debits creating or losing nothing, and {@code available_after} exact for sequential movements.
 */
@QuarkusTest
class HotAccountsTest {

    @Inject
    UnitOfWork unitOfWork;

    private static final String CHECK = "/api/v1/kyc/verify/national_id_ke"; // 40 KES live, 20 KES cached

    @Inject
    JdbcWalletCharges charges;

    @Inject
    JdbcBalanceLedger ledger;

    @Inject
    DataSource dataSource;

    @Test
    void cached_checks_on_a_wallet_spread_over_slots_covering_exactly_k_serve_k_and_refuse_the_rest() throws Exception {
        int k = 13;
        Merchant m = platform(String.valueOf(40 + 20 * k));
        Merchant other = platform("100");
        assertTrue(slotsHolding(m.accountId()) > 1, "the top-up is spread over the slots");
        m.as().body(Map.of("number", "51234512")).post(CHECK).then().statusCode(200); // live: fills the cache

        List<Callable<String>> calls = new ArrayList<>();
        for (int i = 0; i < 4 * k; i++) {
            calls.add(() -> {
                var r = m.as().body(Map.of("number", "51234512")).post(CHECK).then().extract();
                return r.statusCode() == 200 ? "200 " + r.jsonPath().getBoolean("cached")
                        : r.statusCode() + " " + r.jsonPath().getString("reason") + ": " + r.jsonPath().getString("error");
            });
        }
        Map<String, Long> counts = race(calls).stream().collect(Collectors.groupingBy(s -> s, Collectors.counting()));
        assertEquals(Map.of("200 true", (long) k,
                "402 insufficient_balance: insufficient service wallet balance", 3L * k), counts);
        assertEquals(0f, pricingBalance(m));
        assertEquals(new BigDecimal("0.00"), sql("SELECT sum(amount) FROM wallet_entries WHERE account_id = ?", m.accountId()));
        assertEquals(new BigDecimal(k + 1), sql("SELECT count(*) FROM wallet_entries WHERE account_id = ? AND kind = 'charge'",
                m.accountId()));
        assertEquals(100f, pricingBalance(other)); // the other merchant untouched
    }

    @Test
    void wallet_debits_racing_rebalances_take_exactly_what_the_total_covers() throws Exception {
        Merchant m = platform("1000");
        Merchant other = platform("1000");
        List<Callable<String>> work = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String ref = "chg_hot_" + m.accountId() + "_" + i;
            work.add(() -> unitOfWork.inNewTransaction(() ->
                    charges.debit(m.accountId(), kes("25.00"), ref)) ? "debited" : "refused");
            if (i % 5 == 0) {
                work.add(() -> "rebalanced " + unitOfWork.inNewTransaction(() -> charges.rebalance(m.accountId()))
                        .signum());
            }
        }
        Map<String, Long> counts = race(work).stream().filter(s -> !s.startsWith("rebalanced"))
                .collect(Collectors.groupingBy(s -> s, Collectors.counting()));
        assertEquals(Map.of("debited", 40L, "refused", 10L), counts);
        assertEquals(kes("0.00"), charges.balance(m.accountId()));
        assertEquals(new BigDecimal("0.00"), sql("SELECT sum(amount) FROM wallet_entries WHERE account_id = ?", m.accountId()));
        assertEquals(kes("1000.00"), charges.balance(other.accountId()));
        // concurrent charges record the total as their own transaction saw it (docs/balances.md): never below zero,
        // never above the top-up, and once traffic pauses the next movement records the exact balance again
        assertEquals(0, sql("SELECT count(*) FROM wallet_entries WHERE account_id = ? AND kind = 'charge' "
                + "AND (balance_after < 0 OR balance_after > 975)", m.accountId()).intValue());
        unitOfWork.run(() ->
                charges.refund(m.accountId(), kes("25.00"), "ref_hot_" + m.accountId()));
        assertEquals(new BigDecimal("25.00"), sql("SELECT balance_after FROM wallet_entries WHERE account_id = ? "
                + "AND kind = 'refund'", m.accountId()));
    }

    @Test
    void payment_balance_debits_racing_rebalances_stop_exactly_at_zero() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        TestMerchants.fundBalance(m, "KES", "100.00");
        TestMerchants.fundBalance(other, "KES", "100.00");
        List<Callable<String>> work = new ArrayList<>();
        AtomicInteger seq = new AtomicInteger();
        for (int i = 0; i < 30; i++) {
            work.add(() -> {
                var r = adjust(m.accountId(), "-5.00", "hot-" + m.accountId() + "-" + seq.incrementAndGet())
                        .then().extract();
                return r.statusCode() == 200 ? "200" : r.statusCode() + " " + r.jsonPath().getString("error_message");
            });
            if (i % 5 == 0) {
                work.add(() -> "rebalanced " + unitOfWork.inNewTransaction(() ->
                        ledger.rebalance(m.accountId(), "KES")).signum());
            }
        }
        Map<String, Long> counts = race(work).stream().filter(s -> !s.startsWith("rebalanced"))
                .collect(Collectors.groupingBy(s -> s, Collectors.counting()));
        assertEquals(Map.of("200", 20L, "400 insufficient balance: 0.00 KES available, 5.00 needed", 10L), counts);
        var kes = m.as().get("/api/global/balances").then().statusCode(200).extract().jsonPath();
        assertEquals(0f, kes.getFloat("balances.find { it.currency == 'KES' }.available"));
        assertEquals(new BigDecimal("0.00"), sql("SELECT sum(amount) FROM balance_entries WHERE account_id = ?",
                m.accountId()));
        assertEquals(100f, other.as().get("/api/global/balances").then().extract().jsonPath()
                .getFloat("balances.find { it.currency == 'KES' }.available"));
    }

    @Test
    void available_after_is_exact_for_sequential_movements_across_slots() {
        Merchant m = TestMerchants.onboard();
        TestMerchants.fundBalance(m, "KES", "100.00");
        String[] moves = {"-7.50", "3.25", "-0.01", "-60.00", "12.34", "-30.00", "-18.08"};
        for (int i = 0; i < moves.length; i++) {
            adjust(m.accountId(), moves[i], "seq-" + m.accountId() + "-" + i).then().statusCode(200);
            if (i == 3) {
                ledger.rebalance(m.accountId(), "KES");
            }
        }
        List<Map<String, Object>> entries = new ArrayList<>(m.as().get("/api/global/balances/KES/entries?limit=100")
                .then().statusCode(200).extract().jsonPath().getList("entries"));
        Collections.reverse(entries); // oldest first
        assertEquals(moves.length + 1, entries.size());
        BigDecimal running = BigDecimal.ZERO;
        for (Map<String, Object> e : entries) {
            running = running.add(new BigDecimal(e.get("amount").toString()));
            assertEquals(0, running.compareTo(new BigDecimal(e.get("available_after").toString())), e.toString());
        }
        assertEquals(0, running.compareTo(BigDecimal.ZERO));
        // another merchant never sees these entries
        assertEquals(List.of(), TestMerchants.onboard().as().get("/api/global/balances/KES/entries").then().extract()
                .jsonPath().getList("entries"));
    }

    @Test
    void a_collection_is_credited_once_with_its_exact_balance_after_even_when_credits_of_it_race() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        io.mizani.bootstrap.payment.PaymentFixtures.assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "100.00");
        // two collections the sandbox never answers (an account number ending in 01): they stay pending, uncredited
        long first = pendingCollection(m);
        long second = pendingCollection(m);

        // sequential: credited once, the repeat changes nothing
        assertTrue(unitOfWork.inNewTransaction(() ->
                ledger.credit(AccountId.of(m.accountId()), PaymentId.of(first), "tx-" + first,
                        Money.of(new BigDecimal("40.00"), "KES"))));
        assertEquals(false, unitOfWork.inNewTransaction(() ->
                ledger.credit(AccountId.of(m.accountId()), PaymentId.of(first), "tx-" + first,
                        Money.of(new BigDecimal("40.00"), "KES"))));
        assertEquals(new BigDecimal("140.00"), sql("SELECT available_after FROM balance_entries WHERE account_id = ? "
                + "AND type = 'collection'", m.accountId()));

        // racing: 8 credits of the same payment, exactly one takes effect (the others answer false or fail)
        List<Callable<String>> work = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            work.add(() -> {
                try {
                    return String.valueOf(unitOfWork.inNewTransaction(() ->
                            ledger.credit(AccountId.of(m.accountId()), PaymentId.of(second), "tx-" + second,
                                    Money.of(new BigDecimal("2.50"), "KES"))));
                } catch (RuntimeException lostTheRace) {
                    return "failed";
                }
            });
        }
        List<String> outcomes = race(work);
        assertEquals(1, outcomes.stream().filter("true"::equals).count(), outcomes.toString());
        assertEquals(new BigDecimal("142.50"), sql("SELECT sum(amount) FROM balance_entries WHERE account_id = ?",
                m.accountId()));
        assertEquals(142.5f, m.as().get("/api/global/balances").then().statusCode(200).extract().jsonPath()
                .getFloat("balances.find { it.currency == 'KES' }.available"));
        assertEquals(new BigDecimal("142.50"), sql("SELECT available_after FROM balance_entries WHERE account_id = ? "
                + "AND type = 'collection' AND amount = 2.50", m.accountId()));
        // another merchant's balance and entries are untouched
        assertEquals(List.of(), other.as().get("/api/global/balances/KES/entries").then().extract()
                .jsonPath().getList("entries"));
    }

    /**
     * Every slot held by a transaction that then changes them all (as a top-up's re-spread does): a debit that found no
     * free slot waits for one covering slot and takes the amount there once it is released, the other slots left as that
     * transaction set them. It must not fall through to locking every slot (which re-spreads them all): PostgreSQL
     * evaluates the slot's sub-select again when it re-checks the row it waited for, and a random order then named
     * another slot 7 times in 8 (docs/performance.md "The debit that waited for a slot"). Three rounds each, so that
     * the old order would pass them all by chance once in 512; service wallet and payment balance alike.
     */
    @Test
    void a_debit_that_waited_for_a_held_slot_takes_the_amount_there() throws Exception {
        Merchant m = platform("800");
        Merchant other = platform("800");
        TestMerchants.fundBalance(m, "KES", "800.00");
        TestMerchants.fundBalance(other, "KES", "800.00");
        for (int round = 1; round <= 3; round++) {
            String ref = "chg_wait_" + m.accountId() + "_" + round;
            waitedDebitTakesOneSlot(new SlotTable("service_wallet_slots", "balance", ""), m.accountId(),
                    () -> unitOfWork.inNewTransaction(() -> charges.debit(m.accountId(), kes("25.00"), ref)));
            assertEquals(kes(String.valueOf(800 - 25 * round) + ".00"), charges.balance(m.accountId()));
            String adj = "wait-" + m.accountId() + "-" + round;
            waitedDebitTakesOneSlot(new SlotTable("payment_balance_slots", "available", " AND currency = 'KES'"),
                    m.accountId(), () -> unitOfWork.inNewTransaction(() ->
                            ledger.adjust(m.accountId(), kes("-25.00"), adj, "hot accounts test").outcome()
                                    == BalanceLedger.Outcome.APPLIED));
        }
        assertEquals(new BigDecimal("725.00"), sql("SELECT sum(amount) FROM wallet_entries WHERE account_id = ?",
                m.accountId()));
        assertEquals(new BigDecimal("725.00"), sql("SELECT sum(amount) FROM balance_entries WHERE account_id = ?",
                m.accountId()));
        assertEquals(new BigDecimal("725.00"), sql("SELECT sum(available) FROM payment_balance_slots WHERE account_id = ?",
                m.accountId()));
        assertEquals(kes("800.00"), charges.balance(other.accountId())); // the other merchant untouched
        assertEquals(new BigDecimal("800.00"), sql("SELECT sum(available) FROM payment_balance_slots "
                + "WHERE account_id = ?", other.accountId()));
    }

    /** A table of slots: its name, the column a debit takes from, and what else names one balance's slots. */
    private record SlotTable(String name, String column, String andMore) {
    }

    /**
     * Holds every slot of the account in a transaction of its own, sets them to distinct levels (the same total, each
     * covering 25.00), starts {@code debit}, waits until it waits for a slot lock, commits, and then expects the debit
     * to have succeeded and exactly one slot to be 25.00 below the level it was set to.
     */
    private void waitedDebitTakesOneSlot(SlotTable t, long accountId, Callable<Boolean> debit) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (var holder = dataSource.getConnection()) {
            holder.setAutoCommit(false);
            long holderPid;
            try (var ps = holder.prepareStatement("SELECT pg_backend_pid()"); var rs = ps.executeQuery()) {
                rs.next();
                holderPid = rs.getLong(1);
            }
            List<BigDecimal> held = new ArrayList<>();
            try (var ps = holder.prepareStatement("SELECT " + t.column() + " FROM " + t.name()
                    + " WHERE account_id = ?" + t.andMore() + " ORDER BY slot FOR UPDATE")) {
                ps.setLong(1, accountId);
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        held.add(rs.getBigDecimal(1));
                    }
                }
            }
            assertEquals(8, held.size());
            BigDecimal total = held.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
            // levels base, base + 5, ..., base + 35 (slot 0 takes the cents left over): distinct, same total
            BigDecimal base = total.subtract(new BigDecimal("140")).divide(new BigDecimal("8"), 2,
                    RoundingMode.DOWN);
            BigDecimal[] levels = new BigDecimal[8];
            BigDecimal sum = BigDecimal.ZERO;
            for (int i = 0; i < 8; i++) {
                levels[i] = base.add(new BigDecimal(5 * i));
                sum = sum.add(levels[i]);
            }
            levels[0] = levels[0].add(total.subtract(sum));
            for (int i = 0; i < 8; i++) {
                try (var ps = holder.prepareStatement("UPDATE " + t.name() + " SET " + t.column()
                        + " = ? WHERE account_id = ?" + t.andMore() + " AND slot = ?")) {
                    ps.setBigDecimal(1, levels[i]);
                    ps.setLong(2, accountId);
                    ps.setInt(3, i);
                    assertEquals(1, ps.executeUpdate());
                }
            }
            Future<Boolean> debited = pool.submit(debit);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!blockedBy(holderPid, "UPDATE " + t.name() + " SET")) {
                assertTrue(System.nanoTime() < until, "the debit never waited for a slot of " + t.name());
                Thread.sleep(20);
            }
            holder.commit();
            assertTrue(debited.get(20, TimeUnit.SECONDS), "debited from " + t.name());
            List<String> moved = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                BigDecimal now = sql("SELECT " + t.column() + " FROM " + t.name() + " WHERE account_id = ?"
                        + t.andMore() + " AND slot = " + i, accountId);
                if (now.compareTo(levels[i]) != 0) {
                    moved.add("slot " + i + ": " + levels[i] + " -> " + now);
                    expected.add("slot " + i + ": " + levels[i] + " -> " + levels[i].subtract(new BigDecimal("25.00")));
                }
            }
            assertEquals(1, moved.size(), t.name() + ": one slot moved, the others as the holder left them: " + moved);
            assertEquals(expected, moved, t.name());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Whether some backend running a statement that contains {@code text} waits for a lock the backend {@code holder}
     * holds (not any lock wait: the workers' credits of other merchants run such statements too).
     */
    private boolean blockedBy(long holder, String text) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity "
                + "WHERE ?::int = ANY(pg_blocking_pids(pid)) AND strpos(query, ?) > 0")) {
            ps.setLong(1, holder);
            ps.setString(2, text);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) > 0;
            }
        }
    }

    private long pendingCollection(Merchant m) throws Exception {
        m.as().body(io.mizani.bootstrap.payment.PaymentFixtures.mpesa("payment", 40, "+254700000101",
                "http://127.0.0.1:9/none")).post("/api/global/payments").then().statusCode(200);
        return sql("SELECT max(id) FROM payments WHERE account_id = ?", m.accountId()).longValueExact();
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static Merchant platform(String walletBalance) {
        Merchant m = TestMerchants.onboard();
        TestMerchants.fund(m, walletBalance);
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        return m;
    }

    private static float pricingBalance(Merchant m) {
        return m.as().get("/api/v1/kyc/pricing").then().statusCode(200).extract().jsonPath().getFloat("balance");
    }

    private static io.restassured.response.Response adjust(long accountId, String amount, String reference) {
        var body = new HashMap<String, Object>();
        body.put("amount", new BigDecimal(amount));
        body.put("reference", reference);
        body.put("reason", "hot accounts test");
        return asOperator().body(body).post("/api/admin/accounts/" + accountId + "/balances/KES/adjustments");
    }

    private int slotsHolding(long accountId) throws Exception {
        return ((BigDecimal) sql("SELECT count(*)::numeric FROM service_wallet_slots WHERE account_id = ? AND balance > 0",
                accountId)).intValue();
    }

    private BigDecimal sql(String query, long accountId) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(query)) {
            ps.setLong(1, accountId);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getBigDecimal(1);
            }
        }
    }

    private static <T> List<T> race(List<Callable<T>> work) throws Exception {
        List<Callable<T>> shuffled = new ArrayList<>(work);
        Collections.shuffle(shuffled);
        ExecutorService pool = Executors.newFixedThreadPool(shuffled.size());
        List<T> out = new ArrayList<>();
        try {
            for (Future<T> f : pool.invokeAll(shuffled)) {
                out.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        return out;
    }

    private static Money kes(String amount) {
        return Money.of(new BigDecimal(amount), "KES");
    }
}
