package io.mizani.application.refund;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.NoticeLookups;
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
                Optional<Payment> found = NoticeLookups.named(payments, providers, reference);
                if (found.isPresent() && found.get().status() == PaymentStatus.SUCCEEDED
                        && refunds.nudgePending(found.get().id()) > 0) {
                    return true;
                }
            }
            return false;
        });
    }
}
