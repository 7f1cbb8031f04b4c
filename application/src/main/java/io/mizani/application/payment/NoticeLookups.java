package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * A notification that is not signed is a hint, not a verdict: the payment it names is looked up at the provider by
 * the payment worker at once ({@link PaymentStore#nudge}), and only that lookup's answer settles it. A forged
 * "SUCCESSFUL" for a payment the provider calls FAILED therefore ends {@code failed}.
 */
public final class NoticeLookups implements LookUpOnNotice {

    private final PaymentStore store;
    private final UnitOfWork unitOfWork;
    private final Clock clock;

    public NoticeLookups(PaymentStore store, UnitOfWork unitOfWork, Clock clock) {
        this.store = store;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
    }

    /**
     * The payment of one of {@code providers} a notification names (locked until the caller's transaction ends): by
     * the service's reference, else by a provider reference of one of them. Empty for a blank, overlong or unknown one.
     */
    public static Optional<Payment> named(PaymentStore store, Set<String> providers, String reference) {
        if (reference == null || reference.isBlank() || reference.length() > 100) {
            return Optional.empty();
        }
        Optional<Payment> found = store.lockByReference(reference)
                .filter(p -> providers.contains(p.routing().provider()));
        for (String provider : providers) {
            if (found.isPresent()) {
                break;
            }
            found = store.lockByProviderReference(provider, reference);
        }
        return found;
    }

    @Override
    public boolean lookUpNow(Set<String> providers, Iterable<String> references) {
        return unitOfWork.inTransaction(() -> {
            for (String reference : references) {
                Optional<Payment> found = named(store, providers, reference);
                if (found.isPresent() && found.get().status() == PaymentStatus.PENDING) {
                    store.nudge(found.get().id(), clock.instant(), Duration.ZERO);
                    return true;
                }
            }
            return false;
        });
    }
}
