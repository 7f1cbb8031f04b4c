package io.mizani.bootstrap.payment;

import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentStore;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.payment.PaymentStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * 40 concurrent withdrawals over HTTP on a balance that covers exactly 5: the reservation is one conditional UPDATE
 * in the acceptance transaction, so 5 are accepted, 35 refused with the exact message, and available ends at 0.
 * (bench/money.sh runs the same race across two service processes sharing one database.)
 */
@QuarkusTest
class WithdrawalRaceTest {

    @Inject
    PaymentFunds funds;
    @Inject
    PaymentStore store;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    javax.sql.DataSource dataSource;

    @Test
    void forty_concurrent_withdrawals_on_a_balance_for_five_accept_exactly_five() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "575.00"); // 5 × (100 + 15 fee)
        TestMerchants.fundBalance(other, "KES", "10000");
        List<Callable<Response>> calls = new ArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        for (int i = 0; i < 40; i++) {
            var body = mpesa("withdrawal", 100, "+254700000101", "http://127.0.0.1:9/none"); // stays pending
            calls.add(() -> {
                go.await();
                return m.as().body(body).post("/api/global/payments");
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(40);
        List<Response> responses = new ArrayList<>();
        try {
            var futures = calls.stream().map(pool::submit).toList();
            go.countDown();
            for (var f : futures) {
                responses.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        Map<Integer, Long> byStatus = responses.stream()
                .collect(Collectors.groupingBy(Response::statusCode, Collectors.counting()));
        assertEquals(Map.of(200, 5L, 400, 35L), byStatus);
        for (Response r : responses) {
            if (r.statusCode() == 400) {
                assertEquals("insufficient_balance", r.jsonPath().getString("error_code"));
                assertTrue(r.jsonPath().getString("error_message").matches(
                        "insufficient balance: \\d+\\.\\d{2} KES available, 115\\.00 needed"), r.asString());
            }
        }
        var b = BalancesApiTest.balance(m, "KES");
        assertEquals(0f, ((Number) b.get("available")).floatValue());
        assertEquals(575f, ((Number) b.get("reserved")).floatValue());
        var entries = BalancesApiTest.entries(m, "KES");
        assertEquals(6, entries.size());
        assertEquals(5, entries.stream().filter(e -> "withdrawal_reserve".equals(e.get("type"))).count());
        // concurrent reservations on the sub-balance rows: each entry's available_after is the total as its own
        // transaction saw it (docs/balances.md "The hot row"), never below zero, never above what was left before it,
        // and always a whole number of reservations; exact for sequential movements (HotAccountsTest)
        for (var e : entries.subList(0, 5)) {
            float after = ((Number) e.get("available_after")).floatValue();
            assertTrue(after >= 0f && after <= 460f && after % 115f == 0f, "available_after " + after);
        }
        assertEquals(10000f, BalancesApiTest.available(other, "KES"));

        // every accepted one failing at once, each finalised twice from racing workers: all 575 back, once
        List<String> accepted = new ArrayList<>();
        for (var e : entries.subList(0, 5)) {
            accepted.add((String) e.get("transaction_reference"));
        }
        ExecutorService workers = Executors.newFixedThreadPool(10);
        try {
            List<Callable<Void>> settle = new ArrayList<>();
            for (String reference : accepted) {
                var p = store.findById(idOf(m, reference)).orElseThrow();
                for (int k = 0; k < 2; k++) {
                    settle.add(() -> {
                        unitOfWork.inNewTransaction(() -> {
                            funds.onFinal(p, PaymentStatus.FAILED);
                            return null;
                        });
                        return null;
                    });
                }
            }
            for (var f : workers.invokeAll(settle)) {
                f.get();
            }
        } finally {
            workers.shutdownNow();
        }
        b = BalancesApiTest.balance(m, "KES");
        assertEquals(575f, ((Number) b.get("available")).floatValue());
        assertEquals(0f, ((Number) b.get("reserved")).floatValue());
        assertEquals(11, BalancesApiTest.entries(m, "KES").size());
    }

    private long idOf(Merchant m, String reference) throws java.sql.SQLException {
        try (var c = dataSource.getConnection();
             var ps = c.prepareStatement("SELECT id FROM payments WHERE reference = ? AND account_id = ?")) {
            ps.setString(1, reference);
            ps.setLong(2, m.accountId());
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return rs.getLong(1);
            }
        }
    }
}
