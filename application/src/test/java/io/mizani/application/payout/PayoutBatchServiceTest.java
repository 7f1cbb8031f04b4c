package io.mizani.application.payout;

import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.balance.TeamLimitStore;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentStore;
import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payout.PayoutBatchStatus;
import io.mizani.domain.team.Role;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The approval's split (issue 30, docs/adr/0008-batch-reservation.md): a batch up to the threshold is materialised in
 * its approval exactly as before (payments, their reservations, all at once); a larger one is judged and reserved as
 * one at approval without opening its drafts, and its payments come from the materialiser, once.
 */
class PayoutBatchServiceTest {

    static final Instant APPROVED = Instant.parse("2026-11-27T10:00:00Z");
    static final PayoutBatches.Caller ADMIN = new PayoutBatches.Caller(1, 20);

    /** Every port call, in order, of every fake. */
    final List<String> calls = new ArrayList<>();
    final Batches batches = new Batches(3);
    Set<String> taken = Set.of();
    Set<String> held = Set.of();
    boolean insertRefused;

    @Test
    void a_batch_up_to_the_threshold_is_materialised_in_its_approval() {
        var service = service(3);
        BatchView v = service.approve(ADMIN, "payroll");
        assertEquals(PayoutBatchStatus.PROCESSING, v.status());
        assertEquals(List.of("drafts", "insertAll 3 accepted " + APPROVED, "reserveAll KES 3 345.00",
                "approved open 3 materialised true"), calls);
        calls.clear();
        assertEquals(0, service.materialiseNext(), "nothing left to materialise");
        assertEquals(List.of("claim"), calls);
    }

    @Test
    void a_larger_batch_is_reserved_as_one_at_approval_and_materialised_once_later() {
        var service = service(2);
        BatchView v = service.approve(ADMIN, "payroll");
        assertEquals(PayoutBatchStatus.PROCESSING, v.status());
        assertEquals(List.of("facts", "referencesTaken 3", "referencesHeld 3 except 7", "reserveBatch 7 payroll KES 345.00",
                "approved open 3 materialised false"), calls, "the drafts are not opened at approval");

        calls.clear();
        assertEquals(3, service.materialiseNext());
        assertEquals(List.of("claim", "drafts", "insertAll 3 accepted " + APPROVED, "moveBatch 7 KES 3 345.00",
                "materialised"), calls, "accepted at the approval's time, the reservation moved by the same total");
        calls.clear();
        assertEquals(0, service.materialiseNext(), "materialised once");
        assertEquals(List.of("claim"), calls);
        // approved again: answered as it is, reserved once
        calls.clear();
        service.approve(ADMIN, "payroll");
        assertEquals(List.of(), calls);
    }

    @Test
    void a_larger_batch_whose_reference_was_used_since_creation_is_refused_with_nothing_reserved() {
        taken = Set.of("ord-1");
        var service = service(2);
        DomainError e = assertThrows(DomainError.class, () -> service.approve(ADMIN, "payroll"));
        assertEquals("payment_config.reference \"ord-1\" has already been used (since the batch was created)",
                e.getMessage());
        assertEquals(List.of("facts", "referencesTaken 3", "referencesHeld 3 except 7"), calls);
        assertEquals(PayoutBatchStatus.AWAITING_APPROVAL, batches.status);
    }

    @Test
    void a_larger_batch_holding_a_reference_another_approved_batch_still_holds_is_refused() {
        held = Set.of("ord-2");
        var service = service(2);
        DomainError e = assertThrows(DomainError.class, () -> service.approve(ADMIN, "payroll"));
        assertEquals("payment_config.reference \"ord-2\" has already been used (since the batch was created)",
                e.getMessage());
        assertEquals(PayoutBatchStatus.AWAITING_APPROVAL, batches.status);
        assertFalse(calls.stream().anyMatch(c -> c.startsWith("reserveBatch")), "nothing reserved");
    }

    @Test
    void a_materialisation_the_database_refuses_is_postponed_so_later_batches_go_first() {
        var service = service(2);
        service.approve(ADMIN, "payroll");
        calls.clear();
        insertRefused = true; // a payment took one of its references between the approval's check and its commit
        assertEquals(0, service.materialiseNext());
        assertEquals(List.of("claim", "drafts", "insertAll refused",
                "postpone 7 until " + APPROVED.plus(PayoutBatchService.MATERIALISE_RETRY)), calls);
        insertRefused = false;
        calls.clear();
        assertEquals(3, service.materialiseNext(), "tried again (the store's claim waits out the pause)");
    }

    @Test
    void a_final_payout_counts_its_batch_down_and_a_final_collection_asks_nothing_of_the_batches() {
        var service = service(3);
        service.finished(draft(1).stored(41), PaymentStatus.SUCCEEDED, APPROVED);
        assertEquals(List.of("itemFinal 41"), calls, "a payout may be a batch's item");
        calls.clear();
        Payment d = draft(2);
        Payment collection = Payment.accepted(d.accountId(), d.references(),
                new Payment.Routing(RequestType.PAYMENT, "KE", Rail.MOMO, "mpesa_ke", "net", "ch"), d.amounts(), null,
                d.customer(), d.instructions(), d.times().createdAt()).stored(42);
        service.finished(collection, PaymentStatus.SUCCEEDED, APPROVED);
        assertEquals(List.of(), calls, "a collection is never a batch's item: no statement");
    }

    PayoutBatchService service(int inApprovalUpTo) {
        UnitOfWork tx = io.mizani.application.common.DirectUnitOfWork.DIRECT;
        var funds = new PaymentFunds(fake(BalanceLedger.class), fake(TeamLimitStore.class));
        return new PayoutBatchService(null, new PayoutBatchService.Stores(batches, fake(PaymentStore.class),
                fake(PaymentCounterparties.class), funds), (a, u) -> Optional.of(Role.ADMIN),
                (a, t, d) -> "evt", tx, Clock.fixed(APPROVED, ZoneOffset.UTC), inApprovalUpTo);
    }

    /** The ledger, limit and payment ports: each call written down, the answers a healthy store gives. */
    @SuppressWarnings("unchecked")
    <T> T fake(Class<T> port) {
        return (T) Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[]{port}, (proxy, m, args) -> {
            switch (m.getName()) {
                case "load":
                    return TierLimits.none();
                case "reserveAll": {
                    List<BalanceLedger.Hold> holds = (List<BalanceLedger.Hold>) args[2];
                    calls.add("reserveAll " + args[1] + " " + holds.size() + " " + sum(holds));
                    return new BalanceLedger.Reservation(true, Money.zero((String) args[1]));
                }
                case "reserveBatch": {
                    Money total = (Money) args[3];
                    calls.add("reserveBatch " + args[1] + " " + args[2] + " " + total.currency() + " " + total.amount());
                    return new BalanceLedger.Reservation(true, Money.zero(total.currency()));
                }
                case "moveBatch": {
                    List<BalanceLedger.Hold> holds = (List<BalanceLedger.Hold>) args[3];
                    calls.add("moveBatch " + args[1] + " " + args[2] + " " + holds.size() + " " + sum(holds));
                    return true;
                }
                case "merchantReferencesTaken":
                    calls.add("referencesTaken " + ((java.util.Collection<?>) args[1]).size());
                    return taken;
                case "insertAll": {
                    if (insertRefused) {
                        calls.add("insertAll refused");
                        throw DomainError.invalidArgument("payment_config.reference \"ord-1\" has already been used");
                    }
                    List<Payment> ps = (List<Payment>) args[0];
                    calls.add("insertAll " + ps.size() + " accepted " + ps.get(0).times().createdAt());
                    var out = new ArrayList<Payment>();
                    for (int i = 0; i < ps.size(); i++) {
                        out.add(ps.get(i).stored(100 + i));
                    }
                    return out;
                }
                default:
                    throw new UnsupportedOperationException(port.getSimpleName() + "." + m.getName());
            }
        });
    }

    static String sum(List<BalanceLedger.Hold> holds) {
        return holds.stream().map(BalanceLedger.Hold::needed).reduce(Money::plus).orElseThrow().amount().toString();
    }

    static Payment draft(int i) {
        return Payment.accepted(AccountId.of(1), new Payment.References(PaymentReference.of("draft"), "ord-" + i, null),
                new Payment.Routing(RequestType.WITHDRAWAL, "KE", Rail.MOMO, "mpesa_ke", "net", "ch"),
                new Payment.Amounts(Money.of(new BigDecimal("100.00"), "KES"), Money.of(new BigDecimal("0.77"), "USD"),
                        Money.of(new BigDecimal("15.00"), "KES")), null,
                new Payment.Customer("A", "B", "a@b.c", "+254700000000", null, "KE", null, null),
                new Payment.Instructions("+254700000123", "http://x", null, null, null, null),
                Instant.parse("2026-11-27T09:00:00Z"));
    }

    /** One batch of {@code n} drafts of 100 KES + 15 fee, id 7, created by user 10. */
    final class Batches implements PayoutBatchStore {
        final int n;
        PayoutBatchStatus status = PayoutBatchStatus.AWAITING_APPROVAL;
        boolean hasDrafts = true;

        Batches(int n) {
            this.n = n;
        }

        Batch batch() {
            var amount = new LinkedHashMap<String, Money>();
            amount.put("KES", Money.of(new BigDecimal(100 * n), "KES"));
            var fees = new LinkedHashMap<String, Money>();
            fees.put("KES", Money.of(new BigDecimal(15 * n), "KES"));
            return new Batch(7, 1, "payroll", status, new Totals(n, amount, fees),
                    new People(10, status.approved() ? 20L : null), APPROVED.minusSeconds(3600));
        }

        @Override
        public Batch create(NewBatch b) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Batch> find(long accountId, String ref) {
            return Optional.of(batch());
        }

        @Override
        public Optional<Batch> lock(long accountId, String ref) {
            return Optional.of(batch());
        }

        @Override
        public Optional<Batch> findById(long id) {
            return Optional.of(batch());
        }

        @Override
        public List<Payment> drafts(long batchId) {
            calls.add("drafts");
            var out = new ArrayList<Payment>();
            for (int i = 0; i < n; i++) {
                out.add(draft(i));
            }
            return out;
        }

        @Override
        public ItemFacts facts(long batchId) {
            calls.add("facts");
            var usd = new ArrayList<Money>();
            var currencies = new ArrayList<String>();
            var beneficiaries = new ArrayList<Long>();
            var refs = new ArrayList<String>();
            for (int i = 0; i < n; i++) {
                usd.add(Money.of(new BigDecimal("0.77"), "USD"));
                currencies.add("KES");
                beneficiaries.add(null);
                refs.add("ord-" + i);
            }
            return new ItemFacts(usd, currencies, beneficiaries, refs);
        }

        @Override
        public void approved(long batchId, UserId userId, int openItems, Instant at, boolean materialised) {
            calls.add("approved open " + openItems + " materialised " + materialised);
            status = PayoutBatchStatus.PROCESSING;
            hasDrafts = !materialised;
        }

        @Override
        public Optional<Unmaterialised> claimUnmaterialised() {
            calls.add("claim");
            return status == PayoutBatchStatus.PROCESSING && hasDrafts
                    ? Optional.of(new Unmaterialised(7, 1, "payroll", APPROVED)) : Optional.empty();
        }

        @Override
        public void materialised(long batchId, Instant at) {
            calls.add("materialised");
            hasDrafts = false;
        }

        @Override
        public Optional<Batch> ofPayment(AccountId accountId, io.mizani.domain.payment.PaymentId paymentId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void postponeMaterialisation(long batchId, Instant until) {
            calls.add("postpone " + batchId + " until " + until);
        }

        @Override
        public Set<String> referencesHeld(AccountId accountId, long exceptBatchId, java.util.Collection<String> refs) {
            calls.add("referencesHeld " + refs.size() + " except " + exceptBatchId);
            return held;
        }

        @Override
        public void cancelled(long batchId, Instant at) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Counts counts(long batchId) {
            return Counts.NONE;
        }

        @Override
        public List<Payment> items(long batchId, PaymentStatus s, int limit, String after) {
            return List.of();
        }

        @Override
        public Optional<Long> itemFinal(long paymentId, Instant at) {
            calls.add("itemFinal " + paymentId);
            return Optional.empty();
        }
    }
}
