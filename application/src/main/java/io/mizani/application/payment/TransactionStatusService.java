package io.mizani.application.payment;

import io.mizani.domain.error.DomainError;

/**
 * POST /api/global/transaction-status: the account's transaction by merchant_reference, else 404. Asking about
 * a pending payment whose provider query is not due for a while brings that query forward (an on-the-fly
 * janitor, as Kill Bill does on GET): the answer is what is stored now, the next one may be settled.
 */
public final class TransactionStatusService implements TransactionStatus {

    static final java.time.Duration NUDGE_SLACK = java.time.Duration.ofSeconds(5);

    private final PaymentStore store;
    private final java.time.Clock clock;
    private RefundedAmounts refunds = RefundedAmounts.NONE;

    public TransactionStatusService(PaymentStore store, java.time.Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** Where the transaction's refunded_amount comes from: set once by the wiring. */
    public TransactionStatusService withRefunds(RefundedAmounts refunds) {
        this.refunds = refunds;
        return this;
    }

    @Override
    public TransactionView find(long accountId, String merchantReference) {
        if (merchantReference == null || merchantReference.isBlank()) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                    "merchant_reference is required", DomainError.Shape.DEFAULT,
                    java.util.Map.of("invalid_arguments", java.util.List.of("merchant_reference")));
        }
        var payment = store.findByMerchantReference(accountId, merchantReference.trim())
                .orElseThrow(() -> DomainError.notFound("transaction \"" + merchantReference.trim() + "\" does not exist"));
        if (payment.status() == io.mizani.domain.payment.PaymentStatus.PENDING
                && payment.routing().rail() != io.mizani.domain.payment.Rail.CARD) {
            store.nudge(payment.id(), clock.instant(), NUDGE_SLACK);
        }
        return TransactionView.of(payment, refunds.of(java.util.List.of(payment.id())).get(payment.id()));
    }
}
