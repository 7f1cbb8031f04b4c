package io.mizani.application.balance;

import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.refund.RefundId;
import io.mizani.domain.tenancy.AccountId;

import java.time.LocalDate;
import java.util.List;

/**
 * Test builder: {@link PaymentFunds} for unit tests of other rules (acceptance, the payment state machine): no tier
 * limits, every reservation fits, every movement applies, nothing is kept. What the money rules themselves do is
 * {@code PaymentFundsTest}'s.
 */
public final class OpenFunds {

    private OpenFunds() {
    }

    public static PaymentFunds create() {
        return new PaymentFunds(new OpenLedger(), new NoLimits());
    }

    private static final class OpenLedger implements BalanceLedger {
        @Override
        public Reservation reserve(AccountId accountId, PaymentId paymentId, String ref, Money needed) {
            return new Reservation(true, Money.zero(needed.currency()));
        }

        @Override
        public Reservation reserveAll(long accountId, String currency, List<Hold> holds) {
            return new Reservation(true, Money.zero(currency));
        }

        @Override
        public Reservation reserveBatch(AccountId accountId, long batchId, String batchReference, Money total) {
            return new Reservation(true, Money.zero(total.currency()));
        }

        @Override
        public boolean moveBatch(AccountId accountId, long batchId, String currency, List<Hold> holds) {
            return true;
        }

        @Override
        public boolean release(long paymentId) {
            return true;
        }

        @Override
        public boolean consume(long paymentId) {
            return true;
        }

        @Override
        public Reservation reserveRefund(long accountId, RefundId refundId, PaymentId paymentId, String ref,
                                         Money amount) {
            return new Reservation(true, Money.zero(amount.currency()));
        }

        @Override
        public boolean releaseRefund(long refundId) {
            return true;
        }

        @Override
        public boolean consumeRefund(long refundId) {
            return true;
        }

        @Override
        public boolean credit(AccountId accountId, PaymentId paymentId, String ref, Money amount) {
            return true;
        }

        @Override
        public Adjustment adjust(long accountId, Money amount, String reference, String reason) {
            return new Adjustment(Outcome.APPLIED, amount, amount);
        }

        @Override
        public boolean accountExists(long accountId) {
            return true;
        }

        @Override
        public List<Balance> balances(long accountId) {
            return List.of();
        }

        @Override
        public List<Entry> entries(long accountId, String currency, int limit, Long startingAfter) {
            return List.of();
        }

        @Override
        public boolean hasEntry(long accountId, String currency, long entryId) {
            return false;
        }
    }

    private static final class NoLimits implements TeamLimitStore {
        @Override
        public TierLimits load() {
            return TierLimits.none();
        }

        @Override
        public void replace(TierLimits limits) {
        }

        @Override
        public int tierOf(long accountId) {
            return 0;
        }

        @Override
        public boolean tryCount(long accountId, LocalDate day, RequestType type, long paymentId, Money amountUsd,
                                Money limit) {
            return true;
        }

        @Override
        public int tryCountAll(long accountId, LocalDate day, RequestType type, List<Count> payments, Money limit) {
            return -1;
        }

        @Override
        public int tryCountSum(long accountId, LocalDate day, RequestType type, List<Money> amounts, Money limit) {
            return -1;
        }

        @Override
        public void counted(long accountId, LocalDate day, RequestType type, List<Count> payments) {
        }

        @Override
        public void release(long paymentId) {
        }
    }
}
