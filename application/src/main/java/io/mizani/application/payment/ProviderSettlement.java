package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * A provider's own notice of a verdict (M-Pesa STK callback, B2C result) settles the payment it names, under the
 * payment's row lock, exactly as a worker's status query would. A notice for an unknown or already settled
 * payment changes nothing (providers repeat their callbacks).
 */
public final class ProviderSettlement implements SettleProviderNotice {

    private final PaymentStore store;
    private final PaymentFinaliser finaliser;
    private final UnitOfWork unitOfWork;
    private final Clock clock;

    public ProviderSettlement(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork, Clock clock) {
        this.store = store;
        this.finaliser = finaliser;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
    }

    @Override
    public boolean settle(String provider, String providerReference, RailOutcome outcome) {
        return unitOfWork.inTransaction(() -> settleLocked(store.lockByProviderReference(provider, providerReference), outcome));
    }

    /**
     * A notice addressed to the service's own reference (the provider was told it in the callback URL), for a
     * payment whose provider reference may never have come back (the provider's first answer was lost).
     */
    @Override
    public boolean settleReference(String provider, String reference, RailOutcome outcome) {
        return unitOfWork.inTransaction(() -> settleLocked(
                store.lockByReference(reference).filter(p -> p.routing().provider().equals(provider)), outcome));
    }

    private boolean settleLocked(Optional<Payment> found, RailOutcome outcome) {
        if (found.isEmpty() || found.get().status().isFinal()) {
            return false;
        }
        Payment p = found.get();
        Instant now = clock.instant();
        return switch (outcome) {
            case RailOutcome.Succeeded s -> finaliser.succeed(p, now, s.providerReference());
            case RailOutcome.Declined d -> finaliser.finish(p.id(), p.status(), PaymentStatus.FAILED, now, null,
                    d.reason());
            default -> false;
        };
    }
}
