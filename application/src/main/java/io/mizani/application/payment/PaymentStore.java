package io.mizani.application.payment;

import io.mizani.domain.payment.MomoSwitch;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Payments and their processing queue (the payment row is its own job: {@code next_check_at} says when a
 * worker should look at it next; null means nobody needs to).
 */
public interface PaymentStore {

    boolean merchantReferenceTaken(long accountId, String merchantReference);

    /** Inserts the payment (id, timestamps assigned by the store) with a check due at {@code nextCheckAt}. */
    Payment insert(Payment payment, Instant nextCheckAt);

    /**
     * Inserts the payment already claimed by {@code lease.worker()} until {@code lease.until()}, as a claim at
     * {@code now} would leave it (marked submitted at {@code now}, its next check at the lease's end): a payment handed
     * straight to the accepting replica's worker ({@link PaymentHandOff}), whose claim is then never written. Should
     * that worker not get to it, the payment is due again once the lease ends, and is then only queried, as a claimed
     * payment whose worker died is.
     */
    Payment insertLeased(Payment payment, Instant now, Lease lease);

    /** A worker's lease on a payment: {@code claimed_by} and {@code claimed_until}. */
    record Lease(String worker, Instant until) {
        public Lease {
            java.util.Objects.requireNonNull(worker, "worker");
            java.util.Objects.requireNonNull(until, "until");
        }
    }

    /**
     * Inserts the payments of an approved payout batch, in order, each with a check due at {@code nextCheckAt}
     * (an implementation sends them in a few statements); answers them as stored, in the same order. A merchant
     * reference used before refuses them all (400).
     */
    default List<Payment> insertAll(List<Payment> payments, Instant nextCheckAt, long payoutBatchId) {
        return payments.stream().map(p -> insert(p, nextCheckAt)).toList();
    }

    /** Of {@code merchantReferences}, those the account has used already. */
    default java.util.Set<String> merchantReferencesTaken(long accountId, java.util.Collection<String> merchantReferences) {
        var out = new java.util.HashSet<String>();
        for (String r : merchantReferences) {
            if (merchantReferenceTaken(accountId, r)) {
                out.add(r);
            }
        }
        return out;
    }

    Optional<Payment> findByMerchantReference(long accountId, String merchantReference);

    Optional<Payment> findById(long id);

    /** Locks the payment row ({@code FOR UPDATE}) inside the caller's transaction. */
    Optional<Payment> lockByCheckoutToken(String token);

    /** Locks the provider's payment submitted under this provider reference, inside the caller's transaction. */
    Optional<Payment> lockByProviderReference(String provider, String providerReference);

    /** Locks the payment with this service reference ({@code MZP…}) inside the caller's transaction. */
    Optional<Payment> lockByReference(String reference);

    /**
     * Claims the payment whose check is most overdue and not held by another worker ({@code FOR UPDATE SKIP
     * LOCKED}), for this worker alone until {@code now + lease} (a per-payment lease: {@code claimed_until},
     * {@code claimed_by}). A worker that dies mid-call simply lets the lease run out. The claim also marks the
     * payment as submitted: {@link Claim#submitted()} says whether an earlier claim already handed it to the
     * provider, in which case the provider is only ever queried about it, never sent it again.
     */
    Optional<Claim> claimNext(Instant now, Duration lease, String worker);

    /**
     * Claims up to {@code limit} due payments at once, each on its own per-payment lease exactly as {@link #claimNext}
     * does, fairly between merchants: round-robin by merchant (every merchant's most overdue payment first, then
     * every merchant's second, ...), so one merchant's burst (a 10,000-item payout batch) never holds back another
     * merchant's payment for more than a round. Returned in that order. Two workers claiming at the same time get
     * disjoint sets ({@code FOR UPDATE SKIP LOCKED}). This default, for in-memory stores, takes them most overdue
     * first, one by one.
     */
    default List<Claim> claimDue(Instant now, Duration lease, String worker, int limit) {
        List<Claim> out = new java.util.ArrayList<>();
        for (int i = 0; i < limit; i++) {
            Optional<Claim> c = claimNext(now, lease, worker);
            if (c.isEmpty()) {
                break;
            }
            out.add(c.get());
        }
        return out;
    }

    /** Gives the payment's lease back if {@code worker} still holds it. */
    void release(long id, String worker);

    /**
     * Gives back a claimed payment this worker did not get to (its lease was running out): the lease is released
     * and, when the claim was its first ({@code firstClaim}: nothing was sent), the payment is no longer marked
     * submitted, so the next claim sends it. Only while {@code worker} still holds it.
     */
    default void giveBack(long id, String worker, boolean firstClaim) {
        release(id, worker);
    }

    /**
     * {@link #scheduleCheck} (counting the check) and {@link #release} in one statement: the worker is done with
     * the payment for this round.
     */
    default void rescheduleAndRelease(long id, Instant nextCheckAt, String worker) {
        scheduleCheck(id, nextCheckAt, true);
        release(id, worker);
    }

    /**
     * What a worker writes after a look at a payment that did not finish it: the provider took it or is still at
     * it ({@link Kind#SENT}, {@link Kind#NOT_YET}), or did not answer ({@link Kind#NO_ANSWER}); {@code at} is when
     * the answer came, {@code nextCheckAt} when to look again (null: only a provider notice or a status query will).
     */
    record Look(long paymentId, Kind kind, Instant at, String providerReference, Instant nextCheckAt) {

        public enum Kind {
            /** A queued payment the provider accepted: now pending, with the provider's reference. */
            SENT,
            /** A queued payment the provider did not answer about: now pending, the check counted. */
            NO_ANSWER,
            /**
             * A pending payment asked about again, answered or not: only rescheduled, the check counted. With a
             * provider reference when the look was the payment's first submission on its rail (a pending payment a
             * hosted checkout switched to mobile money, {@link #switchToMomo}): that reference is written too.
             */
            NOT_YET
        }
    }

    /**
     * Writes the looks of one worker round and gives their leases back, as {@link #transitionAndRelease} (SENT),
     * {@link #transition} then {@link #rescheduleAndRelease} (NO_ANSWER) and {@link #rescheduleAndRelease}
     * (NOT_YET) do one by one, inside the caller's transaction (an implementation sends them in one round trip).
     */
    default void recordLooks(List<Look> looks, String worker) {
        for (Look l : looks) {
            switch (l.kind()) {
                case SENT -> transitionAndRelease(l.paymentId(), PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(),
                        l.providerReference(), null, l.nextCheckAt(), worker);
                case NO_ANSWER -> {
                    transition(l.paymentId(), PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(), null, null,
                            l.nextCheckAt());
                    rescheduleAndRelease(l.paymentId(), l.nextCheckAt(), worker);
                }
                case NOT_YET -> {
                    if (l.providerReference() != null) {
                        recordProviderReference(l.paymentId(), l.providerReference());
                    }
                    rescheduleAndRelease(l.paymentId(), l.nextCheckAt(), worker);
                }
            }
        }
    }

    /**
     * Looks whose lease the worker keeps: each of {@code paymentIds} is written as a claim at its next look's time
     * would leave it, leased to the worker until that time plus {@code lease} ({@code claimed_until} and
     * {@code next_check_at} both then), instead of released; the worker asks about it again itself
     * ({@link PaymentHandOff#keep}).
     */
    record KeepLeases(java.util.Set<Long> paymentIds, Duration lease) {
        public static final KeepLeases NONE = new KeepLeases(java.util.Set.of(), Duration.ZERO);

        public KeepLeases {
            paymentIds = java.util.Set.copyOf(paymentIds);
        }
    }

    /**
     * {@link #recordLooks(List, String)}, except that a look of {@code kept} (sent, or not yet answered) whose payment
     * is still the worker's and still open keeps the lease ({@link KeepLeases}); answers the payments kept. A look another
     * path got to first (the payment moved, or the lease no longer the worker's) is written and released as
     * {@link #recordLooks(List, String)} writes it. This default keeps none: correct, only without the saving.
     */
    default java.util.Set<Long> recordLooks(List<Look> looks, String worker, KeepLeases kept) {
        recordLooks(looks, worker);
        return java.util.Set.of();
    }

    /**
     * {@link #transition} and, when it moved the payment, {@link #release} in one statement.
     */
    default boolean transitionAndRelease(long id, PaymentStatus from, PaymentStatus to, Instant now,
                                         String providerReference, String failureReason, Instant nextCheckAt,
                                         String worker) {
        boolean moved = transition(id, from, to, now, providerReference, failureReason, nextCheckAt);
        release(id, worker);
        return moved;
    }

    /**
     * {@link #transition} returning the payment as stored after it (one statement, no re-read); empty when the
     * payment was no longer in {@code from}. A move to a final status also ends any worker's lease on it.
     */
    default Optional<Payment> transitionReturning(long id, PaymentStatus from, PaymentStatus to, Instant now,
                                                  String providerReference, String failureReason, Instant nextCheckAt) {
        if (!transition(id, from, to, now, providerReference, failureReason, nextCheckAt)) {
            return Optional.empty();
        }
        return findById(id);
    }

    /** A claimed payment; {@code submitted}: an earlier claim already sent it to the provider. */
    record Claim(Payment payment, boolean submitted) {
    }

    /**
     * Moves the payment from {@code from} to {@code to} if it is still in {@code from} (one conditional update).
     * Returns false when another worker or the checkout page got there first.
     */
    boolean transition(long id, PaymentStatus from, PaymentStatus to, Instant now, String providerReference,
                       String failureReason, Instant nextCheckAt);

    /**
     * Brings the next provider query of a pending payment forward to {@code now} when it is due later than
     * {@code now + slack} (the merchant asked for its status). No effect on other states.
     */
    void nudge(long id, Instant now, java.time.Duration slack);

    /** Writes the provider's reference of an open payment (the first submission of a switched payment). */
    void recordProviderReference(long id, String providerReference);

    /**
     * The checkout's switch to mobile money ({@link MomoSwitch}), inside the caller's transaction with the payment's
     * row locked: when the payment is still an open card payment and no worker holds a lease on it, its routing
     * (rail, provider, network, channel), fee and payment_config.account_number (sealed) become the switch's, its
     * provider reference is cleared, it is no longer marked submitted and is due now (so the worker's next claim
     * initiates it on the momo rail, once), and a pending one is pending again from {@code now} (its momo pending
     * deadline counts from the switch). False, and nothing changed, otherwise (a worker's lease: try again).
     */
    boolean switchToMomo(long id, MomoSwitch change, Instant now);

    /** Sets when the payment is looked at next (null: no check) and counts the check. */
    void scheduleCheck(long id, Instant nextCheckAt, boolean countCheck);
}
