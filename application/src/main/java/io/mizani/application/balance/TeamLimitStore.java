package io.mizani.application.balance;

import io.mizani.domain.balance.TierLimits;
import io.mizani.domain.payment.RequestType;

import io.mizani.domain.common.Money;
import java.time.LocalDate;

/** Team tier limits and the per-Team daily counters they are judged against, shared by every replica. */
public interface TeamLimitStore {

    TierLimits load();

    /** Replaces every tier's limits; counters are recomputed from the payments on their next use. */
    void replace(TierLimits limits);

    /** The Team's KYC tier. */
    int tierOf(long accountId);

    /**
     * Adds {@code amountUsd} to the Team's counter of {@code day} and {@code type} if that keeps it at or under
     * {@code limit} (one conditional statement) and records the payment as counted. False when the limit refuses.
     */
    boolean tryCount(long accountId, LocalDate day, RequestType type, long paymentId, Money amountUsd, Money limit);

    /** One payment of a {@link #tryCountAll}. */
    record Count(long paymentId, Money amountUsd) {
    }

    /**
     * {@link #tryCount} for several payments accepted together (a payout batch), judged in their order: counts all of
     * them when the last still keeps the counter at or under {@code limit} (amounts are positive, so then every one
     * did), else counts nothing and answers the index of the first payment that would take it over; -1 when counted.
     * The day's counter, when it is created, leaves these payments out.
     */
    int tryCountAll(long accountId, LocalDate day, RequestType type, java.util.List<Count> payments, Money limit);

    /**
     * A large payout batch approved before its payments exist: judges the amounts in order as {@link #tryCountAll}
     * does and adds their sum to the day's counter, recording no payment yet ({@link #counted} does, when the payments
     * are stored). Answers -1 when counted, else the index of the first amount over the limit (nothing counted).
     */
    int tryCountSum(long accountId, LocalDate day, RequestType type, java.util.List<Money> amountsUsd, Money limit);

    /** Records payments whose amounts a {@link #tryCountSum} of {@code day} counted, so a failure gives them back. */
    void counted(long accountId, LocalDate day, RequestType type, java.util.List<Count> payments);

    /** Gives back what a failed payment counted, once. */
    void release(long paymentId);
}
