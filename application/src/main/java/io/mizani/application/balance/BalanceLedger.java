package io.mizani.application.balance;

import io.mizani.domain.balance.EntryType;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.refund.RefundId;
import io.mizani.domain.tenancy.AccountId;

import java.time.Instant;
import java.util.List;

/**
 * The payment-balance ledger (one balance per Team and currency). Every method runs inside the caller's
 * transaction; every movement is one conditional statement, and each payment moves each kind of entry at most once
 * (the store enforces it, so a replay, a second replica or a retry after a crash changes nothing).
 */
public interface BalanceLedger {

    /** One balance: its three amounts, each in {@code currency} (another is refused). */
    record Balance(String currency, Money available, Money reserved, Money incoming) {
        public Balance {
            for (Money m : new Money[]{available, reserved, incoming}) {
                if (!m.currency().equals(currency)) {
                    throw new IllegalArgumentException("balance in " + currency + " holds " + m.currency());
                }
            }
        }
    }

    /** One ledger entry: its signed amount and the balance's available right after it, in the balance's currency. */
    record Entry(long id, EntryType type, Money amount, Money availableAfter, String transactionReference,
                 Instant createdAt) {
        public Entry {
            if (!amount.currency().equals(availableAfter.currency())) {
                throw new Money.CurrencyMismatch(amount, availableAfter);
            }
        }

        public String currency() {
            return amount.currency();
        }
    }

    /** Reserved: {@code ok} true and {@code available} after; refused: {@code ok} false and what is available now. */
    record Reservation(boolean ok, Money available) {
    }

    enum Outcome { APPLIED, REPEATED, INSUFFICIENT }

    /**
     * An adjustment's result: APPLIED (available after it), REPEATED (the reference was applied before: its amount and
     * the available right after it), INSUFFICIENT (it would go below zero: available now; the caller must roll back).
     */
    record Adjustment(Outcome outcome, Money amount, Money available) {
    }

    /**
     * Takes {@code needed} from available into reserved for this withdrawal if available covers it (the balance of
     * {@code needed}'s currency).
     */
    Reservation reserve(AccountId accountId, PaymentId paymentId, String transactionReference, Money needed);

    /** One withdrawal's hold in a {@link #reserveAll}: its payment, its service reference and amount + fee. */
    record Hold(long paymentId, String transactionReference, Money needed) {
    }

    /**
     * Takes the sum of {@code holds} from available into reserved in one step, if available covers the sum (the same
     * slot path as {@link #reserve}), and writes one withdrawal_reserve entry per hold (each released or consumed on
     * its own later); nothing at all when refused ({@code ok} false, what is available now). Every hold is in
     * {@code currency} ({@link Money.CurrencyMismatch} otherwise).
     */
    Reservation reserveAll(long accountId, String currency, java.util.List<Hold> holds);

    /**
     * A large payout batch's total in one currency (every item's amount + fee) taken from available into reserved as
     * ONE reservation tied to the batch (a payout_batch_reserve entry, one per batch and currency), by the same slot
     * path as {@link #reserve}; refused as one withdrawal would be ({@code ok} false, what is available now).
     */
    Reservation reserveBatch(AccountId accountId, long payoutBatchId, String batchReference, Money total);

    /**
     * Moves the batch's open reservation in {@code currency} to its items: the batch reserve entry settled 'moved', a
     * payout_batch_release entry giving its amount back and one withdrawal_reserve entry per hold on the slot that
     * holds it, so the reserved balance does not change. The holds must sum to the batch reservation exactly
     * ({@link IllegalStateException} otherwise, nothing written). False, writing nothing, when there is no open batch
     * reservation.
     */
    boolean moveBatch(AccountId accountId, long payoutBatchId, String currency, List<Hold> holds);

    /** Gives a failed withdrawal's reservation back (a withdrawal_release entry). False if nothing was held. */
    boolean release(long paymentId);

    /** A succeeded withdrawal consumes its reservation. False if nothing was held. */
    boolean consume(long paymentId);

    /**
     * Takes a refund's {@code amount} from available into reserved if available covers it, by the withdrawals' path (a
     * refund_reserve entry, one per refund), inside the caller's transaction.
     */
    Reservation reserveRefund(long accountId, RefundId refundId, PaymentId paymentId, String refundReference,
                              Money amount);

    /** Gives a failed refund's reservation back (a refund_release entry). False if nothing was held. */
    boolean releaseRefund(long refundId);

    /** A succeeded refund consumes its reservation. False if nothing was held. */
    boolean consumeRefund(long refundId);

    /** Credits a succeeded collection (a collection entry). False if it was already credited. */
    boolean credit(AccountId accountId, PaymentId paymentId, String transactionReference, Money amount);

    /** Applies a signed adjustment once per (Team, currency of {@code amount}, reference). */
    Adjustment adjust(long accountId, Money amount, String reference, String reason);

    boolean accountExists(long accountId);

    /** The Team's balances, one per currency with any entry. */
    List<Balance> balances(long accountId);

    /** Up to {@code limit} entries of one balance, newest first, older than {@code startingAfter} when given. */
    List<Entry> entries(long accountId, String currency, int limit, Long startingAfter);

    /** Whether {@code entryId} is an entry of this account's balance in {@code currency} (a cursor's check). */
    boolean hasEntry(long accountId, String currency, long entryId);
}
