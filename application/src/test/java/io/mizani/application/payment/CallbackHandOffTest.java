package io.mizani.application.payment;

import io.mizani.application.balance.OpenFunds;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RetrySchedule;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A payment's callback handed straight to the replica's callback worker ({@link CallbackHandOff}): written with its
 * first attempt a lease ahead and handed over only once the final write commits, sent by the next round without a
 * claim; never handed over when the write rolls back; one taken with half its lease gone left to the claim; at most
 * the hand-off's capacity waiting.
 */
class CallbackHandOffTest {

    static final Duration LEASE = Duration.ofSeconds(30);

    /** Transactions as far as the hand-off needs them: work after a commit runs after it, never after a rollback. */
    static final class Transactions implements UnitOfWork {
        private List<Runnable> afterCommit;

        @Override
        public <T> T inTransaction(Supplier<T> work) {
            if (afterCommit != null) {
                return work.get();
            }
            afterCommit = new ArrayList<>();
            T result;
            try {
                result = work.get();
            } catch (RuntimeException e) {
                afterCommit = null; // rolled back
                throw e;
            }
            List<Runnable> committed = afterCommit;
            afterCommit = null;
            committed.forEach(Runnable::run);
            return result;
        }

        @Override
        public <T> T inNewTransaction(Supplier<T> work) {
            return inTransaction(work);
        }

        @Override
        public void afterCommit(Runnable work) {
            if (afterCommit == null) {
                work.run();
            } else {
                afterCommit.add(work);
            }
        }
    }

    Fakes.MutableClock clock = new Fakes.MutableClock();
    Fakes.Catalogue catalogue = new Fakes.Catalogue();
    Fakes.Store store = new Fakes.Store(clock);
    Fakes.Counterparties counterparties = new Fakes.Counterparties();
    Fakes.Outbox outbox = new Fakes.Outbox();
    Transactions transactions = new Transactions();
    List<String> sent = new ArrayList<>();

    PaymentFinaliser finaliser(CallbackHandOff handOff) {
        return new PaymentFinaliser(store, counterparties, outbox, OpenFunds.create(), PaymentObserver.NONE)
                .withCallbackHandOff(handOff, transactions);
    }

    DeliverCallbacks deliveries(CallbackHandOff handOff) {
        CallbackSender sender = (url, id, ts, body, secret) -> {
            sent.add(id);
            return new CallbackSender.Delivery(200, null);
        };
        return new DeliverCallbacks(outbox, sender, transactions, clock,
                new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), 8), LEASE, 10, Runnable::run)
                .withHandOff(handOff);
    }

    Payment accepted() {
        catalogue.assigned.put(1L, Set.of("mpesa_ke"));
        return new StartPaymentService(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT, clock,
                OpenFunds.create()).start(HandOffTest.collection()).payment();
    }

    void succeed(PaymentFinaliser finaliser, Payment p) {
        assertTrue(transactions.inTransaction(() -> finaliser.succeed(p, clock.instant(), "prov-" + p.id())));
    }

    @Test
    void a_callback_written_while_the_worker_has_room_is_sent_by_its_next_round_without_a_claim() {
        CallbackHandOff handOff = new CallbackHandOff(LEASE, 10);
        Payment p = accepted();
        succeed(finaliser(handOff), p);
        long id = outbox.seq;
        assertEquals(clock.instant().plus(LEASE), outbox.next.get(id), "its first attempt held a lease ahead");
        assertEquals(1, handOff.waiting());

        assertEquals(1, deliveries(handOff).runOnce());
        assertEquals(List.of(outbox.rows.get(id).webhookId()), sent);
        assertEquals("delivered", outbox.state.get(id));
        assertEquals(0, outbox.claimed, "sent without a claim");
        assertEquals(0, deliveries(handOff).runOnce());
    }

    @Test
    void a_final_write_rolled_back_hands_nothing_over() {
        CallbackHandOff handOff = new CallbackHandOff(LEASE, 10);
        PaymentFinaliser finaliser = finaliser(handOff);
        Payment p = accepted();
        assertThrows(IllegalStateException.class, () -> transactions.inTransaction(() -> {
            finaliser.succeed(p, clock.instant(), "prov");
            throw new IllegalStateException("the commit failed");
        }));
        assertEquals(0, handOff.waiting(), "a callback whose write did not commit is never sent");
        assertEquals(0, deliveries(handOff).runOnce());
        assertEquals(List.of(), sent);
    }

    @Test
    void a_handed_callback_taken_with_half_its_lease_gone_is_left_to_the_claim_once_the_lease_ends() {
        CallbackHandOff handOff = new CallbackHandOff(LEASE, 10);
        succeed(finaliser(handOff), accepted());
        long id = outbox.seq;
        clock.advance(LEASE.dividedBy(2));

        DeliverCallbacks worker = deliveries(handOff);
        assertEquals(0, worker.runOnce());
        assertEquals(List.of(), sent, "another replica may claim it once its lease ends");
        assertEquals(0, handOff.waiting());
        clock.advance(LEASE.dividedBy(2));
        assertEquals(1, worker.runOnce());
        assertEquals(List.of(outbox.rows.get(id).webhookId()), sent, "sent once, by the claim");
        assertEquals(1, outbox.claimed);
    }

    @Test
    void the_hand_off_holds_at_most_its_capacity_and_a_callback_written_beyond_it_is_claimed() {
        CallbackHandOff handOff = new CallbackHandOff(LEASE, 1);
        PaymentFinaliser finaliser = finaliser(handOff);
        succeed(finaliser, accepted());
        succeed(finaliser, accepted());
        assertEquals(1, handOff.waiting());
        assertEquals(clock.instant(), outbox.next.get(outbox.seq), "the second one due at once, for a claim");

        assertEquals(2, deliveries(handOff).runOnce());
        assertEquals(2, sent.size());
        assertEquals(1, outbox.claimed);
        assertEquals(Set.of("delivered"), Set.copyOf(outbox.state.values()));
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.values().iterator().next().status());
    }
}
