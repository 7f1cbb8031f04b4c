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
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the payment use cases tell the {@link PaymentObserver} port (logs and metrics hang off it). */
class PaymentObserverTest {

    Fakes.MutableClock clock = new Fakes.MutableClock();
    Fakes.Catalogue catalogue = new Fakes.Catalogue();
    Fakes.Store store = new Fakes.Store(clock);
    Fakes.Counterparties counterparties = new Fakes.Counterparties();
    Fakes.Outbox outbox = new Fakes.Outbox();
    List<String> seen = new ArrayList<>();
    List<Payment> finished = new ArrayList<>();
    PaymentObserver observer = new PaymentObserver() {
        @Override
        public Scope processing(Payment payment) {
            seen.add("processing " + payment.reference());
            return () -> seen.add("done " + payment.reference());
        }

        @Override
        public void finished(Payment payment, PaymentStatus status, Instant at) {
            seen.add("finished " + payment.reference() + " " + status.wire() + " after "
                    + Duration.between(payment.times().createdAt(), at).toSeconds() + "s");
            finished.add(payment);
        }
    };
    StartPayment start = new StartPaymentService(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT, clock,
            OpenFunds.create());
    PaymentFinaliser finaliser = new PaymentFinaliser(store, counterparties, outbox, OpenFunds.create(), observer);
    Deque<RailOutcome> script = new ArrayDeque<>();
    PaymentRail rail = new PaymentRail() {
        @Override
        public RailOutcome initiate(Payment p) {
            return script.pop();
        }

        @Override
        public RailOutcome query(Payment p) {
            return script.pop();
        }
    };
    ProcessPayments worker = new ProcessPayments(store, p -> rail, finaliser, Fakes.DIRECT, clock,
            Duration.ofSeconds(30), new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Integer.MAX_VALUE),
            10, Duration.ofMinutes(15), observer);

    Payment accept() {
        catalogue.assigned.put(1L, Set.of("mpesa_ke"));
        var cmd = new StartPaymentCommand(1, new StartPaymentCommand.Order(Choice.of(RequestType.PAYMENT), "momo", "mpesa_ke", new BigDecimal("100"), "KES", "KE", null),
                StartPaymentTest.inline(),
                new StartPaymentCommand.ProviderConfig("mpesa", "mpesa_ke", "MPESA", "MPESA", "momo", null),
                new StartPaymentCommand.PaymentConfig("r-" + UUID.randomUUID(), "254700000100", null, null,
                        "https://m.example/cb", null));
        return start.start(cmd).payment();
    }

    @Test
    void a_declined_payment_is_reported_failed_once_inside_its_processing_span() {
        Payment p = accept();
        script.add(new RailOutcome.Submitted("prov-1", Duration.ofSeconds(3)));
        worker.runOnce();
        clock.advance(Duration.ofSeconds(3));
        script.add(new RailOutcome.Declined("prov-1", "insufficient funds"));
        worker.runOnce();

        String ref = p.reference().value();
        // the first look, the call that brought the answer, then the final write: each in a span of the payment's
        assertEquals(List.of("processing " + ref, "done " + ref, "processing " + ref, "done " + ref,
                "processing " + ref, "finished " + ref + " failed after 3s", "done " + ref), seen);
        Payment failed = finished.get(0);
        assertEquals("insufficient funds", failed.outcome().failureReason(), "the observer sees the payment as finalised");
        assertEquals(PaymentStatus.FAILED, failed.status());
        assertEquals(1L, failed.accountId().value());
    }

    @Test
    void a_succeeded_payment_is_reported_and_a_silent_rail_reports_nothing_final() {
        Payment p = accept();
        script.add(new RailOutcome.NoAnswer("timeout"));
        worker.runOnce();
        assertEquals(List.of("processing " + p.reference(), "done " + p.reference()), seen);

        clock.advance(Duration.ofMinutes(1));
        script.add(new RailOutcome.Succeeded("prov-2"));
        worker.runOnce();
        assertEquals("finished " + p.reference() + " succeeded after 60s", seen.get(5));
        assertEquals("processing " + p.reference(), seen.get(4), "reported inside the final write's span");
    }

    @Test
    void a_provider_notice_for_a_settled_payment_is_not_reported_again() {
        Payment p = accept();
        script.add(new RailOutcome.Submitted("RCPT9", null));
        worker.runOnce();
        ProviderSettlement settlement = new ProviderSettlement(store, finaliser, Fakes.DIRECT, clock);
        assertEquals(true, settlement.settle("mpesa_ke", "RCPT9", new RailOutcome.Declined(null, "cancelled by user")));
        assertEquals(false, settlement.settle("mpesa_ke", "RCPT9", new RailOutcome.Declined(null, "cancelled by user")));
        assertEquals(1, finished.size(), seen.toString());
        assertEquals(p.reference(), finished.get(0).reference());
    }
}
