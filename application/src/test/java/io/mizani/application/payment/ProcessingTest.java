package io.mizani.application.payment;

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
    StartPayment start = new StartPayment(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT, clock);
    PaymentFinaliser finaliser = new PaymentFinaliser(store, counterparties, outbox);
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
    };
    ProcessPayments worker = new ProcessPayments(store, p -> rail, finaliser, Fakes.DIRECT, clock,
            Duration.ofSeconds(30), new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Integer.MAX_VALUE), 10);

    Payment accept(String amount, UUID beneficiary) {
        catalogue.assigned.put(1L, Set.of("mpesa_ke"));
        var customer = beneficiary == null ? StartPaymentTest.inline() : StartPaymentTest.byRef(beneficiary);
        var cmd = new StartPaymentCommand(1, "payment", "momo", "mpesa_ke", new BigDecimal(amount), "KES", "KE", null,
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
        assertNotNull(done.completedAt());
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
        var status = new TransactionStatus(store, clock);
        assertEquals("pending", status.find(1, p.merchantReference()).status());
        assertEquals(0, worker.runOnce());
        clock.advance(Duration.ofSeconds(5));
        script.add(new RailOutcome.Declined("prov", "insufficient funds"));
        assertEquals(1, worker.runOnce());
        assertEquals(PaymentStatus.FAILED, store.rows.get(p.id()).status());
        assertEquals("insufficient funds", store.rows.get(p.id()).failureReason());
    }

    @Test
    void status_query_brings_a_far_provider_query_forward() {
        Payment p = accept("100", null);
        script.add(new RailOutcome.Submitted("prov", Duration.ofMinutes(10)));
        worker.runOnce();
        assertEquals(0, worker.runOnce());
        assertEquals("pending", new TransactionStatus(store, clock).find(1, p.merchantReference()).status());
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

    @Test
    void card_checkout_settles_and_redirects() {
        catalogue.assigned.put(1L, Set.of("card_ke"));
        var cmd = new StartPaymentCommand(1, "payment", "card", "card_ke", new BigDecimal("100"), "KES", "KE", null,
                StartPaymentTest.inline(), new StartPaymentCommand.ProviderConfig("card", "card_ke", "CARD", "CARD", "card", null),
                new StartPaymentCommand.PaymentConfig("ord-1", "n/a", null, null, "https://m.example/cb",
                        "https://m.example/back?x=1"));
        var a = start.start(cmd);
        var checkout = new CardCheckout(store, finaliser, Fakes.DIRECT, clock, true);
        assertEquals(CardCheckout.Result.UNKNOWN_CARD, checkout.pay(a.checkoutToken(), "1111").result());
        var outcome = checkout.pay(a.checkoutToken(), "4000 0000 0000 0002");
        assertEquals(CardCheckout.Result.DECLINED, outcome.result());
        assertEquals("https://m.example/back?x=1&merchant_reference=ord-1&status=failed", outcome.redirectTo());
        assertEquals(CardCheckout.Result.ALREADY_COMPLETED, checkout.pay(a.checkoutToken(), "4242424242424242").result());
        assertEquals(1, outbox.rows.size());
    }

    @Test
    void live_mode_test_cards_settle_nothing() {
        catalogue.assigned.put(1L, Set.of("card_ke"));
        var cmd = new StartPaymentCommand(1, "payment", "card", "card_ke", new BigDecimal("100"), "KES", "KE", null,
                StartPaymentTest.inline(), new StartPaymentCommand.ProviderConfig("card", "card_ke", "CARD", "CARD", "card", null),
                new StartPaymentCommand.PaymentConfig("ord-live", "n/a", null, null, "https://m.example/cb",
                        "https://m.example/back"));
        var a = start.start(cmd);
        var live = new CardCheckout(store, finaliser, Fakes.DIRECT, clock, false);
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
        assertEquals("RCPT1", store.rows.get(p.id()).providerReference());
        assertFalse(settlement.settle("mpesa_ke", "RCPT1", new RailOutcome.Declined("x", "late")));
        assertEquals(1, outbox.rows.size());
    }
}
