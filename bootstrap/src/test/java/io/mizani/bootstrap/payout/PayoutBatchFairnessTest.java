package io.mizani.bootstrap.payout;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentFinaliser;
import io.mizani.application.payment.PaymentObserver;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.ProcessPayments;
import io.mizani.application.payment.RailRouter;
import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.payment.RetrySchedule;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static io.mizani.bootstrap.payout.PayoutFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Fair claiming between merchants (platform.md section 16, docs/architecture.md "Fair claiming"): merchant A's
 * 3,000-item payout batch is approved (3,000 withdrawals due at once), then merchant B starts single payments. B's
 * payments are final while most of A's batch is still open, on two replicas at once (the replica's own worker and a
 * second worker on the same database); A's batch then drains to completed, every item once, the balance exact.
 * Claiming oldest-due first instead, B's payments waited behind all 3,000 items and were final only when A's
 * batch had (almost) drained: this test fails on it. No timing is asserted beyond that ordering.
 */
@QuarkusTest
class PayoutBatchFairnessTest {

    static final int ITEMS = 3_000;
    static final int SINGLES = 5;

    @Inject
    PaymentStore store;
    @Inject
    RailRouter router;
    @Inject
    PaymentFinaliser finaliser;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    Clock clock;

    @Test
    void another_merchants_payments_are_final_while_a_batch_drains() throws Exception {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        assign(a, "mpesa_ke");
        assign(b, "mpesa_ke");
        TestMerchants.fundBalance(a, "KES", "400000");
        TeamUser admin = addUser(a, "admin");
        String ref = batchRef();

        // a second replica's payment worker on the same database, beside this replica's own
        ExecutorService settle = Executors.newFixedThreadPool(8);
        ExecutorService loop = Executors.newSingleThreadExecutor();
        AtomicBoolean running = new AtomicBoolean(true);
        ProcessPayments replica2 = new ProcessPayments(store, router, finaliser, unitOfWork, clock,
                Duration.ofSeconds(20), RetrySchedule.providerPolls(Duration.ofMillis(500)), 100, Duration.ofSeconds(8),
                PaymentObserver.NONE, settle);
        try (var callbacks = new CallbackReceiver()) {
            csvAs(a).queryParam("batch_reference", ref).queryParam("callback_url", callbacks.url("/a"))
                    .body(csv(ref, ITEMS, "100", "+254711000107")).post("/api/global/payout-batches")
                    .then().statusCode(200);
            loop.submit(() -> {
                while (running.get()) {
                    try {
                        if (replica2.runOnce() == 0) {
                            Thread.sleep(100);
                        }
                    } catch (InterruptedException e) {
                        return;
                    } catch (RuntimeException e) {
                        // a round that failed is the next round's to retry, as on a replica
                    }
                }
            });
            admin.as().post("/api/global/payout-batches/" + ref + "/approve").then().statusCode(200);

            // B's single payments, started right after A's 3,000 items became due
            Map<String, Instant> started = new LinkedHashMap<>();
            for (int i = 0; i < SINGLES; i++) {
                var body = mpesa("payment", 100, "+254700000123", callbacks.url("/b"));
                String mref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
                b.as().body(body).post("/api/global/payments").then().statusCode(200);
                started.put(mref, Instant.now());
            }
            Map<String, Duration> tookB = new LinkedHashMap<>();
            Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
            while (tookB.size() < SINGLES && Instant.now().isBefore(deadline)) {
                for (var s : started.entrySet()) {
                    if (!tookB.containsKey(s.getKey())) {
                        String status = b.as().body(Map.of("merchant_reference", s.getKey()))
                                .post("/api/global/transaction-status").then().statusCode(200).extract().jsonPath()
                                .getString("transaction.status");
                        if ("succeeded".equals(status) || "failed".equals(status)) {
                            tookB.put(s.getKey(), Duration.between(s.getValue(), Instant.now()));
                        }
                    }
                }
                Thread.sleep(50);
            }
            Map<String, Integer> countsThen = counts(a, ref);
            int openThen = countsThen.get("queued") + countsThen.get("pending");
            assertEquals(SINGLES, tookB.size(), "B's payments final: " + tookB + "; A's batch then " + countsThen);
            assertTrue(openThen > ITEMS / 2, "B's payments (" + tookB + ") were final only once A's batch had drained"
                    + " to " + countsThen + ": they waited behind A's items");

            JsonPath done = null;
            deadline = Instant.now().plus(Duration.ofMinutes(3));
            while (Instant.now().isBefore(deadline)) {
                done = a.as().get("/api/global/payout-batches/" + ref).then().statusCode(200).extract().jsonPath();
                if ("completed".equals(done.getString("batch.status"))) {
                    break;
                }
                Thread.sleep(500);
            }
            assertEquals("completed", done.getString("batch.status"), done.prettify());
            assertEquals(Map.of("queued", 0, "pending", 0, "succeeded", ITEMS, "failed", 0), done.getMap("batch.counts"));
            assertEquals(400_000f - ITEMS * 115f, PayoutFixtures.available(a, "KES"), "each item paid once");
            assertEquals(0f, PayoutFixtures.reserved(a, "KES"));
        } finally {
            running.set(false);
            loop.shutdown();
            assertTrue(loop.awaitTermination(30, TimeUnit.SECONDS));
            settle.shutdown();
        }
    }

    static Map<String, Integer> counts(Merchant m, String ref) {
        Map<String, Integer> out = new LinkedHashMap<>();
        m.as().get("/api/global/payout-batches/" + ref).then().statusCode(200).extract().jsonPath()
                .getMap("batch.counts").forEach((k, v) -> out.put((String) k, ((Number) v).intValue()));
        return out;
    }
}
