package io.mizani.bootstrap.payout;

import io.mizani.adapter.provider.payout.AirtelPayeeResolver;
import io.mizani.adapter.provider.payout.LivePayeeDirectory;
import io.mizani.adapter.provider.payout.MtnPayeeResolver;
import io.mizani.adapter.provider.payout.PaystackPayeeResolver;
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
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.mizani.bootstrap.payment.PaymentWiring;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/** Creates payee confirmation and payout batches (platform.md section 16). */
@Singleton
public class PayoutWiring {

    @ConfigProperty(name = "mizani.mode", defaultValue = "sandbox")
    String mode;

    /**
     * A configured adapter's resolver serves its codes in either mode, like the rails: MTN basicuserinfo for
     * {@code mtn_gh}/{@code mtn_ug}, Airtel's KYC user enquiry for {@code airtel_ke}/{@code airtel_ug}, Paystack bank resolve for {@code nip_ng}. Every other code: the deterministic
     * sandbox directory in sandbox mode, {@code unsupported} in live mode.
     */
    @Produces
    @Singleton
    PayeeDirectory payeeDirectory(PaymentWiring payments) {
        Map<String, PayeeDirectory> resolvers = new HashMap<>();
        payments.mtnRail().ifPresent(mtn -> {
            PayeeDirectory resolver = new MtnPayeeResolver(mtn);
            PaymentWiring.MTN_PROVIDERS.forEach(code -> resolvers.put(code, resolver));
        });
        payments.airtelRail().ifPresent(airtel -> {
            PayeeDirectory resolver = new AirtelPayeeResolver(airtel);
            PaymentWiring.AIRTEL_PROVIDERS.forEach(code -> resolvers.put(code, resolver));
        });
        payments.paystackApi().ifPresent(api -> resolvers.put("nip_ng", new PaystackPayeeResolver(api)));
        return new LivePayeeDirectory(resolvers,
                "live".equalsIgnoreCase(mode) ? LivePayeeDirectory.UNSUPPORTED : new SandboxPayeeDirectory());
    }

    @Produces
    @Singleton
    PayeeService payeeService(PayeeDirectory directory, PaymentCatalogue catalogue) {
        return new PayeeService(directory, catalogue);
    }

    @Produces
    @Singleton
    PayoutBatchService payoutBatchService(StartPaymentService acceptance, PayoutBatchStore batches,
                                          PaymentStore payments, PaymentCounterparties counterparties,
                                          PaymentFunds funds, TeamStore teams, Events events, UnitOfWork unitOfWork,
                                          Clock clock, PayoutBatchSettings settings) {
        return new PayoutBatchService(acceptance,
                new PayoutBatchService.Stores(batches, payments, counterparties, funds),
                teams::roleOf, events, unitOfWork,
                clock, settings.materialiseInApprovalUpTo());
    }
}
