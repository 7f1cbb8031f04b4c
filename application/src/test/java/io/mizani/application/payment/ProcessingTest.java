package io.mizani.application.payment;

import io.mizani.application.balance.OpenFunds;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.common.Choice;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RetrySchedule;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.*;

class ProcessingTest {

    Fakes.MutableClock clock = new Fakes.MutableClock();
    Fakes.Catalogue catalogue = new Fakes.Catalogue();
    Fakes.Store store = new Fakes.Store(clock);
    Fakes.Counterparties counterparties = new Fakes.Counterparties();
    Fakes.Outbox outbox = new Fakes.Outbox();
    StartPayment start = new StartPaymentService(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT, clock,
            OpenFunds.create());
    PaymentFinaliser finaliser = new PaymentFinaliser(store, counterparties, outbox, OpenFunds.create(),
            PaymentObserver.NONE);
    Deque<RailOutcome> script = new ArrayDeque<>();
    List<String> calls = new ArrayList<>();
    PaymentRail rail = new PaymentRail() {
        @Override
        public RailOutcome initiate(Payment p) {
            calls.add("initiate");
            return script.pop();
        }

        @Override
        public RailOutcome query(Payment p) {
            calls.add("query");
            return script.pop();
        }

        @Override
        public RailOutcome resolveOverdue(Payment p) {
            calls.add("resolve");
            return script.pop();
        }
    };
    static final Duration DEADLINE = Duration.ofMinutes(15);
    ProcessPayments worker = newWorker();

    ProcessPayments newWorker() {
        return new ProcessPayments(store, p -> rail, finaliser, Fakes.DIRECT, clock, Duration.ofSeconds(30),
                new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Integer.MAX_VALUE), 10, DEADLINE);
    }

    Payment accept(String amount, UUID beneficiary) {
        catalogue.assigned.put(1L, Set.of("mpesa_ke"));
        var customer = beneficiary == null ? StartPaymentTest.inline() : StartPaymentTest.byRef(beneficiary);
        var cmd = new StartPaymentCommand(1, new StartPaymentCommand.Order(Choice.of(RequestType.PAYMENT), "momo", "mpesa_ke", new BigDecimal(amount), "KES", "KE", null),
                customer, new StartPaymentCommand.ProviderConfig("mpesa", "mpesa_ke", "MPESA", "MPESA", "momo", null),
                new StartPaymentCommand.PaymentConfig("r-" + UUID.randomUUID(), "254700000123", null, null,
                        "https://m.example/cb", null));
        return start.start(cmd).payment();
    }

    @Test
    void submitted_then_succeeded_writes_one_callback() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.Submitted("prov-1", Duration.ofSeconds(2)));
        assertEquals(1, worker.runOnce());
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status());
        assertEquals(0, worker.runOnce(), "not due before the settle delay");
        clock.advance(Duration.ofSeconds(2));
        script.add(new RailOutcome.Succeeded("prov-1"));
        assertEquals(1, worker.runOnce());
        Payment done = store.rows.get(p.id());
        assertEquals(PaymentStatus.SUCCEEDED, done.status());
        assertNotNull(done.times().completedAt());
        assertEquals(1, outbox.rows.size());
        var cb = outbox.rows.values().iterator().next();
        assertEquals("transaction.succeeded", cb.eventType());
        assertTrue(cb.body().startsWith("{\"type\":\"transaction.succeeded\",\"timestamp\":"));
        assertTrue(cb.body().contains("\"status\":\"succeeded\""));
        assertEquals(List.of("initiate", "query"), calls);
        assertEquals(0, worker.runOnce());
    }

    @Test
    void timeout_is_not_a_failure_payment_stays_pending_and_is_queried_later() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.NoAnswer("timeout"));
        worker.runOnce();
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status());
        assertTrue(outbox.rows.isEmpty());
        clock.advance(Duration.ofSeconds(5));
        script.add(new RailOutcome.NoAnswer("timeout again"));
        assertEquals(1, worker.runOnce());
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status());
        clock.advance(Duration.ofSeconds(5));
        assertEquals(0, worker.runOnce(), "back-off doubled");
        // a merchant status query is answered from what is stored and does not pull a query due within 5 s
        var status = new TransactionStatusService(store, clock);
        assertEquals("pending", status.find(1, p.references().merchantReference()).status());
        assertEquals(0, worker.runOnce());
        clock.advance(Duration.ofSeconds(5));
        script.add(new RailOutcome.Declined("prov", "insufficient funds"));
        assertEquals(1, worker.runOnce());
        assertEquals(PaymentStatus.FAILED, store.rows.get(p.id()).status());
        assertEquals("insufficient funds", store.rows.get(p.id()).outcome().failureReason());
    }

    @Test
    void status_query_brings_a_far_provider_query_forward() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.Submitted("prov", Duration.ofMinutes(10)));
        worker.runOnce();
        assertEquals(0, worker.runOnce());
        assertEquals("pending", new TransactionStatusService(store, clock).find(1, p.references().merchantReference()).status());
        script.add(new RailOutcome.Succeeded("prov"));
        assertEquals(1, worker.runOnce());
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
    }

    @Test
    void rail_exception_counts_as_no_answer() {
        Payment p = accept("100", null);
        // empty script: pop() throws
        worker.runOnce();
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status());
    }

    @Test
    void a_payment_whose_final_write_fails_does_not_cost_the_rest_of_its_round_their_outcomes() {
        Payment a = accept("100", null);
        Payment b = accept("100", null);
        PaymentRail byPayment = new PaymentRail() {
            @Override
            public RailOutcome initiate(Payment p) {
                return p.id() == a.id() ? new RailOutcome.Succeeded("a") : new RailOutcome.Submitted("b", Duration.ofSeconds(2));
            }

            @Override
            public RailOutcome query(Payment p) {
                return initiate(p);
            }
        };
        Fakes.Outbox down = new Fakes.Outbox() {
            @Override
            public void enqueue(NewCallback callback) {
                throw new IllegalStateException("database went away");
            }
        };
        ProcessPayments w = new ProcessPayments(store, p -> byPayment, new PaymentFinaliser(store, counterparties, down,
                OpenFunds.create(), PaymentObserver.NONE),
                Fakes.DIRECT, clock, Duration.ofSeconds(30),
                new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Integer.MAX_VALUE), 10, DEADLINE);
        var failure = assertThrows(IllegalStateException.class, w::runOnce, "the round reports the failure");
        assertEquals("database went away", failure.getMessage());
        assertEquals(PaymentStatus.PENDING, store.rows.get(b.id()).status(), "b's outcome written all the same");
        assertEquals("b", store.rows.get(b.id()).outcome().providerReference());
        assertFalse(store.claimedBy.containsKey(b.id()), "and its lease given back");
    }

    /**
     * A unit of work that counts the transactions it starts and holds the first {@code held} started on a settle thread
     * (the writers at work) before they begin, each until {@link #letOneGo}.
     */
    static final class HeldWrites implements io.mizani.application.common.UnitOfWork {
        final java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.CountDownLatch allHeld;
        private final java.util.concurrent.Semaphore letGo = new java.util.concurrent.Semaphore(0);
        private final java.util.concurrent.atomic.AtomicInteger toHold;

        HeldWrites(int held) {
            allHeld = new java.util.concurrent.CountDownLatch(held);
            toHold = new java.util.concurrent.atomic.AtomicInteger(held);
        }

        void letOneGo() {
            letGo.release();
        }

        @Override
        public <T> T inTransaction(java.util.function.Supplier<T> work) {
            if (Thread.currentThread().getName().startsWith("settle") && toHold.getAndDecrement() > 0) {
                allHeld.countDown();
                letGo.acquireUninterruptibly();
            }
            started.incrementAndGet();
            return work.get();
        }

        @Override
        public <T> T inNewTransaction(java.util.function.Supplier<T> work) {
            return inTransaction(work);
        }
    }

    @Test
    void answers_that_pile_up_while_the_writers_are_busy_are_written_together_a_declined_one_alone() throws Exception {
        // quick answers occupy every writer (their writes held); four more come in meanwhile and pile up
        List<Payment> quick = new ArrayList<>();
        for (int i = 0; i < ProcessPayments.FINAL_WRITERS; i++) {
            quick.add(accept("100", null));
        }
        List<Payment> piled = List.of(accept("100", null), accept("100", null), accept("100", null),
                accept("100", null));
        Payment declined = piled.get(3);
        HeldWrites transactions = new HeldWrites(ProcessPayments.FINAL_WRITERS);
        PaymentRail answers = new PaymentRail() {
            @Override
            public RailOutcome initiate(Payment p) {
                if (!quick.contains(p)) {
                    try {
                        transactions.allHeld.await(10, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return p.id() == declined.id() ? new RailOutcome.Declined("x", "insufficient funds")
                        : new RailOutcome.Succeeded("ok-" + p.id());
            }

            @Override
            public RailOutcome query(Payment p) {
                return initiate(p);
            }
        };
        java.util.concurrent.atomic.AtomicInteger threads = new java.util.concurrent.atomic.AtomicInteger();
        var calls = java.util.concurrent.Executors.newFixedThreadPool(quick.size() + piled.size(),
                r -> new Thread(r, "settle-" + threads.incrementAndGet()));
        java.util.concurrent.Semaphore callsDone = new java.util.concurrent.Semaphore(0);
        var roundThread = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            ProcessPayments w = new ProcessPayments(store, p -> answers, finaliser, transactions, clock,
                    Duration.ofSeconds(30), new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1),
                    Integer.MAX_VALUE), 10, DEADLINE, PaymentObserver.NONE, r -> calls.execute(() -> {
                        r.run();
                        callsDone.release();
                    }));
            var round = roundThread.submit(w::runOnce);
            // the four piled-up answers left to the writers at work, their calls done
            assertTrue(callsDone.tryAcquire(4, 10, java.util.concurrent.TimeUnit.SECONDS));
            transactions.letOneGo(); // one writer: its own answer, then all that piled up
            assertTrue(callsDone.tryAcquire(1, 10, java.util.concurrent.TimeUnit.SECONDS));
            for (Payment p : piled) {
                assertEquals(p == declined ? PaymentStatus.FAILED : PaymentStatus.SUCCEEDED,
                        store.rows.get(p.id()).status(), "written by the writer that was let go");
            }
            for (int i = 1; i < ProcessPayments.FINAL_WRITERS; i++) {
                transactions.letOneGo(); // the other writers: their own answers only, nothing waits any more
            }
            assertEquals(quick.size() + piled.size(), round.get(10, java.util.concurrent.TimeUnit.SECONDS));
        } finally {
            for (int i = 0; i < ProcessPayments.FINAL_WRITERS; i++) {
                transactions.letOneGo();
            }
            calls.shutdownNow();
            roundThread.shutdownNow();
        }
        for (Payment p : quick) {
            assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
        }
        assertEquals(quick.size() + piled.size(), outbox.rows.size(), "each payment called back once");
        // the claim, each quick answer's own, the three piled-up succeeded collections together, the declined one
        assertEquals(1 + ProcessPayments.FINAL_WRITERS + 2, transactions.started.get());
    }

    @Test
    void a_slow_call_does_not_hold_back_the_final_write_of_a_payment_answered_before_it() throws Exception {
        Payment slow = accept("100", null);
        Payment quick = accept("100", null);
        java.util.concurrent.CountDownLatch answer = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch quickFinished = new java.util.concurrent.CountDownLatch(1);
        PaymentRail rail = new PaymentRail() {
            @Override
            public RailOutcome initiate(Payment p) {
                if (p.id() == slow.id()) {
                    try {
                        answer.await(10, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return new RailOutcome.Succeeded("ok-" + p.id());
            }

            @Override
            public RailOutcome query(Payment p) {
                return initiate(p);
            }
        };
        PaymentObserver seen = new PaymentObserver() {
            @Override
            public Scope processing(Payment payment) {
                return () -> { };
            }

            @Override
            public void finished(Payment payment, PaymentStatus status, java.time.Instant at) {
                if (payment.id() == quick.id()) {
                    quickFinished.countDown();
                }
            }
        };
        var calls = java.util.concurrent.Executors.newFixedThreadPool(2);
        var roundThread = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            ProcessPayments w = new ProcessPayments(store, p -> rail, new PaymentFinaliser(store, counterparties,
                    outbox, OpenFunds.create(), seen), Fakes.DIRECT, clock, Duration.ofSeconds(30),
                    new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Integer.MAX_VALUE), 10, DEADLINE,
                    seen, calls);
            var round = roundThread.submit(w::runOnce);
            assertTrue(quickFinished.await(5, java.util.concurrent.TimeUnit.SECONDS),
                    "the quick payment's final write did not wait for the slow call");
            assertFalse(round.isDone(), "the slow call is still out");
            answer.countDown();
            assertEquals(2, round.get(10, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(slow.id()).status());
        } finally {
            answer.countDown();
            calls.shutdownNow();
            roundThread.shutdownNow();
        }
    }

    @Test
    void failed_tier0_payment_releases_its_count() {
        UUID b = UUID.randomUUID();
        counterparties.book.put(b, StartPaymentTest.cp(9, b, "tier_0", true, null));
        accept("1290", b);
        assertEquals(new BigDecimal("10.00"), counterparties.lifetime.get(9L));
        script.add(new RailOutcome.Declined("x", "declined"));
        worker.runOnce();
        assertEquals(0, counterparties.lifetime.get(9L).signum());
        assertEquals("transaction.failed", outbox.rows.values().iterator().next().eventType());
    }

    CardCheckout.Brand brand = new CardCheckout.Brand("Acme Shop", null, "#112233", "Thanks!");
    CardCheckout checkout = new CardCheckoutService(store, finaliser, Fakes.DIRECT, clock, true, Duration.ofMinutes(30),
            id -> java.util.Optional.of(brand));

    CheckoutStarted card(String ref) {
        catalogue.assigned.put(1L, Set.of("card_ke"));
        var cmd = new StartPaymentCommand(1, new StartPaymentCommand.Order(Choice.of(RequestType.PAYMENT), "card", "card_ke", new BigDecimal("100"), "KES", "KE", null),
                StartPaymentTest.inline(), new StartPaymentCommand.ProviderConfig("card", "card_ke", "CARD", "CARD", "card", null),
                new StartPaymentCommand.PaymentConfig(ref, "n/a", null, null, "https://m.example/cb",
                        "https://m.example/back?x=1"));
        var a = start.start(cmd);
        return new CheckoutStarted(a.payment(), a.checkoutToken());
    }

    record CheckoutStarted(Payment payment, String token) {
    }

    @Test
    void a_card_entry_a_real_form_would_refuse_sends_nothing_and_names_what_is_wrong() {
        var a = card("ord-form");
        var typo = checkout.pay(a.token(), "4242 4242 4242 4241");
        assertEquals(CardCheckout.Result.INVALID_CARD, typo.result());
        assertEquals(io.mizani.domain.payment.CardEntry.INVALID_NUMBER, typo.message());
        assertNull(typo.redirectTo(), "the payer stays on the page");
        var expired = checkout.pay(a.token(), new io.mizani.domain.payment.CardEntry("4242424242424242", "01/20", "12"));
        assertEquals(CardCheckout.Result.INVALID_CARD, expired.result());
        assertEquals(io.mizani.domain.payment.CardEntry.EXPIRED + " " + io.mizani.domain.payment.CardEntry.INVALID_CODE_3,
                expired.message());
        assertEquals(PaymentStatus.QUEUED, store.rows.get(a.payment().id()).status(), "nothing was sent");
        assertTrue(outbox.rows.isEmpty());
        var paid = checkout.pay(a.token(), new io.mizani.domain.payment.CardEntry("4242424242424242", "12/34", "123"));
        assertEquals(CardCheckout.Result.SUCCEEDED, paid.result());
    }

    @Test
    void declined_card_keeps_the_payment_pending_and_another_card_succeeds() {
        var a = card("ord-1");
        assertEquals(CardCheckout.Result.UNKNOWN_CARD, checkout.pay(a.token(), "5555 5555 5555 4444").result());
        var declined = checkout.pay(a.token(), "4000 0000 0000 0002");
        assertEquals(CardCheckout.Result.DECLINED, declined.result());
        assertNull(declined.redirectTo(), "the payer stays on the page");
        assertEquals(PaymentStatus.PENDING, store.rows.get(a.payment().id()).status());
        assertTrue(outbox.rows.isEmpty(), "no callback for a declined card");
        assertEquals(brand, declined.page().brand());
        var approved = checkout.pay(a.token(), "4242 4242 4242 4242");
        assertEquals(CardCheckout.Result.SUCCEEDED, approved.result());
        assertEquals("https://m.example/back?x=1&merchant_reference=ord-1&status=succeeded", approved.redirectTo());
        assertEquals(CardCheckout.Result.ALREADY_COMPLETED, checkout.pay(a.token(), "4242424242424242").result());
        assertEquals("This payment has already succeeded.", checkout.cancel(a.token()).message());
        assertEquals(1, outbox.rows.size());
        assertEquals("transaction.succeeded", outbox.rows.values().iterator().next().eventType());
    }

    @Test
    void payer_cancels_the_payment_fails_is_called_back_and_returns_to_the_merchant() {
        var a = card("ord-c");
        var cancelled = checkout.cancel(a.token());
        assertEquals(CardCheckout.Result.CANCELLED, cancelled.result());
        assertEquals("https://m.example/back?x=1&merchant_reference=ord-c&status=failed", cancelled.redirectTo());
        Payment p = store.rows.get(a.payment().id());
        assertEquals(PaymentStatus.FAILED, p.status());
        assertEquals("cancelled by the payer", p.outcome().failureReason());
        var cb = outbox.rows.values().iterator().next();
        assertEquals("transaction.failed", cb.eventType());
        assertTrue(cb.body().contains("\"failure_reason\":\"cancelled by the payer\""), cb.body());
        assertEquals(CardCheckout.Result.ALREADY_COMPLETED, checkout.pay(a.token(), "4242424242424242").result());
    }

    @Test
    void an_expired_checkout_fails_when_opened_and_takes_no_card() {
        var a = card("ord-e");
        clock.advance(Duration.ofMinutes(30));
        var paid = checkout.pay(a.token(), "4242424242424242");
        assertEquals(CardCheckout.Result.EXPIRED, paid.result());
        assertEquals("https://m.example/back?x=1&merchant_reference=ord-e&status=failed", paid.redirectTo());
        assertEquals("checkout expired", store.rows.get(a.payment().id()).outcome().failureReason());
        assertEquals(1, outbox.rows.size());
        var b = card("ord-e2");
        clock.advance(Duration.ofMinutes(29));
        assertEquals(PaymentStatus.QUEUED, checkout.view(b.token()).payment().status(), "still open a minute before");
        clock.advance(Duration.ofMinutes(1));
        assertEquals(PaymentStatus.FAILED, checkout.view(b.token()).payment().status());
        assertEquals(2, outbox.rows.size());
    }

    @Test
    void live_mode_test_cards_settle_nothing() {
        catalogue.assigned.put(1L, Set.of("card_ke"));
        var cmd = new StartPaymentCommand(1, new StartPaymentCommand.Order(Choice.of(RequestType.PAYMENT), "card", "card_ke", new BigDecimal("100"), "KES", "KE", null),
                StartPaymentTest.inline(), new StartPaymentCommand.ProviderConfig("card", "card_ke", "CARD", "CARD", "card", null),
                new StartPaymentCommand.PaymentConfig("ord-live", "n/a", null, null, "https://m.example/cb",
                        "https://m.example/back"));
        var a = start.start(cmd);
        var live = new CardCheckoutService(store, finaliser, Fakes.DIRECT, clock, false, Duration.ofMinutes(30),
                id -> java.util.Optional.empty());
        assertEquals(CardCheckout.Result.UNAVAILABLE, live.pay(a.checkoutToken(), "4242424242424242").result());
        assertEquals(PaymentStatus.QUEUED, store.rows.get(a.payment().id()).status());
        assertTrue(outbox.rows.isEmpty());
    }

    @Test
    void provider_notice_settles_once() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.Submitted("ws_CO_1", Duration.ofMinutes(5)));
        worker.runOnce();
        var settlement = new ProviderSettlement(store, finaliser, Fakes.DIRECT, clock);
        assertFalse(settlement.settle("mpesa_ke", "unknown", new RailOutcome.Succeeded("R1")));
        assertTrue(settlement.settle("mpesa_ke", "ws_CO_1", new RailOutcome.Succeeded("RCPT1")));
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
        assertEquals("RCPT1", store.rows.get(p.id()).outcome().providerReference());
        assertFalse(settlement.settle("mpesa_ke", "RCPT1", new RailOutcome.Declined("x", "late")));
        assertEquals(1, outbox.rows.size());
    }

    @Test
    void a_request_whose_answer_was_lost_is_queried_never_sent_again() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.NoAnswer("connection reset after sending"));
        worker.runOnce();
        clock.advance(Duration.ofSeconds(5));
        script.add(new RailOutcome.Succeeded("prov-1"));
        worker.runOnce();
        assertEquals(List.of("initiate", "query"), calls);
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
    }

    @Test
    void a_worker_that_dies_mid_call_hands_the_payment_over_after_its_lease_and_it_is_only_queried() {
        Payment p = accept("100", null);
        // worker A claims the payment and dies before writing anything
        assertTrue(store.claimNext(clock.instant(), Duration.ofSeconds(30), "dead-worker").isPresent());
        assertEquals(0, worker.runOnce(), "another worker leaves a leased payment alone");
        clock.advance(Duration.ofSeconds(30));
        script.add(new RailOutcome.Submitted("prov-1", Duration.ofSeconds(2)));
        assertEquals(1, worker.runOnce());
        assertEquals(List.of("query"), calls, "the dead worker may have sent it: ask, do not send again");
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status());
    }

    @Test
    void each_payment_has_its_own_lease_released_when_done() {
        Payment a = accept("100", null);
        Payment b = accept("100", null);
        script.add(new RailOutcome.Submitted("a", Duration.ofSeconds(1)));
        script.add(new RailOutcome.Submitted("b", Duration.ofSeconds(1)));
        assertEquals(2, worker.runOnce());
        assertTrue(store.claimedBy.isEmpty(), "leases are given back with the outcome");
        clock.advance(Duration.ofSeconds(1));
        script.add(new RailOutcome.Succeeded("a"));
        script.add(new RailOutcome.Succeeded("b"));
        assertEquals(2, worker.runOnce());
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(a.id()).status());
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(b.id()).status());
    }

    @Test
    void a_payment_pending_past_the_deadline_is_resolved_by_the_status_lookup_and_called_back() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.NoAnswer("silence"));
        worker.runOnce();
        // before the deadline the worker only queries
        while (clock.instant().isBefore(p.times().createdAt().plus(DEADLINE).minusSeconds(60))) {
            clock.advance(Duration.ofSeconds(60));
            script.add(new RailOutcome.NoAnswer("silence"));
            worker.runOnce();
            script.clear();
        }
        assertFalse(calls.contains("resolve"), calls.toString());
        clock.advance(Duration.ofSeconds(60));
        script.add(new RailOutcome.NoAnswer("the status lookup did not answer either"));
        assertEquals(1, worker.runOnce());
        assertEquals("resolve", calls.get(calls.size() - 1));
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status(), "no answer is still no verdict");
        calls.clear();
        clock.advance(Duration.ofHours(2));
        script.add(new RailOutcome.Declined(null, "no answer from the provider before the deadline"));
        worker.runOnce();
        assertEquals(List.of("resolve"), calls);
        Payment done = store.rows.get(p.id());
        assertEquals(PaymentStatus.FAILED, done.status());
        assertEquals("no answer from the provider before the deadline", done.outcome().failureReason());
        assertEquals("transaction.failed", outbox.rows.values().iterator().next().eventType());
    }

    @Test
    void the_first_look_after_the_deadline_is_at_the_deadline() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.Submitted("prov", Duration.ofHours(1)));
        worker.runOnce();
        clock.advance(DEADLINE.minusSeconds(1));
        assertEquals(0, worker.runOnce());
        clock.advance(Duration.ofSeconds(1));
        script.add(new RailOutcome.Succeeded("prov"));
        assertEquals(1, worker.runOnce());
        assertEquals(List.of("initiate", "resolve"), calls);
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
    }
}
