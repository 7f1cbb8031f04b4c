package io.mizani.application.balance;

import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.refund.RefundId;
import io.mizani.domain.common.Money;
import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class PaymentFundsTest {

    /** Records calls; the balance holds {@code available}. */
    static final class Ledger implements BalanceLedger {
        final List<String> calls = new ArrayList<>();
        /** When set, shared with {@link Limits#journal}: both fakes' calls in the order they came. */
        List<String> journal;
        BigDecimal available;

        Ledger(String available) {
            this.available = new BigDecimal(available);
        }

        @Override
        public Reservation reserve(AccountId a, PaymentId p, String r, Money money) {
            BigDecimal needed = money.amount();
            calls.add("reserve " + needed);
            if (journal != null) {
                journal.add("ledger reserve");
            }
            if (available.compareTo(needed) < 0) {
                return new Reservation(false, Money.of(available, money.currency()));
            }
            available = available.subtract(needed);
            return new Reservation(true, Money.of(available, money.currency()));
        }

        @Override
        public Reservation reserveAll(long a, String c, List<Hold> holds) {
            BigDecimal needed = holds.stream().map(Hold::needed).reduce(Money.zero(c), Money::plus).amount();
            calls.add("reserveAll " + c + " " + holds.size() + " " + needed);
            if (available.compareTo(needed) < 0) {
                return new Reservation(false, Money.of(available, c));
            }
            available = available.subtract(needed);
            return new Reservation(true, Money.of(available, c));
        }

        /** Open batch reservations: "batch/currency" → amount. */
        final Map<String, BigDecimal> batchHeld = new java.util.HashMap<>();

        @Override
        public Reservation reserveBatch(AccountId a, long batch, String ref, Money total) {
            calls.add("reserveBatch " + batch + " " + total.currency() + " " + total.amount());
            if (available.compareTo(total.amount()) < 0) {
                return new Reservation(false, Money.of(available, total.currency()));
            }
            available = available.subtract(total.amount());
            batchHeld.put(batch + "/" + total.currency(), total.amount());
            return new Reservation(true, Money.of(available, total.currency()));
        }

        @Override
        public boolean moveBatch(AccountId a, long batch, String c, List<Hold> holds) {
            BigDecimal items = holds.stream().map(Hold::needed).reduce(Money.zero(c), Money::plus).amount();
            calls.add("moveBatch " + batch + " " + c + " " + holds.size() + " " + items);
            BigDecimal held = batchHeld.remove(batch + "/" + c);
            if (held != null && held.compareTo(items) != 0) {
                throw new IllegalStateException("held " + held + ", items " + items);
            }
            return held != null;
        }

        @Override
        public boolean release(long p) {
            calls.add("release");
            if (journal != null) {
                journal.add("ledger release");
            }
            return true;
        }

        @Override
        public boolean consume(long p) {
            calls.add("consume");
            return true;
        }

        @Override
        public Reservation reserveRefund(long a, RefundId refund, PaymentId p, String r, Money amount) {
            throw new UnsupportedOperationException("not a payment's movement");
        }

        @Override
        public boolean releaseRefund(long refund) {
            throw new UnsupportedOperationException("not a payment's movement");
        }

        @Override
        public boolean consumeRefund(long refund) {
            throw new UnsupportedOperationException("not a payment's movement");
        }

        @Override
        public boolean credit(AccountId a, PaymentId p, String r, Money amount) {
            calls.add("credit " + amount.amount());
            return true;
        }

        @Override
        public Adjustment adjust(long a, Money amount, String r, String reason) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean accountExists(long a) {
            return true;
        }

        @Override
        public List<Balance> balances(long a) {
            return List.of();
        }

        @Override
        public List<Entry> entries(long a, String c, int l, Long s) {
            return List.of();
        }

        @Override
        public boolean hasEntry(long a, String c, long id) {
            return false;
        }
    }

    static final class Limits implements TeamLimitStore {
        final List<String> calls = new ArrayList<>();
        List<String> journal;
        TierLimits limits = TierLimits.none();
        boolean fits = true;

        @Override
        public TierLimits load() {
            return limits;
        }

        @Override
        public void replace(TierLimits l) {
            limits = l;
        }

        @Override
        public int tierOf(long accountId) {
            return 1;
        }

        @Override
        public boolean tryCount(long a, LocalDate day, RequestType t, long p, Money usd, Money limit) {
            calls.add("count " + day + " " + usd.amount() + " <= " + limit.amount());
            if (journal != null) {
                journal.add("limits count");
            }
            return fits;
        }

        @Override
        public int tryCountAll(long a, LocalDate day, RequestType t, List<Count> payments, Money limitUsd) {
            BigDecimal limit = limitUsd.amount();
            BigDecimal total = BigDecimal.ZERO;
            for (int i = 0; i < payments.size(); i++) {
                total = total.add(payments.get(i).amountUsd().amount());
                if (total.compareTo(limit) > 0) {
                    calls.add("countAll refused at " + i);
                    return i;
                }
            }
            calls.add("countAll " + payments.size() + " " + total + " <= " + limit);
            return -1;
        }

        @Override
        public int tryCountSum(long a, LocalDate day, RequestType t, List<Money> amounts, Money limitUsd) {
            BigDecimal total = BigDecimal.ZERO;
            for (int i = 0; i < amounts.size(); i++) {
                total = total.add(amounts.get(i).amount());
                if (total.compareTo(limitUsd.amount()) > 0) {
                    calls.add("countSum refused at " + i);
                    return i;
                }
            }
            calls.add("countSum " + day + " " + amounts.size() + " " + total + " <= " + limitUsd.amount());
            return -1;
        }

        @Override
        public void counted(long a, LocalDate day, RequestType t, List<Count> payments) {
            calls.add("counted " + day + " " + payments.size());
        }

        @Override
        public void release(long paymentId) {
            calls.add("release");
            if (journal != null) {
                journal.add("limits release");
            }
        }
    }

    static Payment payment(RequestType type, String amount, String fee) {
        Instant at = Instant.parse("2026-11-23T23:59:59Z");
        return Payment.accepted(AccountId.of(1), new Payment.References(PaymentReference.of("txn_1"), "ord-1", null),
                new Payment.Routing(type, "KE", Rail.MOMO, "mpesa_ke", "net", "ch"),
                new Payment.Amounts(Money.of(new BigDecimal(amount), "KES"), Money.of(new BigDecimal("1.00"), "USD"),
                        Money.of(new BigDecimal(fee), "KES")), null,
                new Payment.Customer("A", "B", "a@b.c", "+254700000000", null, "KE", null, null),
                new Payment.Instructions("+254700000123", "http://x", null, null, null, null), at).stored(7);
    }

    @Test
    void a_withdrawal_reserves_amount_plus_fee_and_refuses_with_what_is_available() {
        var ledger = new Ledger("100");
        var funds = new PaymentFunds(ledger, new Limits());
        DomainError e = assertThrows(DomainError.class, () -> funds.onAccepted(payment(RequestType.WITHDRAWAL, "90", "15")));
        assertEquals("insufficient balance: 100.00 KES available, 105.00 needed", e.getMessage());
        funds.onAccepted(payment(RequestType.WITHDRAWAL, "85", "15"));
        assertEquals(List.of("reserve 105.00", "reserve 100.00"), ledger.calls);
    }

    @Test
    void a_collection_reserves_nothing_at_acceptance() {
        var ledger = new Ledger("0");
        new PaymentFunds(ledger, new Limits()).onAccepted(payment(RequestType.PAYMENT, "90", "0"));
        assertEquals(List.of(), ledger.calls);
    }

    @Test
    void the_tier_limit_is_judged_on_the_utc_day_of_acceptance_before_the_balance() {
        var ledger = new Ledger("0");
        var limits = new Limits();
        limits.limits = new TierLimits(Map.of(1, new TierLimits.Limit(new BigDecimal("50"), null)));
        limits.fits = false;
        DomainError e = assertThrows(DomainError.class,
                () -> new PaymentFunds(ledger, limits).onAccepted(payment(RequestType.WITHDRAWAL, "90", "15")));
        assertEquals("daily withdrawal limit of 50 USD for kyc tier 1 reached", e.getMessage());
        assertEquals(List.of("count 2026-11-23 1.00 <= 50"), limits.calls);
        assertEquals(List.of(), ledger.calls);
        // no collection limit for the tier: not even counted
        limits.calls.clear();
        new PaymentFunds(ledger, limits).onAccepted(payment(RequestType.PAYMENT, "90", "0"));
        assertEquals(List.of(), limits.calls);
    }

    @Test
    void a_batch_is_judged_against_the_tier_limit_in_order_then_reserved_at_once_per_currency() {
        var ledger = new Ledger("1000");
        var limits = new Limits();
        var funds = new PaymentFunds(ledger, limits);
        var batch = List.of(payment(RequestType.WITHDRAWAL, "100", "15"), payment(RequestType.WITHDRAWAL, "200", "15"),
                payment(RequestType.WITHDRAWAL, "300", "15"));
        funds.onBatchAccepted(1, batch); // no limits: reserved at once
        assertEquals(List.of("reserveAll KES 3 645.00"), ledger.calls);
        assertEquals(List.of(), limits.calls);

        // a limit of 2 USD (each payment counts 1.00): the third item is the first over it, and nothing is reserved
        ledger.calls.clear();
        limits.limits = new TierLimits(Map.of(1, new TierLimits.Limit(new BigDecimal("2"), null)));
        DomainError over = assertThrows(DomainError.class, () -> funds.onBatchAccepted(1, batch));
        assertEquals("daily withdrawal limit of 2 USD for kyc tier 1 reached", over.getMessage());
        assertEquals(Map.of("index", 2, "reference", "ord-1"), over.details());
        assertEquals(List.of(), ledger.calls);

        // too little balance for the whole batch: refused with the batch's total
        limits.limits = TierLimits.none();
        DomainError poor = assertThrows(DomainError.class, () -> funds.onBatchAccepted(1, batch));
        assertEquals("insufficient balance: 355.00 KES available, 645.00 needed", poor.getMessage());
    }

    static PaymentFunds.BatchApproval largeBatch(Map<String, Money> needed) {
        var usd = Money.of(new BigDecimal("1.00"), "USD");
        return new PaymentFunds.BatchApproval(1, 42, "payroll-11", Instant.parse("2026-11-23T23:59:59Z"),
                List.of(usd, usd, usd), List.of("ord-a", "ord-b", "ord-c"), needed);
    }

    /**
     * A large batch (issue 30): approval judges the limit per item in order from the amounts kept with the batch and
     * reserves each currency's total as ONE reservation; the materialiser later records the counted payments on the
     * approval's day and moves the reservation to them, the same total.
     */
    @Test
    void a_large_batch_is_judged_and_reserved_as_one_at_approval_and_moved_to_its_payments_later() {
        var ledger = new Ledger("1000");
        var limits = new Limits();
        limits.limits = new TierLimits(Map.of(1, new TierLimits.Limit(new BigDecimal("5"), null)));
        var funds = new PaymentFunds(ledger, limits);
        funds.onBatchApproved(largeBatch(Map.of("KES", Money.of(new BigDecimal("645.00"), "KES"))));
        assertEquals(List.of("countSum 2026-11-23 3 3.00 <= 5"), limits.calls);
        assertEquals(List.of("reserveBatch 42 KES 645.00"), ledger.calls);
        assertEquals(new BigDecimal("355.00"), ledger.available);

        ledger.calls.clear();
        limits.calls.clear();
        var items = List.of(payment(RequestType.WITHDRAWAL, "100", "15"), payment(RequestType.WITHDRAWAL, "200", "15"),
                payment(RequestType.WITHDRAWAL, "300", "15"));
        funds.onBatchMaterialised(1, 42, Instant.parse("2026-11-23T23:59:59Z"), items);
        assertEquals(List.of("counted 2026-11-23 3"), limits.calls, "counted on the approval's day");
        assertEquals(List.of("moveBatch 42 KES 3 645.00"), ledger.calls);
        assertEquals(new BigDecimal("355.00"), ledger.available, "moving the reservation moves no money");
        // a second materialisation of the same batch finds nothing to move: refused, the caller rolls back
        assertThrows(IllegalStateException.class, () -> funds.onBatchMaterialised(1, 42,
                Instant.parse("2026-11-23T23:59:59Z"), items));
    }

    @Test
    void a_large_batch_over_the_limit_or_the_balance_is_refused_whole_at_approval() {
        var ledger = new Ledger("600");
        var limits = new Limits();
        limits.limits = new TierLimits(Map.of(1, new TierLimits.Limit(new BigDecimal("2"), null)));
        var funds = new PaymentFunds(ledger, limits);
        DomainError over = assertThrows(DomainError.class,
                () -> funds.onBatchApproved(largeBatch(Map.of("KES", Money.of(new BigDecimal("645.00"), "KES")))));
        assertEquals("daily withdrawal limit of 2 USD for kyc tier 1 reached", over.getMessage());
        assertEquals(Map.of("index", 2, "reference", "ord-c"), over.details());
        assertEquals(List.of(), ledger.calls);

        limits.limits = TierLimits.none();
        DomainError poor = assertThrows(DomainError.class,
                () -> funds.onBatchApproved(largeBatch(Map.of("KES", Money.of(new BigDecimal("645.00"), "KES")))));
        assertEquals("insufficient balance: 600.00 KES available, 645.00 needed", poor.getMessage());
        assertEquals(new BigDecimal("600"), ledger.available);
    }

    @Test
    void final_states_move_the_money_of_their_kind() {
        var ledger = new Ledger("0");
        var limits = new Limits();
        var funds = new PaymentFunds(ledger, limits);
        funds.onFinal(payment(RequestType.PAYMENT, "1000", "50"), PaymentStatus.SUCCEEDED);
        funds.onFinal(payment(RequestType.PAYMENT, "1", "5"), PaymentStatus.SUCCEEDED); // credits nothing
        funds.onFinal(payment(RequestType.PAYMENT, "1000", "50"), PaymentStatus.FAILED);
        funds.onFinal(payment(RequestType.WITHDRAWAL, "100", "15"), PaymentStatus.SUCCEEDED);
        funds.onFinal(payment(RequestType.WITHDRAWAL, "100", "15"), PaymentStatus.FAILED);
        assertEquals(List.of("credit 950.00", "consume", "release"), ledger.calls);
        assertEquals(List.of("release", "release"), limits.calls);
    }

    /**
     * Lock order (docs/architecture.md "Lock order / no deadlock"): acceptance counts the day's tier limit (the
     * team_daily_usage row) and then reserves (a balance slot); a failed withdrawal gives them back in the same order.
     * The reverse order deadlocked a failing withdrawal with an acceptance of the same Team in PostgreSQL.
     */
    @Test
    void a_failed_withdrawal_gives_back_its_limit_count_before_its_reservation_in_the_order_acceptance_takes_them() {
        var ledger = new Ledger("1000");
        var limits = new Limits();
        limits.limits = new TierLimits(Map.of(1, new TierLimits.Limit(new BigDecimal("50"), new BigDecimal("50"))));
        List<String> journal = new ArrayList<>();
        ledger.journal = journal;
        limits.journal = journal;
        var funds = new PaymentFunds(ledger, limits);
        Payment w = payment(RequestType.WITHDRAWAL, "100", "15");
        funds.onAccepted(w);
        funds.onFinal(w, PaymentStatus.FAILED);
        assertEquals(List.of("limits count", "ledger reserve", "limits release", "ledger release"), journal);
    }
}
