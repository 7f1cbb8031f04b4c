package io.mizani.application.payment;

import io.mizani.application.balance.OpenFunds;
import io.mizani.domain.common.Choice;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payment.RetrySchedule;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.*;

/**
 * New payments handed straight to the accepting replica's worker ({@link PaymentHandOff}): inserted already leased to
 * it, sent by its next round without a claim; what happens to one it does not get to in time, or never gets to; and
 * that the hand-off holds at most its capacity, the rest claimed as before.
 */
class HandOffTest {

    static final Duration LEASE = Duration.ofSeconds(30);

    Fakes.MutableClock clock = new Fakes.MutableClock();
    Fakes.Catalogue catalogue = new Fakes.Catalogue();
    Fakes.Store store = new Fakes.Store(clock);
    Fakes.Counterparties counterparties = new Fakes.Counterparties();
    PaymentFinaliser finaliser = new PaymentFinaliser(store, counterparties, new Fakes.Outbox(), OpenFunds.create(),
            PaymentObserver.NONE);
    List<String> calls = new ArrayList<>();
    /** How long after it was sent the provider answers. */
    Duration settle = Duration.ofSeconds(2);
    /** Run while a payment is being sent: another path finishing it meanwhile. */
    Runnable settleFirst = () -> { };
    PaymentRail rail = new PaymentRail() {
        @Override
        public RailOutcome initiate(Payment p) {
            calls.add("initiate " + p.id());
            settleFirst.run();
            return new RailOutcome.Submitted("prov-" + p.id(), settle);
        }

        @Override
        public RailOutcome query(Payment p) {
            calls.add("query " + p.id());
            return new RailOutcome.Succeeded("prov-" + p.id());
        }

        @Override
        public RailOutcome resolveOverdue(Payment p) {
            return query(p);
        }
    };

    ProcessPayments worker(int handOffCapacity) {
        return new ProcessPayments(store, p -> rail, finaliser, Fakes.DIRECT, clock, LEASE,
                new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), Integer.MAX_VALUE), 10,
                Duration.ofMinutes(15)).withHandOff(handOffCapacity == 0 ? PaymentHandOff.OFF
                : new PaymentHandOff(PaymentHandOff.newWorker(), LEASE, handOffCapacity, handOffCapacity));
    }

    StartPayment acceptingFor(ProcessPayments worker) {
        return new StartPaymentService(catalogue, counterparties, store, RateTable.sandbox(), Fakes.DIRECT, clock,
                OpenFunds.create()).withHandOff(worker.handOff());
    }

    Payment accept(StartPayment start) {
        return accept(start, 1);
    }

    Payment accept(StartPayment start, long accountId) {
        catalogue.assigned.put(accountId, Set.of("mpesa_ke"));
        return start.start(collection(accountId)).payment();
    }

    /** An M-Pesa collection of KES 100 by Team 1 with a callback URL, under a merchant reference of its own. */
    static StartPaymentCommand collection() {
        return collection(1);
    }

    static StartPaymentCommand collection(long accountId) {
        return new StartPaymentCommand(accountId, new StartPaymentCommand.Order(Choice.of(RequestType.PAYMENT), "momo",
                "mpesa_ke", new BigDecimal("100"), "KES", "KE", null), StartPaymentTest.inline(),
                new StartPaymentCommand.ProviderConfig("mpesa", "mpesa_ke", "MPESA", "MPESA", "momo", null),
                new StartPaymentCommand.PaymentConfig("r-" + UUID.randomUUID(), "254700000123", null, null,
                        "https://m.example/cb", null));
    }

    @Test
    void a_payment_accepted_while_the_worker_has_room_is_sent_by_its_next_round_without_a_claim() {
        ProcessPayments worker = worker(10);
        Payment p = accept(acceptingFor(worker));
        assertEquals(worker.worker(), store.claimedBy.get(p.id()), "inserted leased to the accepting replica's worker");
        assertEquals(clock.instant().plus(LEASE), store.claimedUntil.get(p.id()));
        assertEquals(1, worker.handOff().waiting());

        assertEquals(1, worker.runOnce());
        assertEquals(List.of("initiate " + p.id()), calls);
        assertEquals(0, store.claims, "sent without a claim");
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status());
        assertEquals(0, worker.handOff().waiting());

        // its next look, 2 s on (within a quarter of the lease), is kept by the worker: leased to it until that look
        // plus a lease, not due for any claim before then
        assertEquals(worker.worker(), store.claimedBy.get(p.id()), "the look kept the lease");
        assertEquals(clock.instant().plus(Duration.ofSeconds(2)).plus(LEASE), store.claimedUntil.get(p.id()));
        assertEquals(1, worker.handOff().kept());
        assertEquals(0, worker.runOnce(), "not asked before its next look");
        clock.advance(Duration.ofSeconds(2));
        assertEquals(1, worker.runOnce());
        assertEquals(List.of("initiate " + p.id(), "query " + p.id()), calls);
        assertEquals(0, store.claims, "no claim in the payment's life (two before the hand-offs)");
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
        assertEquals(0, worker.handOff().kept());
    }

    @Test
    void a_payment_kept_for_its_next_look_and_never_taken_is_due_when_the_kept_lease_ends_and_is_then_only_queried() {
        ProcessPayments died = worker(10); // sends it, keeps it, then never runs another round
        Payment p = accept(acceptingFor(died));
        assertEquals(1, died.runOnce());
        assertEquals(1, died.handOff().kept());
        ProcessPayments other = worker(0);

        clock.advance(Duration.ofSeconds(2)); // its next look: still the dead worker's
        assertEquals(0, other.runOnce(), "leased to the worker that kept it");
        clock.advance(LEASE.minusSeconds(1));
        assertEquals(0, other.runOnce());
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, other.runOnce());
        assertEquals(List.of("initiate " + p.id(), "query " + p.id()), calls, "asked, never sent again");
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
    }

    @Test
    void a_kept_payment_taken_with_three_quarters_of_its_lease_gone_is_given_back_and_then_only_queried() {
        ProcessPayments worker = worker(10);
        Payment p = accept(acceptingFor(worker));
        assertEquals(1, worker.runOnce());
        clock.advance(Duration.ofSeconds(2).plus(Duration.ofMillis(LEASE.toMillis() * 3 / 4 + 1)));

        assertEquals(1, worker.runOnce());
        assertEquals(List.of("initiate " + p.id()), calls, "not asked late: another worker may claim it from then on");
        assertNull(store.claimedBy.get(p.id()), "given back");
        assertEquals(PaymentStatus.PENDING, store.rows.get(p.id()).status());

        assertEquals(1, worker.runOnce());
        assertEquals(List.of("initiate " + p.id(), "query " + p.id()), calls, "claimed, and only asked");
        assertEquals(1, store.claims);
    }

    @Test
    void a_payment_whose_next_look_is_further_than_a_quarter_of_the_lease_away_is_released_and_claimed_then() {
        settle = Duration.ofSeconds(8); // a quarter of the lease is 7.5 s
        ProcessPayments worker = worker(10);
        Payment p = accept(acceptingFor(worker));
        assertEquals(1, worker.runOnce());
        assertNull(store.claimedBy.get(p.id()), "released");
        assertEquals(0, worker.handOff().kept());

        clock.advance(settle);
        assertEquals(1, worker.runOnce());
        assertEquals(List.of("initiate " + p.id(), "query " + p.id()), calls);
        assertEquals(1, store.claims, "claimed to be asked about");
    }

    @Test
    void a_look_at_a_payment_another_path_finished_first_is_not_kept() {
        ProcessPayments worker = worker(10);
        Payment p = accept(acceptingFor(worker));
        // the provider's notice settles it while the worker is still sending it
        settleFirst = () -> {
            store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, clock.instant(), null, null, null);
            assertTrue(store.transition(p.id(), PaymentStatus.PENDING, PaymentStatus.SUCCEEDED, clock.instant(),
                    "prov-" + p.id(), null, null));
        };
        assertEquals(1, worker.runOnce());
        assertEquals(0, worker.handOff().kept(), "nothing to ask about again");
        assertNull(store.claimedBy.get(p.id()), "its lease released");
        clock.advance(Duration.ofSeconds(2));
        assertEquals(0, worker.runOnce());
        assertEquals(List.of("initiate " + p.id()), calls);
    }

    @Test
    void the_worker_keeps_at_most_its_capacity_and_releases_the_others_for_the_claim() {
        ProcessPayments worker = worker(2);
        StartPayment start = acceptingFor(worker);
        List<Payment> sent = List.of(accept(start), accept(start), accept(start));
        assertEquals(3, worker.runOnce()); // two handed, one claimed
        assertEquals(2, worker.handOff().kept());
        assertEquals(1, sent.stream().filter(p -> store.claimedBy.get(p.id()) == null).count(), "one released");

        clock.advance(Duration.ofSeconds(2));
        assertEquals(3, worker.runOnce());
        assertEquals(2, store.claims, "the third claimed to send it, then claimed to ask about it");
        assertTrue(sent.stream().allMatch(p -> store.rows.get(p.id()).status() == PaymentStatus.SUCCEEDED));
    }

    @Test
    void a_payment_handed_over_and_never_taken_is_due_again_when_its_lease_ends_and_is_then_only_queried() {
        ProcessPayments died = worker(10); // hands over, then never runs a round
        Payment p = accept(acceptingFor(died));
        ProcessPayments other = worker(0);

        assertEquals(0, other.runOnce(), "leased to the accepting replica's worker");
        clock.advance(LEASE.minusSeconds(1));
        assertEquals(0, other.runOnce());
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, other.runOnce());
        assertEquals(List.of("query " + p.id()), calls, "it may have been sent: asked, never sent again");
        assertEquals(PaymentStatus.SUCCEEDED, store.rows.get(p.id()).status());
    }

    @Test
    void a_handed_payment_taken_with_three_quarters_of_its_lease_gone_is_given_back_untouched_and_sent_by_a_claim() {
        ProcessPayments worker = worker(10);
        Payment p = accept(acceptingFor(worker));
        clock.advance(Duration.ofMillis(LEASE.toMillis() * 3 / 4 + 1));

        assertEquals(1, worker.runOnce());
        assertEquals(List.of(), calls, "not called late: another worker may claim it from then on");
        assertEquals(PaymentStatus.QUEUED, store.rows.get(p.id()).status());
        assertNull(store.claimedBy.get(p.id()), "given back");

        assertEquals(1, worker.runOnce());
        assertEquals(List.of("initiate " + p.id()), calls, "never sent, so the claim sends it");
        assertEquals(1, store.claims);
    }

    @Test
    void the_hand_off_holds_at_most_its_capacity_and_a_payment_accepted_beyond_it_is_claimed() {
        ProcessPayments worker = worker(2);
        StartPayment start = acceptingFor(worker);
        Payment first = accept(start);
        Payment second = accept(start);
        Payment third = accept(start);
        assertEquals(worker.worker(), store.claimedBy.get(first.id()));
        assertEquals(worker.worker(), store.claimedBy.get(second.id()));
        assertNull(store.claimedBy.get(third.id()), "inserted due, for any worker to claim");
        assertEquals(2, worker.handOff().waiting());

        assertEquals(3, worker.runOnce());
        assertEquals(Set.of("initiate " + first.id(), "initiate " + second.id(), "initiate " + third.id()),
                Set.copyOf(calls));
        assertEquals(1, store.claims, "only the third was claimed");
        // room again: the next one is handed over
        Payment fourth = accept(start);
        assertEquals(worker.worker(), store.claimedBy.get(fourth.id()));
    }

    @Test
    void a_round_takes_at_most_three_quarters_of_a_batch_from_memory_so_the_claim_still_finds_the_payments_due() {
        ProcessPayments worker = worker(10); // a batch of 10, and 10 may wait
        Payment due = accept(acceptingFor(worker(0))); // accepted on a replica without a hand-off: due, for a claim
        StartPayment start = acceptingFor(worker);
        List<Long> handed = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            handed.add(accept(start).id());
        }
        assertEquals(10, worker.handOff().waiting());

        assertEquals(9, worker.runOnce());
        assertTrue(calls.contains("initiate " + due.id()), "claimed in the same round: " + calls);
        assertEquals(2, worker.handOff().waiting());
        assertEquals(1, store.claims);
        assertEquals(2, worker.runOnce());
        assertEquals(0, worker.handOff().waiting());
        assertEquals(11, calls.size());
        assertEquals(1, store.claims, "the handed ones were never claimed");

        // ten of the eleven kept for their next look (its capacity; the eleventh released), due together: three
        // quarters of a round again, and the round's claim still takes the released one and one due from elsewhere
        assertEquals(10, worker.handOff().kept());
        Payment later = accept(acceptingFor(worker(0)));
        clock.advance(Duration.ofSeconds(2));
        assertEquals(10, worker.runOnce());
        assertTrue(calls.contains("initiate " + later.id()), "claimed beside the kept ones: " + calls);
        assertEquals(3, store.claims);
        assertEquals(3, worker.handOff().kept(), "the two left, and the one sent in this round");
    }

    @Test
    void a_stopping_worker_gives_back_what_it_holds_in_memory_so_another_takes_it_at_once() {
        ProcessPayments stopping = worker(10);
        StartPayment start = acceptingFor(stopping);
        Payment sent = accept(start);
        assertEquals(1, stopping.runOnce()); // sent, and kept for its next look
        Payment handed = accept(start);      // handed over, not yet taken
        assertEquals(1, stopping.handOff().kept());
        assertEquals(1, stopping.handOff().waiting());

        assertEquals(2, stopping.giveBackWaiting());
        assertEquals(0, stopping.handOff().kept());
        assertEquals(0, stopping.handOff().waiting());
        assertNull(store.claimedBy.get(sent.id()));
        assertNull(store.claimedBy.get(handed.id()));

        clock.advance(Duration.ofSeconds(2));
        ProcessPayments other = worker(0);
        assertEquals(2, other.runOnce(), "taken at once, not when their leases end");
        assertTrue(calls.containsAll(List.of("query " + sent.id(), "initiate " + handed.id())),
                "the sent one only asked about, the handed one sent: " + calls);
        assertEquals(3, calls.size(), "nothing sent twice: " + calls);
    }

    @Test
    void the_hand_off_is_fair_between_merchants_so_one_merchants_burst_never_holds_back_anothers_new_payment() {
        ProcessPayments worker = worker(20); // a batch of 10: at most 8 from memory a round
        StartPayment start = acceptingFor(worker);
        List<Long> burst = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            burst.add(accept(start, 1).id());
        }
        Payment other = accept(start, 2); // after the burst
        assertEquals(13, worker.handOff().waiting());

        assertEquals(8, worker.runOnce());
        assertTrue(calls.contains("initiate " + other.id()),
                "the other merchant's payment in the first round: " + calls);
        assertEquals(List.of("initiate " + burst.get(0), "initiate " + other.id()), calls.subList(0, 2),
                "one of each merchant in turn, each merchant's oldest first");
        assertEquals(5, worker.handOff().waiting());
        assertEquals(0, store.claims);
    }

    @Test
    void without_a_hand_off_every_new_payment_is_claimed() {
        ProcessPayments worker = worker(0);
        Payment p = accept(acceptingFor(worker));
        assertNull(store.claimedBy.get(p.id()));
        assertEquals(1, worker.runOnce());
        assertEquals(1, store.claims);
    }
}
