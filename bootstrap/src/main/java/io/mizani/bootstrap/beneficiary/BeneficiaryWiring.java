package io.mizani.bootstrap.beneficiary;

import io.mizani.application.beneficiary.BeneficiaryBook;
import io.mizani.application.beneficiary.BeneficiaryDemoSeed;
import io.mizani.application.beneficiary.BeneficiaryStore;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.beneficiary.Tier0Counterparties;
import io.mizani.application.common.SandboxSeed;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.RateTable;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Clock;

/**
 * Beneficiary wiring: the book (every beneficiary input port), the counterparties port payments use, and the
 * beneficiary part of the sandbox demo merchant. The store is the persistence adapter's bean.
 */
@Singleton
public class BeneficiaryWiring {

    /** Singleton, not a client proxy: the book is a final class and is stateless. */
    @Produces
    @Singleton
    BeneficiaryBook beneficiaryBook(BeneficiaryStore store, UnitOfWork unitOfWork, Clock clock, RateTable rates,
                                    io.mizani.application.idempotency.RecoveryPoints recoveryPoints,
                                    io.mizani.application.screening.ScreeningService screening) {
        return new BeneficiaryBook(store, unitOfWork, clock, rates).withRecoveryPoints(recoveryPoints)
                .afterWrite(b -> screening.screenBeneficiary(
                        io.mizani.application.screening.ScreeningStore.ScreenedBeneficiary.of(b)));
    }

    @Produces
    @Singleton
    PaymentCounterparties paymentCounterparties(BeneficiaryStore store, UnitOfWork unitOfWork, Clock clock) {
        return new Tier0Counterparties(store, unitOfWork, clock);
    }

    @Produces
    @Singleton
    SandboxSeed beneficiaryDemoSeed(BeneficiaryBook book) {
        return new BeneficiaryDemoSeed(book);
    }
}
