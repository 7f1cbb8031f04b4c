package io.mizani.bootstrap.payout;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payout.PayoutFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Concurrent requests on one batch: an approval racing a cancellation (one wins, the other is refused, the money
 * agrees with the winner) and two admins approving at once (both answered processing, reserved once). The batch's
 * row lock decides; without it both would read awaiting_approval.
 */
@QuarkusTest
class PayoutBatchRaceTest {

    static final String NOWHERE = "http://127.0.0.1:9/none";

    static <T> List<T> together(List<Callable<T>> calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<T>> futures = calls.stream().map(c -> pool.submit(() -> {
                go.await();
                return c.call();
            })).toList();
            go.countDown();
            var out = new java.util.ArrayList<T>();
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void approval_racing_cancellation_one_wins() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "100000");
        TeamUser admin = addUser(m, "admin");
        int approvedWins = 0;
        int cancelWins = 0;
        float reserved = 0;
        for (int round = 0; round < 12; round++) {
            String ref = batchRef();
            m.as().body(batch(ref, NOWHERE, items(ref, 5, 100, "+254711000101"))).post("/api/global/payout-batches")
                    .then().statusCode(200);
            List<Response> r = together(List.of(
                    () -> admin.as().post("/api/global/payout-batches/" + ref + "/approve"),
                    () -> m.as().post("/api/global/payout-batches/" + ref + "/cancel")));
            int approve = r.get(0).statusCode();
            int cancel = r.get(1).statusCode();
            assertTrue((approve == 200) != (cancel == 200), "exactly one wins: approve " + approve + ", cancel " + cancel);
            assertEquals(400, approve == 200 ? cancel : approve);
            String status = m.as().get("/api/global/payout-batches/" + ref).then().statusCode(200).extract()
                    .jsonPath().getString("batch.status");
            if (approve == 200) {
                approvedWins++;
                reserved += 5 * 115f;
                assertEquals("processing", status);
            } else {
                cancelWins++;
                assertEquals("cancelled", status);
            }
            assertEquals(100000f - reserved, PayoutFixtures.available(m, "KES"), "round " + round);
        }
        assertEquals(12, approvedWins + cancelWins);
    }

    @Test
    void two_approvals_at_once_reserve_once() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "10000");
        TeamUser a = addUser(m, "admin");
        TeamUser b = addUser(m, "owner");
        for (int round = 0; round < 5; round++) {
            String ref = batchRef();
            m.as().body(batch(ref, NOWHERE, items(ref, 4, 100, "+254711000101"))).post("/api/global/payout-batches")
                    .then().statusCode(200);
            List<Response> r = together(List.of(
                    () -> a.as().post("/api/global/payout-batches/" + ref + "/approve"),
                    () -> b.as().post("/api/global/payout-batches/" + ref + "/approve"),
                    () -> a.as().post("/api/global/payout-batches/" + ref + "/approve")));
            for (Response x : r) {
                assertEquals(200, x.statusCode(), x.asString());
                assertEquals("processing", x.jsonPath().getString("batch.status"));
            }
            assertEquals(10000f - (round + 1) * 4 * 115f, PayoutFixtures.available(m, "KES"));
        }
    }
}
