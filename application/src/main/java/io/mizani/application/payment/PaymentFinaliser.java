package io.mizani.application.payment;

import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

import java.time.Instant;
import java.util.Optional;

/**
 * Moves a payment to {@code succeeded} or {@code failed} inside the caller's transaction, and in that same
 * transaction gives back a failed payment's tier-0 count, moves its money (a collection's credit, a withdrawal's
 * reservation consumed or released) and writes its callback to the outbox.
 */
public final class PaymentFinaliser {

    public static final String SUCCEEDED = "transaction.succeeded";
    public static final String FAILED = "transaction.failed";

    private final PaymentStore store;
    private final PaymentCounterparties counterparties;
    private final CallbackOutbox outbox;
    private final PaymentFunds funds;
    private final PaymentObserver observer;

    public PaymentFinaliser(PaymentStore store, PaymentCounterparties counterparties, CallbackOutbox outbox,
                            PaymentFunds funds, PaymentObserver observer) {
        this.funds = java.util.Objects.requireNonNull(funds, "funds");
        this.observer = java.util.Objects.requireNonNull(observer, "observer");
        this.store = store;
        this.counterparties = counterparties;
        this.outbox = outbox;
    }

    /**
     * Told of every payment that has just become final, inside the finalising transaction (payout batches count
     * their items down here).
     */
    public interface Listener {
        void finished(Payment payment, PaymentStatus status, Instant at);
    }

    private Listener listener = (payment, status, at) -> { };

    private CallbackHandOff callbacks = CallbackHandOff.OFF;
    private UnitOfWork unitOfWork;

    /**
     * Hands each callback with a URL straight to this replica's callback worker ({@link CallbackHandOff}) once the
     * finalising transaction of {@code unitOfWork} commits: set once by the wiring.
     */
    public PaymentFinaliser withCallbackHandOff(CallbackHandOff callbacks,
                                                UnitOfWork unitOfWork) {
        this.callbacks = callbacks;
        this.unitOfWork = java.util.Objects.requireNonNull(unitOfWork, "unitOfWork");
        return this;
    }

    /** Set once by the wiring. */
    public PaymentFinaliser withListener(Listener listener) {
        this.listener = listener;
        return this;
    }

    /**
     * The provider confirmed the payment: a payment still {@code queued} (confirmed before its acceptance was
     * recorded: a notice, a card, a rail that answers at once) first moves to {@code pending} with the provider's
     * reference, then to {@code succeeded}, in the caller's transaction. The one home of that two-step move; false as
     * {@link #finish}.
     */
    public boolean succeed(Payment payment, Instant now, String providerReference) {
        if (payment.status() == PaymentStatus.QUEUED) {
            store.transition(payment.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now, providerReference, null,
                    null);
        }
        return finish(payment.id(), PaymentStatus.PENDING, PaymentStatus.SUCCEEDED, now, providerReference, null);
    }

    /** False when the payment was no longer in {@code from} (someone else settled it first). */
    public boolean finish(long paymentId, PaymentStatus from, PaymentStatus to, Instant now, String providerReference,
                          String failureReason) {
        if (!to.isFinal()) {
            throw new IllegalArgumentException("not a final status: " + to);
        }
        var moved = store.transitionReturning(paymentId, from, to, now, providerReference, failureReason, null);
        if (moved.isEmpty()) {
            return false;
        }
        Payment p = moved.get();
        Payment.Beneficiary b = p.beneficiary();
        if (to == PaymentStatus.FAILED && b != null && b.tier0Counted() != null) {
            counterparties.releaseTier0(p.accountId(), BeneficiaryId.of(b.id()), b.tier0Counted());
        }
        funds.onFinal(p, to); // credit a collection / consume or release a withdrawal's reservation
        String type = to == PaymentStatus.SUCCEEDED ? SUCCEEDED : FAILED;
        String body = TransactionView.callbackBody(type, now, TransactionView.of(p));
        var callback = new CallbackOutbox.NewCallback(p.accountId().value(), p.id(), Tokens.webhookId(), type,
                p.instructions().callbackUrl(), body, now);
        String url = callback.url();
        Optional<Instant> leaseEnd = url == null || url.isBlank() ? Optional.empty()
                : callbacks.lease(now);
        if (leaseEnd.isPresent()) {
            // held for this replica's callback worker, handed to it once this transaction commits (never if not)
            CallbackOutbox.DueCallback due = outbox.enqueueLeased(callback, leaseEnd.get());
            unitOfWork.afterCommit(() -> callbacks.handOver(due, leaseEnd.get()));
        } else {
            outbox.enqueue(callback);
        }
        listener.finished(p, to, now);
        observer.finished(p, to, now);
        return true;
    }
}
