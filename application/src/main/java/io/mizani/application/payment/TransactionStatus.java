package io.mizani.application.payment;

import io.mizani.domain.error.DomainError;

/** POST /api/global/transaction-status: the account's transaction by merchant_reference, else 404. */
public final class TransactionStatus {

    private final PaymentStore store;

    public TransactionStatus(PaymentStore store) {
        this.store = store;
    }

    public TransactionView find(long accountId, String merchantReference) {
        if (merchantReference == null || merchantReference.isBlank()) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                    "merchant_reference is required", DomainError.Shape.DEFAULT,
                    java.util.Map.of("invalid_arguments", java.util.List.of("merchant_reference")));
        }
        return store.findByMerchantReference(accountId, merchantReference.trim())
                .map(TransactionView::of)
                .orElseThrow(() -> DomainError.notFound("transaction \"" + merchantReference.trim() + "\" does not exist"));
    }
}
