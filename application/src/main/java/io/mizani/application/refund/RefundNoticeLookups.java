package io.mizani.application.refund;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentStore;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

import java.util.Optional;
import java.util.Set;

/**
 * Finds the collection a refund notification names (the service's reference, else a provider reference of one of
 * the providers) and makes its pending refunds due now ({@link RefundStore#nudgePending}); the refund worker's lookup
 * at the provider then decides each of them. A forged "processed" therefore never succeeds a refund the provider
 * calls failed, and a duplicated or late notification only costs one more lookup.
 */
public final class RefundNoticeLookups implements LookUpRefundsOnNotice {

    private final PaymentStore payments;
    private final RefundStore refunds;
    private final UnitOfWork unitOfWork;

    public RefundNoticeLookups(PaymentStore payments, RefundStore refunds, UnitOfWork unitOfWork) {
        this.payments = payments;
        this.refunds = refunds;
        this.unitOfWork = unitOfWork;
    }

    @Override
    public boolean lookUpNow(Set<String> providers, Iterable<String> references) {
        return unitOfWork.inTransaction(() -> {
            for (String reference : references) {
                if (reference == null || reference.isBlank() || reference.length() > 100) {
                    continue;
                }
                Optional<Payment> found = payments.lockByReference(reference)
                        .filter(p -> providers.contains(p.routing().provider()));
                for (String provider : providers) {
                    if (found.isPresent()) {
                        break;
                    }
                    found = payments.lockByProviderReference(provider, reference);
                }
                if (found.isPresent() && found.get().status() == PaymentStatus.SUCCEEDED
                        && refunds.nudgePending(found.get().id()) > 0) {
                    return true;
                }
            }
            return false;
        });
    }
}
