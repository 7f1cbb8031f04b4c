package io.mizani.application.verification;

import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.billing.ChargeEvent;
import io.mizani.domain.billing.ChargeStateMachine;
import io.mizani.domain.billing.ChargeStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The sweeper: settles charges the request path could not. A call still in flight after the settlement grace (the
 * process died between charge and settlement) is closed as {@code error} and its charge reversed; a
 * {@code refund_failed} charge is reversed again until it succeeds. Each call is settled in its own transaction,
 * claimed with {@code FOR UPDATE SKIP LOCKED}, so any number of replicas can sweep at once.
 */
public final class SettleStrandedCharges {

    private static final Logger LOG = Logger.getLogger(SettleStrandedCharges.class.getName());

    private final LookupStore lookups;
    private final WalletCharges wallet;
    private final UnitOfWork uow;
    private final Clock clock;
    private final VerificationPolicy policy;

    public SettleStrandedCharges(LookupStore lookups, WalletCharges wallet, UnitOfWork uow, Clock clock,
                                 VerificationPolicy policy) {
        this.lookups = lookups;
        this.wallet = wallet;
        this.uow = uow;
        this.clock = clock;
        this.policy = policy;
    }

    /** Settles up to {@code max} calls; returns how many were settled (refunded or recorded as refund_failed). */
    public int sweep(int max) {
        int done = 0;
        while (done < max) {
            Optional<LookupRecord> claimed;
            try {
                claimed = uow.inNewTransaction(this::settleOne);
            } catch (ReversalFailed e) {
                LOG.log(Level.WARNING, "refund of " + e.record.id() + " failed", e.getCause());
                Instant retryAt = clock.instant().plus(policy.refundRetry());
                boolean recorded;
                try {
                    // a new transaction: the claim's rolled back with the failed call. Another replica may have
                    // claimed and refunded the call since, so the failure is written only over the status claimed
                    recorded = uow.inNewTransaction(() ->
                            lookups.recordRefundFailureIfStill(e.claimedAs, e.record, retryAt));
                } catch (RuntimeException again) {
                    LOG.log(Level.SEVERE, "could not record the failed refund of " + e.record.id(), again);
                    return done;
                }
                if (!recorded) {
                    LOG.info(() -> "the failed refund of " + e.record.id() + " was settled by another replica first");
                }
                claimed = Optional.of(e.record);
            }
            if (claimed.isEmpty()) {
                return done;
            }
            done++;
        }
        return done;
    }

    /** One call, one transaction: claim, reverse the charge, record the settlement. */
    private Optional<LookupRecord> settleOne() {
        Instant now = clock.instant();
        Optional<LookupRecord> claimed = lookups.claimForSweep(now.minus(policy.settlementGrace()), now);
        if (claimed.isEmpty()) {
            return claimed;
        }
        LookupRecord r = claimed.get();
        LookupRecord base = r.settled() ? r : r.asError("settlement lost; charge reversed");
        ChargeStatus from = r.charge().status();
        ChargeEvent event = r.settled() ? ChargeEvent.REVERSAL_SUCCEEDED : ChargeEvent.SETTLEMENT_LOST;
        ChargeStatus to = ChargeStateMachine.transition(from, event);
        if (ChargeStateMachine.reversesCharge(from, event)) {
            try {
                wallet.refund(r.accountId().value(), r.charge().amount(), r.charge().reference());
            } catch (RuntimeException e) {
                throw new ReversalFailed(from, base.withCharge(
                        ChargeStateMachine.transition(from, ChargeEvent.REVERSAL_FAILED)), e);
            }
        }
        LookupRecord settled = base.withCharge(to);
        lookups.updateSettlement(settled);
        return Optional.of(settled);
    }

    private static final class ReversalFailed extends RuntimeException {
        private final ChargeStatus claimedAs;
        private final LookupRecord record;

        ReversalFailed(ChargeStatus claimedAs, LookupRecord record, Throwable cause) {
            super(cause);
            this.claimedAs = claimedAs;
            this.record = record;
        }
    }
}
