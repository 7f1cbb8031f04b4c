package io.mizani.bootstrap.refund;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.refund.RefundFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * 50 concurrent partial refunds of 30 KES on one collection of 1,000 KES, over HTTP: the refundable amount is judged
 * under the collection's totals row lock, so exactly 33 are accepted (990) and 17 refused with the exact message;
 * the balance and the ledger are exact before and after the refunds settle.
 */
@QuarkusTest
class RefundRaceTest {

    @Test
    void fifty_concurrent_partial_refunds_never_exceed_the_collection() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        String order = succeededCollection(m, 1000, "http://127.0.0.1:9/none");
        TestMerchants.fundBalance(m, "KES", "5000"); // the balance is not what limits these refunds
        String otherOrder = succeededCollection(other, 1000, "http://127.0.0.1:9/none");

        List<Callable<Response>> calls = new ArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        for (int i = 0; i < 50; i++) {
            var body = body(order, refundRef(), 30);
            calls.add(() -> {
                go.await();
                return refund(m, body);
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(50);
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
        assertEquals(Map.of(200, 33L, 400, 17L), byStatus);
        for (Response r : responses) {
            if (r.statusCode() == 400) {
                assertEquals("invalid_argument", r.jsonPath().getString("error_code"));
                assertEquals("refund amount exceeds the refundable 10.00 KES", r.jsonPath().getString("error_message"));
            }
        }
        assertEquals("5010.00", available(m));
        // held until each refund settles (the sandbox answers after 300 ms, some may be consumed already)
        double held = Double.parseDouble(reserved(m));
        assertTrue(held <= 990.0 && Math.round(held * 100) % 3000 == 0, "reserved " + held);
        var accepted = responses.stream().filter(r -> r.statusCode() == 200)
                .map(r -> r.jsonPath().getString("refund.refund_reference")).toList();
        for (String ref : accepted) {
            assertEquals("succeeded", awaitFinal(m, ref));
        }
        assertEquals("5010.00", available(m));
        assertEquals("0.00", reserved(m));
        assertEquals(990.00f, transaction(m, order).getFloat("refunded_amount"));
        var entries = entries(m);
        assertEquals(35, entries.size()); // 33 reserves, the funding, the collection
        assertEquals(33, entries.stream().filter(e -> "refund_reserve".equals(e.get("type"))).count());
        BigDecimal sum = entries.stream().map(e -> new BigDecimal(e.get("amount").toString()))
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(0, sum.compareTo(new BigDecimal("5010.00")), "the ledger sums to the balance: " + sum);
        refund(m, body(order, refundRef(), new BigDecimal("10.01"))).then().statusCode(400);
        refund(m, body(order, refundRef(), new BigDecimal("10.00"))).then().statusCode(200);
        // the other merchant's collection is untouched
        assertEquals(0.00f, transaction(other, otherOrder).getFloat("refunded_amount"));
        assertEquals("1000.00", available(other));
    }
}
