package io.mizani.bootstrap.refund;

import io.mizani.adapter.provider.payment.AirtelRail;
import io.mizani.adapter.provider.payment.DarajaCallbacks;
import io.mizani.adapter.provider.payment.DarajaRail;
import io.mizani.adapter.provider.payment.MtnRail;
import io.mizani.adapter.provider.refund.AirtelRefundRail;
import io.mizani.adapter.provider.refund.DarajaReversalRail;
import io.mizani.adapter.provider.refund.MtnRefundRail;
import io.mizani.adapter.provider.refund.PaystackRefundRail;
import io.mizani.adapter.provider.payment.PaystackRail;
import io.mizani.adapter.provider.refund.SandboxRefundRail;
import io.mizani.adapter.rest.payment.MpesaCallbackResource;
import io.mizani.bootstrap.payment.PaymentWiring;
import jakarta.inject.Named;
import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.idempotency.RecoveryPoints;
import io.mizani.application.payment.CallbackOutbox;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.refund.ProcessRefunds;
import io.mizani.application.refund.RefundRail;
import io.mizani.application.refund.RefundService;
import io.mizani.application.refund.RefundStore;
import io.mizani.bootstrap.payment.PaymentSettings;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.RetrySchedule;
import io.mizani.domain.refund.Refund;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Creates the refund use cases, the refund rails and the refund worker. */
@Singleton
public class RefundWiring {

    @Inject
    Clock clock;
    @Inject
    PaymentSettings settings;
    @ConfigProperty(name = "mizani.mode", defaultValue = "sandbox")
    String mode;

    @Produces
    @Singleton
    RefundService refundService(PaymentStore payments, RefundStore store, BalanceLedger ledger, UnitOfWork unitOfWork,
                                RecoveryPoints recoveryPoints) {
        return new RefundService(payments, store, ledger, unitOfWork, clock).withRecoveryPoints(recoveryPoints);
    }

    /**
     * Either mode: a card collection Paystack took is refunded at Paystack ({@code POST /refund}) when Paystack is
     * configured, and an {@code mtn_gh}/{@code mtn_ug} collection MTN took is refunded at MTN
     * ({@code POST /disbursement/v1_0/refund}) when MTN is configured, and an {@code airtel_ke}/{@code airtel_ug}
     * collection Airtel took is refunded at Airtel ({@code POST /standard/v1/payments/refund}) when Airtel is
     * configured. Otherwise, sandbox mode: every refund on the sandbox refund provider. Live mode: {@code mpesa_ke}
     * collections by Daraja Reversal when Daraja is configured; any other gets no answer and stays {@code pending}, looked up again with
     * back-off: never a made-up verdict.
     */
    @Produces
    @Singleton
    ProcessRefunds processRefunds(RefundStore store, PaymentStore payments, BalanceLedger ledger, CallbackOutbox outbox,
                                  UnitOfWork unitOfWork, PaymentWiring paymentWiring) {
        RefundRail sandbox = new SandboxRefundRail(Duration.ofMillis(settings.sandboxSettleMs()), clock);
        RefundRail unavailable = new RefundRail() {
            @Override
            public RailOutcome submit(Refund refund, Payment collection) {
                return new RailOutcome.NoAnswer("no live refund adapter for provider " + collection.routing().provider());
            }

            @Override
            public RailOutcome query(Refund refund, Payment collection) {
                return submit(refund, collection);
            }
        };
        boolean live = "live".equalsIgnoreCase(mode);
        Optional<RefundRail> reversal = paymentWiring.darajaConfig()
                .map(c -> new DarajaReversalRail(new DarajaRail(c, clock), settings.pendingDeadline(), clock));
        Optional<RefundRail> paystack = paymentWiring.paystackApi()
                .map(api -> new PaystackRefundRail(api, api.config().pollEvery()));
        Optional<RefundRail> mtn = paymentWiring.mtnRail().map(MtnRefundRail::new);
        Optional<RefundRail> airtel = paymentWiring.airtelRail().map(AirtelRefundRail::new);
        Function<Payment, RefundRail> router = collection -> {
            // a card collection Paystack took (its provider_reference is its Paystack reference): refunded at Paystack
            if (paystack.isPresent() && PaystackRail.carries(collection)
                    && PaystackRail.reference(collection).equals(collection.outcome().providerReference())) {
                return paystack.get();
            }
            // an MTN collection MTN took (its provider_reference is its X-Reference-Id): refunded at MTN
            if (mtn.isPresent() && PaymentWiring.MTN_PROVIDERS.contains(collection.routing().provider())
                    && MtnRail.took(collection)) {
                return mtn.get();
            }
            // an Airtel collection Airtel took (its provider_reference is its partner transaction id): refunded at Airtel
            if (airtel.isPresent() && PaymentWiring.AIRTEL_PROVIDERS.contains(collection.routing().provider())
                    && AirtelRail.took(collection)) {
                return airtel.get();
            }
            if (!live) {
                return sandbox;
            }
            if ("mpesa_ke".equals(collection.routing().provider()) && reversal.isPresent()) {
                return reversal.get();
            }
            return unavailable;
        };
        Duration lease = Duration.ofMillis(Math.max(2 * settings.providerTimeoutMs(), 1000));
        return new ProcessRefunds(store, payments, router, new ProcessRefunds.Books(ledger, outbox), unitOfWork, clock,
                new ProcessRefunds.Schedule(lease, Math.max(1, settings.workerBatch()),
                        RetrySchedule.providerPolls(settings.pollBase())));
    }

    @Produces
    @Singleton
    @Named("mpesa-reversal")
    MpesaCallbackResource.NoticeReader reversalReader() {
        return body -> {
            var s = DarajaCallbacks.reversalResult(body);
            return Map.entry(s.providerReference(), s.outcome());
        };
    }

    /** The Transaction Status result about a reversal, posted to {@code /reversal-status-result/R<n>}. */
    @Produces
    @Singleton
    @Named("mpesa-reversal-status")
    Function<String, RailOutcome> reversalStatusReader() {
        return DarajaCallbacks::reversalStatusResult;
    }

    /** A reversal result names its refund {@code R<number>} ({@link DarajaRail#reversalKey}); anything else is ignored. */
    @Produces
    @Singleton
    @Named("mpesa-refund-settle")
    BiFunction<String, RailOutcome, Boolean> settleRefund(ProcessRefunds refunds) {
        return (key, outcome) -> key != null && key.matches("R[0-9]{1,18}")
                && refunds.settle(Long.parseLong(key.substring(1)), outcome);
    }

    /** Paystack's refund notifications bring the named collection's pending refunds' lookups forward. */
    @Produces
    @Singleton
    io.mizani.application.refund.LookUpRefundsOnNotice lookUpRefundsOnNotice(RefundStore store, PaymentStore payments,
                                                                           UnitOfWork unitOfWork) {
        return new io.mizani.application.refund.RefundNoticeLookups(payments, store, unitOfWork);
    }
}
