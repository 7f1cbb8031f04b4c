package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.DrivenWorkers;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentFinaliser;
import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.ProcessPayments;
import io.mizani.application.payment.RailOutcome;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.RetrySchedule;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Workers against the real PostgreSQL: per-payment leases, submit-once, the pending deadline and the checkout
 * expiry job. This profile switches the replica's own workers off so the test drives workers itself (and counts
 * every rail call), with a 2-second checkout TTL and pending deadline.
 */
@QuarkusTest
@TestProfile(DrivenWorkers.class)
class PaymentLeaseTest {

    @Inject
    io.mizani.adapter.persistence.common.SealedText sealed;

    @Inject
    PaymentStore store;
    @Inject
    PaymentFinaliser finaliser;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    Clock clock;
    @Inject
    ProcessPayments realWorker;
    @Inject
    DataSource dataSource;

    static final RetrySchedule POLL = new RetrySchedule(Duration.ofMillis(200), Duration.ofSeconds(1), Integer.MAX_VALUE);

    /** A rail that counts every call per payment of ours and takes {@code callMillis} to answer. */
    static final class CountingRail implements PaymentRail {
        final Set<String> mine = ConcurrentHashMap.newKeySet();
        final Map<String, List<String>> calls = new ConcurrentHashMap<>();
        final long callMillis;
        volatile RailOutcome initiateAnswer;

        CountingRail(long callMillis) {
            this.callMillis = callMillis;
        }

        RailOutcome call(Payment p, String what) {
            if (!mine.contains(p.reference().value())) {
                return new RailOutcome.NoAnswer("not a payment of this test");
            }
            calls.computeIfAbsent(p.reference().value(), k -> new CopyOnWriteArrayList<>()).add(what);
            PaymentsApiTest.sleep(callMillis);
            if ("initiate".equals(what) && initiateAnswer != null) {
                return initiateAnswer;
            }
            return new RailOutcome.Submitted("stub-" + p.reference().value(), null);
        }

        @Override
        public RailOutcome initiate(Payment p) {
            return call(p, "initiate");
        }

        @Override
        public RailOutcome query(Payment p) {
            return call(p, "query");
        }
    }

    ProcessPayments worker(CountingRail rail, Duration lease) {
        return new ProcessPayments(store, p -> rail, finaliser, unitOfWork, clock, lease, POLL, 100,
                Duration.ofMinutes(15));
    }

    static JsonPath transaction(Merchant m, String ref) {
        return m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath();
    }

    /** Accepts {@code n} M-Pesa collections; returns merchant reference → service reference. */
    static Map<String, String> accept(Merchant m, int n, String account) {
        Map<String, String> refs = new ConcurrentHashMap<>();
        for (int i = 0; i < n; i++) {
            var body = mpesa("payment", 100, account, "http://127.0.0.1:9/none");
            String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            refs.put(ref, transaction(m, ref).getString("transaction.reference"));
        }
        return refs;
    }

    int callbacks(String reference, String type, String failureReason) throws Exception {
        // bodies are sealed at rest: open them as the delivery worker does, then look for the failure reason
        String wanted = "\"failure_reason\":" + (failureReason == null ? "null" : "\"" + failureReason + "\"");
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("""
                SELECT cb.body FROM events cb JOIN payments p ON p.id = cb.payment_id
                WHERE p.reference = ? AND cb.event_type = ?""")) {
            ps.setString(1, reference);
            ps.setString(2, type);
            int n = 0;
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (sealed.open(rs.getString(1)).contains(wanted)) {
                        n++;
                    }
                }
            }
            return n;
        }
    }

    @Test
    void two_workers_on_one_database_never_call_the_rail_twice_for_one_payment() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> refs = accept(m, 24, "+254700000123");
        CountingRail rail = new CountingRail(150);
        rail.mine.addAll(refs.values());
        // each call takes 150 ms, each lease 1 s: a whole round of 24 payments (3.6 s) far outlasts one lease
        List<ProcessPayments> workers = List.of(worker(rail, Duration.ofSeconds(1)), worker(rail, Duration.ofSeconds(1)));
        var pool = Executors.newFixedThreadPool(2);
        long until = System.nanoTime() + Duration.ofSeconds(6).toNanos();
        AtomicInteger rounds = new AtomicInteger();
        for (ProcessPayments w : workers) {
            pool.submit(() -> {
                while (System.nanoTime() < until) {
                    w.runOnce();
                    rounds.incrementAndGet();
                    PaymentsApiTest.sleep(20);
                }
            });
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        assertEquals(refs.size(), rail.calls.size(), "every payment was sent: " + rail.calls.keySet().size());
        rail.calls.forEach((reference, calls) -> assertEquals(List.of("initiate"), calls, reference + " called " + calls));
        for (String ref : refs.keySet()) {
            JsonPath t = transaction(m, ref);
            assertEquals("pending", t.getString("transaction.status"));
            assertEquals("stub-" + refs.get(ref), t.getString("transaction.provider_reference"));
            other.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status").then().statusCode(404);
        }
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(
                "SELECT count(*) FROM payments WHERE account_id = ? AND (claimed_by IS NOT NULL OR submitted_at IS NULL)")) {
            ps.setLong(1, m.accountId());
            try (var rs = ps.executeQuery()) {
                rs.next();
                assertEquals(0, rs.getInt(1), "every lease given back, every payment marked submitted");
            }
        }
    }

    @Test
    void a_payment_whose_first_answer_was_lost_is_queried_never_sent_again() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        var lost = accept(m, 1, "+254700000123").entrySet().iterator().next();
        CountingRail rail = new CountingRail(0);
        rail.mine.add(lost.getValue());
        rail.initiateAnswer = new RailOutcome.NoAnswer("connection reset after the request was sent");
        ProcessPayments w = worker(rail, Duration.ofSeconds(1));
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < until && rail.calls.getOrDefault(lost.getValue(), List.of()).size() < 2) {
            w.runOnce();
            PaymentsApiTest.sleep(50);
        }
        PaymentsApiTest.sleep(500);
        w.runOnce();
        // the answer to the query (submitted, wait for the provider) ends the polling: one send, one question
        assertEquals(List.of("initiate", "query"), rail.calls.get(lost.getValue()));
        assertEquals("pending", transaction(m, lost.getKey()).getString("transaction.status"));

        // a worker claims another payment and dies before calling anyone: after its lease, it is only queried
        var orphaned = accept(m, 1, "+254700000123").entrySet().iterator().next();
        rail.mine.add(orphaned.getValue());
        String dead = "dead-worker";
        Payment claimed = null;
        for (int i = 0; i < 50 && claimed == null; i++) {
            var c = unitOfWork.inTransaction(() -> store.claimNext(clock.instant(), Duration.ofSeconds(1), dead));
            if (c.isPresent() && c.get().payment().reference().value().equals(orphaned.getValue())) {
                claimed = c.get().payment();
            }
        }
        assertNotNull(claimed);
        w.runOnce();
        assertNull(rail.calls.get(orphaned.getValue()), "leased to another worker: left alone");
        PaymentsApiTest.sleep(1100);
        long until2 = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < until2 && rail.calls.get(orphaned.getValue()) == null) {
            w.runOnce();
            PaymentsApiTest.sleep(50);
        }
        assertEquals(List.of("query"), rail.calls.get(orphaned.getValue()));
    }

    @Test
    void a_payment_inserted_leased_to_a_worker_that_never_took_it_is_left_alone_until_the_lease_ends_then_only_queried()
            throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        // a payment of m as acceptance writes it, inserted the way a hand-off inserts it (PaymentHandOff): leased
        // to a worker that dies before its round takes it
        var model = accept(m, 1, "+254700000123").entrySet().iterator().next();
        Payment like = store.findByMerchantReference(m.accountId(), model.getKey()).orElseThrow();
        String merchantReference = ref();
        java.time.Instant now = clock.instant();
        Payment draft = Payment.accepted(like.accountId(), new Payment.References(
                        io.mizani.domain.payment.PaymentReference.of(io.mizani.application.payment.Tokens.paymentReference()),
                        merchantReference, null), like.routing(), like.amounts(), like.beneficiary(), like.customer(),
                like.instructions(), now);
        Payment handed = unitOfWork.inTransaction(() -> store.insertLeased(draft, now,
                new PaymentStore.Lease("dead-worker", now.plusSeconds(1))));
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("""
                SELECT claimed_by, claimed_until = next_check_at AS due_when_lease_ends, submitted_at IS NOT NULL
                FROM payments WHERE id = ?""")) {
            ps.setLong(1, handed.id());
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("dead-worker", rs.getString(1));
                assertTrue(rs.getBoolean(2), "due again when the lease ends");
                assertTrue(rs.getBoolean(3), "marked submitted, as a claim marks it");
            }
        }
        // the merchant reads it as any accepted payment; another merchant does not find it
        assertEquals("queued", transaction(m, merchantReference).getString("transaction.status"));
        other.as().body(Map.of("merchant_reference", merchantReference)).post("/api/global/transaction-status")
                .then().statusCode(404);

        CountingRail rail = new CountingRail(0);
        rail.mine.add(handed.reference().value());
        ProcessPayments w = worker(rail, Duration.ofSeconds(1));
        w.runOnce();
        assertNull(rail.calls.get(handed.reference().value()), "leased to another worker: left alone");
        PaymentsApiTest.sleep(1100);
        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < until && rail.calls.get(handed.reference().value()) == null) {
            w.runOnce();
            PaymentsApiTest.sleep(50);
        }
        assertEquals(List.of("query"), rail.calls.get(handed.reference().value()),
                "it may have been sent before the worker died: asked, never sent again");
    }

    @Test
    void sandbox_payment_without_answer_is_failed_after_the_deadline_by_the_status_lookup_and_called_back()
            throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> refs = accept(m, 1, "+254700000101");
        String ref = refs.keySet().iterator().next();
        long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < until && !"failed".equals(transaction(m, ref).getString("transaction.status"))) {
            realWorker.runOnce();
            PaymentsApiTest.sleep(100);
        }
        JsonPath t = transaction(m, ref);
        assertEquals("failed", t.getString("transaction.status"));
        assertEquals("no answer from the provider before the deadline", t.getString("transaction.failure_reason"));
        assertEquals(1, callbacks(refs.get(ref), "transaction.failed", "no answer from the provider before the deadline"));
    }

    @Test
    void an_abandoned_checkout_is_expired_by_the_worker_without_anyone_opening_the_page() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke");
        var body = CardCheckoutBrowserTest.cardPayment("https://shop.example/back", "http://127.0.0.1:9/none");
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        String url = m.as().body(body).post("/api/global/payments").then().statusCode(200).extract().jsonPath()
                .getString("checkout_url");
        String reference = transaction(m, ref).getString("transaction.reference");
        realWorker.runOnce();
        assertEquals("pending", transaction(m, ref).getString("transaction.status"));
        long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < until && !"failed".equals(transaction(m, ref).getString("transaction.status"))) {
            realWorker.runOnce();
            PaymentsApiTest.sleep(100);
        }
        JsonPath t = transaction(m, ref);
        assertEquals("failed", t.getString("transaction.status"));
        assertEquals("checkout expired", t.getString("transaction.failure_reason"));
        assertEquals(1, callbacks(reference, "transaction.failed", "checkout expired"));
        String path = URI.create(url).getPath();
        given().get(path).then().statusCode(200).body(containsString("This payment failed."))
                .body(containsString("The checkout expired before a card was approved."))
                .body(containsString("href=\"https://shop.example/back?merchant_reference=" + ref + "&amp;status=failed\""));
        var paid = given().redirects().follow(false).formParam("card_number", "4242424242424242").post(path);
        paid.then().statusCode(303);
        assertEquals("https://shop.example/back?merchant_reference=" + ref + "&status=failed", paid.header("Location"));
        assertEquals(1, callbacks(reference, "transaction.failed", "checkout expired"));
    }

    @Test
    void a_checkout_opened_after_its_expiry_fails_on_the_spot_and_the_payer_is_sent_back() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke");
        var body = CardCheckoutBrowserTest.cardPayment("https://shop.example/back", "http://127.0.0.1:9/none");
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        String url = m.as().body(body).post("/api/global/payments").then().statusCode(200).extract().jsonPath()
                .getString("checkout_url");
        PaymentsApiTest.sleep(2100);
        var paid = given().redirects().follow(false).formParam("card_number", "4242424242424242").post(URI.create(url).getPath());
        paid.then().statusCode(303);
        assertEquals("https://shop.example/back?merchant_reference=" + ref + "&status=failed", paid.header("Location"));
        JsonPath t = transaction(m, ref);
        assertEquals("failed", t.getString("transaction.status"));
        assertEquals("checkout expired", t.getString("transaction.failure_reason"));
        assertEquals(1, callbacks(t.getString("transaction.reference"), "transaction.failed", "checkout expired"));
    }
}
