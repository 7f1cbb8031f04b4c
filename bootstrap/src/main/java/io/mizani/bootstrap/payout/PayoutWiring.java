package io.mizani.bootstrap.payout;

import io.mizani.adapter.provider.payout.LivePayeeDirectory;
import io.mizani.adapter.provider.payout.SandboxPayeeDirectory;
import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.Events;
import io.mizani.application.payment.PaymentCatalogue;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.StartPaymentService;
import io.mizani.application.payout.PayeeDirectory;
import io.mizani.application.payout.PayeeService;
import io.mizani.application.payout.PayoutBatchService;
import io.mizani.application.payout.PayoutBatchStore;
import io.mizani.application.team.TeamStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;

/** Creates payee confirmation and payout batches (platform.md section 16). */
@ApplicationScoped
public class PayoutWiring {

    @ConfigProperty(name = "mizani.mode", defaultValue = "sandbox")
    String mode;

    /** Sandbox: the deterministic directory; live: no resolver is built yet, every rail answers unsupported. */
    @Produces
    @ApplicationScoped
    PayeeDirectory payeeDirectory() {
        return "live".equalsIgnoreCase(mode) ? new LivePayeeDirectory() : new SandboxPayeeDirectory();
    }

    @Produces
    @ApplicationScoped
    PayeeService payeeService(PayeeDirectory directory, PaymentCatalogue catalogue) {
        return new PayeeService(directory, catalogue);
    }

    @Produces
    @ApplicationScoped
    PayoutBatchService payoutBatchService(StartPaymentService acceptance, PayoutBatchStore batches,
                                          PaymentStore payments, PaymentCounterparties counterparties,
                                          PaymentFunds funds, TeamStore teams, Events events, UnitOfWork unitOfWork,
                                          Clock clock) {
        return new PayoutBatchService(acceptance,
                new PayoutBatchService.Stores(batches, payments, counterparties, funds), teams::roleOf, events,
                unitOfWork, clock);
    }
}
