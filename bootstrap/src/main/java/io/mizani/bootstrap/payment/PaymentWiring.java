package io.mizani.bootstrap.payment;

import io.mizani.adapter.provider.payment.AirtelConfig;
import io.mizani.adapter.provider.payment.AirtelRail;
import io.mizani.adapter.provider.payment.DarajaCallbacks;
import io.mizani.adapter.provider.payment.DarajaConfig;
import io.mizani.adapter.provider.payment.DarajaRail;
import io.mizani.adapter.provider.payment.HostedCardRail;
import io.mizani.adapter.provider.payment.MtnConfig;
import io.mizani.adapter.provider.payment.MtnRail;
import io.mizani.adapter.provider.payment.PaystackApi;
import io.mizani.adapter.provider.payment.PaystackBanks;
import io.mizani.adapter.provider.payment.PaystackConfig;
import io.mizani.adapter.provider.payment.PaystackRail;
import io.mizani.adapter.provider.payment.PaystackSignature;
import io.mizani.adapter.rest.payment.PaystackNotifyResource;
import io.mizani.application.payment.CheckoutHandOffs;
import io.mizani.adapter.provider.payment.SandboxRail;
import io.mizani.adapter.provider.payment.StandardWebhooksSender;
import io.mizani.bootstrap.ops.LoggedCallbackSender;
import io.mizani.bootstrap.ops.PaymentTelemetry;
import io.mizani.adapter.rest.payment.MpesaCallbackResource;
import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.CallbackOutbox;
import io.mizani.application.payment.CardCheckout;
import io.mizani.application.payment.CardCheckoutService;
import io.mizani.application.payment.DeliverCallbacks;
import io.mizani.application.payment.Discovery;
import io.mizani.application.payment.PaymentCatalogue;
import io.mizani.application.payment.PaymentFinaliser;
import io.mizani.application.payment.PaymentObserver;
import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.CallbackHandOff;
import io.mizani.application.payment.PaymentHandOff;
import io.mizani.application.payment.ProcessPayments;
import io.mizani.application.payment.ProviderSettlement;
import io.mizani.application.payment.SettleProviderNotice;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.payment.RailRouter;
import io.mizani.application.payment.StartPayment;
import io.mizani.application.payment.StartPaymentService;
import io.mizani.application.payment.TransactionStatus;
import io.mizani.application.payment.TransactionStatusService;
import io.mizani.application.payment.WebhookSecretService;
import io.mizani.application.payment.WebhookSecrets;
import io.mizani.application.team.TeamStore;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RetrySchedule;
import io.vertx.core.Vertx;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;

/** Creates the payment use cases and rails. */
@Singleton
public class PaymentWiring {

    private static final org.jboss.logging.Logger WIRING_LOG = org.jboss.logging.Logger.getLogger(PaymentWiring.class);

    @jakarta.inject.Inject
    Clock clock;

    @ConfigProperty(name = "mizani.mode", defaultValue = "sandbox")
    String mode;
    @ConfigProperty(name = "mizani.public-url")
    Optional<String> publicUrl;
    @jakarta.inject.Inject
    PaymentSettings settings;

    @Produces
    @Singleton
    Discovery discovery(PaymentCatalogue catalogue) {
        return new Discovery(catalogue);
    }

    @Produces
    @Singleton
    PaymentFinaliser paymentFinaliser(PaymentStore store, PaymentCounterparties counterparties, CallbackOutbox outbox,
                                      PaymentFunds funds, PaymentObserver observer,
                                      io.mizani.application.payout.PayoutBatchService batches,
                                      CallbackHandOff callbacks, UnitOfWork unitOfWork) {
        // a payout batch counts its items down as they become final, in their finalising transaction
        return new PaymentFinaliser(store, counterparties, outbox, funds, observer).withListener(batches)
                .withCallbackHandOff(callbacks, unitOfWork);
    }

    /** Logs (MDC, a line per failed payment) and the finalisation timer, reported after the commit. */
    @Produces
    @Singleton
    PaymentObserver paymentObserver(io.micrometer.core.instrument.MeterRegistry registry,
                                    io.mizani.adapter.persistence.common.Sql sql) {
        return new PaymentTelemetry(registry, sql::afterCommit);
    }

    @Produces
    @Singleton
    StartPaymentService startPayment(PaymentCatalogue catalogue, PaymentCounterparties counterparties,
                                     PaymentStore store, RateTable rates, UnitOfWork unitOfWork, PaymentFunds funds,
                                     io.mizani.application.idempotency.RecoveryPoints recoveryPoints,
                                     io.mizani.application.payout.PayeeService payees,
                                     io.mizani.application.screening.ScreeningService screening,
                                     PaymentHandOff handOff) {
        return new StartPaymentService(catalogue, counterparties, store, rates, unitOfWork, clock, funds)
                .withRecoveryPoints(recoveryPoints)
                .withPayees(payees)
                .withScreening(screening)
                .withWithdrawalGate(new io.mizani.application.billing.ChargeGate(
                        settings.withdrawalsInFlightPerMerchant(), settings.withdrawalQueueWait()))
                .withHandOff(handOff);
    }

    @Produces
    @Singleton
    TransactionStatus transactionStatus(PaymentStore store, io.mizani.application.payment.RefundedAmounts refunds) {
        return new TransactionStatusService(store, clock).withRefunds(refunds);
    }

    @Produces
    @Singleton
    WebhookSecretService webhookSecretService(WebhookSecrets secrets, UnitOfWork unitOfWork) {
        return new WebhookSecretService(secrets, unitOfWork);
    }

    @Produces
    @Singleton
    CardCheckout cardCheckout(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork, TeamStore teams,
                              CheckoutHandOffs handOffs, PaymentCatalogue catalogue,
                              io.mizani.application.common.PhoneRegions phones) {
        var service = new CardCheckoutService(store, finaliser, unitOfWork, clock, !"live".equalsIgnoreCase(mode),
                settings.checkoutTtl(), accountId -> teams.team(accountId)
                        .map(t -> new CardCheckout.Brand(t.name(), t.branding().logo(), t.branding().themeColor(),
                                t.branding().paymentNote())))
                .withMomo(catalogue, phones);
        paystackApi().ifPresent(api -> {
            PaystackRail rail = new PaystackRail(api, handOffs, clock);
            service.withAcquirer(new CardCheckout.Acquirer() {
                @Override
                public boolean carries(io.mizani.domain.payment.Payment payment) {
                    return payment.routing().rail() == Rail.CARD && PaystackRail.carries(payment);
                }

                @Override
                public Optional<String> handOff(io.mizani.domain.payment.Payment payment) {
                    return handOffs.find(payment.id());
                }

                @Override
                public RailOutcome verify(io.mizani.domain.payment.Payment payment) {
                    return rail.query(payment);
                }
            });
        });
        return service;
    }

    /** Paystack's webhook signature check; with Paystack off no body is signed. */
    @Produces
    @Singleton
    PaystackNotifyResource.Signatures paystackSignatures() {
        Optional<PaystackSignature> signature = paystackApi().map(api -> new PaystackSignature(api.config().secretKey()));
        return (body, header) -> signature.isPresent() && signature.get().valid(body, header);
    }

    /** Paystack's Nigerian banks (nip_ng's withdraw networks) when Paystack is on. */
    public Optional<PaystackBanks> paystackBanks() {
        Optional<PaystackBanks> b = banks;
        if (b == null) {
            synchronized (this) {
                if (banks == null) {
                    banks = paystackApi().map(api -> new PaystackBanks(api, clock, settings.paystack().banksRefresh()));
                }
                b = banks;
            }
        }
        return b;
    }

    private volatile Optional<PaystackBanks> banks;
    private volatile Optional<PaystackApi> paystack;

    /**
     * Paystack's API when both {@link RailVariables#PAYSTACK} are set (either mode). One of them set: live mode
     * has already refused to start ({@code MizaniMain}); sandbox mode logs it and keeps the codes on the sandbox.
     */
    public Optional<PaystackApi> paystackApi() {
        Optional<PaystackApi> p = paystack;
        if (p != null) {
            return p;
        }
        synchronized (this) {
            if (paystack == null) {
                paystack = paystackConfig().map(PaystackApi::new);
            }
            return paystack;
        }
    }

    Optional<PaystackConfig> paystackConfig() {
        var ps = settings.paystack();
        if (!RailVariables.PAYSTACK.configured(java.util.List.of(ps.baseUrl(), ps.secretKey()), mode, WIRING_LOG)) {
            return Optional.empty();
        }
        String base = publicUrl.orElse("http://localhost:8080").replaceAll("/+$", "");
        return Optional.of(new PaystackConfig(ps.baseUrl().get().trim().replaceAll("/+$", ""),
                ps.secretKey().get().trim(), base, settings.checkoutTtl(),
                Duration.ofMillis(settings.providerTimeoutMs()), Duration.ofMillis(settings.railPollMs())));
    }

    @Produces
    @Singleton
    ProviderSettlement providerSettlement(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork) {
        return new ProviderSettlement(store, finaliser, unitOfWork, clock);
    }

    /**
     * Sandbox mode: momo and bank on the sandbox rail, card on the hosted checkout (test cards). Live mode:
     * {@code mpesa_ke} on Daraja when its credentials are configured; card payments open the hosted checkout but
     * no acquirer is connected, so test cards settle nothing; a provider with no live adapter gets no answer and its
     * payments stay pending (never a made-up verdict). Either mode: MTN MoMo ({@code mtn_gh}, {@code mtn_ug}), Airtel
     * Money ({@code airtel_ke}, {@code airtel_ug}) and Paystack (card collections of {@code card_ng}/{@code card_ke}, {@code nip_ng} payouts) when configured.
     */
    @Produces
    @Singleton
    RailRouter railRouter(CheckoutHandOffs handOffs, io.mizani.application.payment.ProviderHealth health) {
        RailRouter routes = routes(handOffs);
        // every rail call counts toward its provider's health (the payment channels' available)
        return payment -> health.recording(payment.routing().provider(), routes.railFor(payment));
    }

    @Produces
    @Singleton
    io.mizani.application.payment.ProviderHealth providerHealth() {
        return new io.mizani.application.payment.ProviderHealth(clock);
    }

    @Produces
    @Singleton
    io.mizani.application.payment.PaymentChannels paymentChannels(PaymentCatalogue catalogue,
                                                                  io.mizani.application.payment.ProviderHealth health,
                                                                  UnitOfWork unitOfWork) {
        return new io.mizani.application.payment.PaymentChannels(catalogue, health, unitOfWork);
    }

    private RailRouter routes(CheckoutHandOffs handOffs) {
        PaymentRail sandbox = new SandboxRail(Duration.ofMillis(settings.sandboxSettleMs()), clock);
        PaymentRail card = new HostedCardRail(settings.checkoutTtl(), clock);
        boolean live = "live".equalsIgnoreCase(mode);
        Optional<PaymentRail> daraja = darajaConfig().map(c -> new DarajaRail(c, clock));
        Optional<PaymentRail> mtn = mtnRail().map(PaymentRail.class::cast);
        Optional<PaymentRail> airtel = airtelRail().map(PaymentRail.class::cast);
        Optional<PaymentRail> paystackRail = paystackApi().map(api -> new PaystackRail(api, handOffs, clock));
        PaymentRail unavailable = new PaymentRail() {
            @Override
            public RailOutcome initiate(io.mizani.domain.payment.Payment payment) {
                return new RailOutcome.NoAnswer("no live adapter for provider " + payment.routing().provider());
            }

            @Override
            public RailOutcome query(io.mizani.domain.payment.Payment payment) {
                return initiate(payment);
            }
        };
        return payment -> {
            if (paystackRail.isPresent() && PaystackRail.carries(payment)) {
                return paystackRail.get();
            }
            if (payment.routing().rail() == Rail.CARD) {
                return card;
            }
            if (mtn.isPresent() && MTN_PROVIDERS.contains(payment.routing().provider())) {
                return mtn.get();
            }
            if (airtel.isPresent() && AIRTEL_PROVIDERS.contains(payment.routing().provider())) {
                return airtel.get();
            }
            if (!live) {
                return sandbox;
            }
            if ("mpesa_ke".equals(payment.routing().provider()) && daraja.isPresent()) {
                return daraja.get();
            }
            return unavailable;
        };
    }

    /** The provider codes the MTN MoMo adapter serves once configured (payments, refunds and payee lookups). */
    public static final java.util.Set<String> MTN_PROVIDERS = java.util.Set.of("mtn_gh", "mtn_ug");

    private volatile Optional<MtnRail> mtnRail;

    /**
     * The one MTN MoMo client (its bearer tokens cached once for payments, refunds and account holder lookups) when
     * MTN is configured ({@link #mtnConfig()}), either mode.
     */
    public Optional<MtnRail> mtnRail() {
        Optional<MtnRail> r = mtnRail;
        if (r != null) {
            return r;
        }
        synchronized (this) {
            if (mtnRail == null) {
                mtnRail = mtnConfig().map(c -> new MtnRail(c, clock));
            }
            return mtnRail;
        }
    }

    /**
     * The MTN MoMo rail's settings when all of {@link RailVariables#MTN} are set (either mode: a sandbox deployment
     * may point at MTN's own sandbox). Half of them set: live mode has already refused to start ({@code MizaniMain});
     * sandbox mode logs which are missing and keeps mtn_gh/mtn_ug on the built-in sandbox.
     */
    Optional<MtnConfig> mtnConfig() {
        var m = settings.mtn();
        if (!RailVariables.MTN.configured(java.util.List.of(m.baseUrl(), m.apiUser(), m.apiKey(), m.collectionKey(),
                m.disbursementKey()), mode, WIRING_LOG)) {
            return Optional.empty();
        }
        String base = publicUrl.orElse("http://localhost:8080").replaceAll("/+$", "");
        return Optional.of(new MtnConfig(
                new MtnConfig.Api(m.baseUrl().get().trim().replaceAll("/+$", ""), base + "/api/providers/mtn/notify",
                        m.targetEnvironment().trim(), Duration.ofMillis(settings.providerTimeoutMs()),
                        Duration.ofMillis(settings.railPollMs())),
                new MtnConfig.ApiUser(m.apiUser().get().trim(), m.apiKey().get().trim()),
                new MtnConfig.Products(m.collectionKey().get().trim(), m.disbursementKey().get().trim())));
    }

    /** The provider codes the Airtel Money adapter serves once configured (payments, refunds and payee lookups). */
    public static final java.util.Set<String> AIRTEL_PROVIDERS = java.util.Set.of("airtel_ke", "airtel_ug");

    private volatile Optional<AirtelRail> airtelRail;

    /** The one Airtel Money client (its token cached once for payments, refunds and KYC enquiries) when configured. */
    public Optional<AirtelRail> airtelRail() {
        Optional<AirtelRail> r = airtelRail;
        if (r != null) {
            return r;
        }
        synchronized (this) {
            if (airtelRail == null) {
                airtelRail = airtelConfig().map(c -> new AirtelRail(c, clock));
            }
            return airtelRail;
        }
    }

    /**
     * The Airtel Money rail's settings when all of {@link RailVariables#AIRTEL} are set (either mode). Some of them
     * set: live mode has already refused to start ({@code MizaniMain}); sandbox mode logs which are missing and keeps
     * airtel_ke/airtel_ug on the built-in sandbox. The values are never logged.
     */
    Optional<AirtelConfig> airtelConfig() {
        var a = settings.airtel();
        if (!RailVariables.AIRTEL.configured(java.util.List.of(a.baseUrl(), a.clientId(), a.clientSecret(), a.pin(),
                a.publicKey()), mode, WIRING_LOG)) {
            return Optional.empty();
        }
        return Optional.of(new AirtelConfig(
                new AirtelConfig.Api(a.baseUrl().get().trim().replaceAll("/+$", ""),
                        Duration.ofMillis(settings.providerTimeoutMs()), Duration.ofMillis(settings.railPollMs())),
                new AirtelConfig.Client(a.clientId().get().trim(), a.clientSecret().get().trim()),
                new AirtelConfig.Disbursement(a.pin().get().trim(), a.publicKey().get().trim())));
    }

    @Produces
    @Singleton
    io.mizani.application.payment.LookUpOnNotice lookUpOnNotice(PaymentStore store, UnitOfWork unitOfWork) {
        return new io.mizani.application.payment.NoticeLookups(store, unitOfWork, clock);
    }

    /** The Daraja settings when every one needed is set (refunds use them too). */
    public Optional<DarajaConfig> darajaConfig() {
        var m = settings.mpesa();
        if (m.baseUrl().isEmpty() || m.consumerKey().isEmpty() || m.consumerSecret().isEmpty()
                || m.shortCode().isEmpty() || m.callbackToken().isEmpty() || publicUrl.isEmpty()) {
            return Optional.empty();
        }
        String base = publicUrl.get().replaceAll("/+$", "");
        return Optional.of(new DarajaConfig(
                new DarajaConfig.Api(m.baseUrl().get().replaceAll("/+$", ""),
                        base + "/providers/mpesa/" + m.callbackToken().get(),
                        Duration.ofMillis(settings.providerTimeoutMs()), Duration.ofMillis(m.pollMs())),
                new DarajaConfig.App(m.consumerKey().get(), m.consumerSecret().get()),
                new DarajaConfig.ShortCode(m.shortCode().get(), m.passkey().orElse("")),
                new DarajaConfig.Initiator(m.initiatorName().orElse(""), m.securityCredential().orElse(""))));
    }

    @Produces
    @Singleton
    ProcessPayments processPayments(PaymentStore store, RailRouter router, PaymentFinaliser finaliser,
                                    UnitOfWork unitOfWork, PaymentObserver observer,
                                    @Named("payment-settle-executor") ExecutorService executor,
                                    PaymentHandOff handOff) {
        // each payment is leased on its own for twice the provider timeout: a worker that dies mid-call hands it back;
        // a payment of a claimed batch still waiting when 3/4 of its lease is gone is skipped (slow provider)
        int batch = workerBatch();
        Duration lease = workerLease();
        return new ProcessPayments(store, router, finaliser, unitOfWork, clock, lease,
                RetrySchedule.providerPolls(settings.pollBase()), batch,
                settings.pendingDeadline(), observer, executor).withHandOff(handOff);
    }

    private int workerBatch() {
        return Math.max(1, settings.workerBatch());
    }

    private Duration workerLease() {
        return Duration.ofMillis(Math.max(2 * settings.providerTimeoutMs(), 1000));
    }

    /**
     * New payments handed straight to this replica's payment worker, at most a round's batch waiting (taken fairly
     * between merchants), and the payments it keeps for their next look, at most {@link #KEPT_BATCHES}
     * batches; only while its workers run ({@code PaymentWorkers}); a bean of its own so that acceptance and the worker
     * both take it without depending on each other.
     */
    @Produces
    @Singleton
    PaymentHandOff paymentHandOff() {
        return settings.workersEnabled() && settings.workerHandOff()
                ? new PaymentHandOff(PaymentHandOff.newWorker(), workerLease(), workerBatch(),
                KEPT_BATCHES * workerBatch())
                : PaymentHandOff.OFF;
    }

    /**
     * How many batches of payments the worker keeps for their next look at most. bench/payment-life.sh (3,000
     * collections from 4 client threads, settle 200 ms): with one batch, 0.54-0.60 of the payments were kept.
     */
    static final int KEPT_BATCHES = 4;

    @Produces
    @Singleton
    @Named("payment-settle-executor")
    ExecutorService settleExecutor() {
        return Executors.newFixedThreadPool(Math.max(1, settings.settleConcurrency()), r -> {
            Thread t = new Thread(r, "mizani-settle");
            t.setDaemon(true);
            return t;
        });
    }

    void closeSettleExecutor(@Disposes @Named("payment-settle-executor") ExecutorService executor) {
        executor.shutdownNow();
    }

    @Produces
    @Singleton
    @Named("payment-callback-executor")
    ExecutorService callbackExecutor() {
        return Executors.newFixedThreadPool(settings.webhookConcurrency(), r -> {
            Thread t = new Thread(r, "mizani-callback");
            t.setDaemon(true);
            return t;
        });
    }

    void closeExecutor(@Disposes @Named("payment-callback-executor") ExecutorService executor) {
        executor.shutdownNow();
    }

    @Produces
    @Singleton
    DeliverCallbacks deliverCallbacks(CallbackOutbox outbox, UnitOfWork unitOfWork, Vertx vertx,
                                      @Named("payment-callback-executor") ExecutorService executor,
                                      CallbackHandOff handOff) {
        var sender = new StandardWebhooksSender(vertx, settings.webhookTimeout(), settings.webhookConcurrency());
        return new DeliverCallbacks(outbox, new LoggedCallbackSender(sender), unitOfWork, clock,
                RetrySchedule.webhooks(settings.webhookRetryBaseMs(), settings.webhookRetryCap(),
                        settings.webhookMaxAttempts()), callbackLease(), settings.workerBatch(), executor)
                .withHandOff(handOff);
    }

    private Duration callbackLease() {
        return settings.webhookTimeout().multipliedBy(3);
    }

    /**
     * Payments' callbacks handed straight to this replica's callback worker, at most a round's batch waiting, only
     * while it runs ({@code PaymentWorkers}).
     */
    @Produces
    @Singleton
    CallbackHandOff callbackHandOff() {
        return settings.workersEnabled() && settings.callbacksEnabled() && settings.workerHandOff()
                ? new CallbackHandOff(callbackLease(), Math.max(1, settings.workerBatch()))
                : CallbackHandOff.OFF;
    }

    @Produces
    @Singleton
    @Named("mpesa-stk")
    MpesaCallbackResource.NoticeReader stkReader() {
        return body -> {
            var s = DarajaCallbacks.stkCallback(body);
            return Map.entry(s.providerReference(), s.outcome());
        };
    }

    @Produces
    @Singleton
    @Named("mpesa-b2c")
    MpesaCallbackResource.NoticeReader b2cReader() {
        return body -> {
            var s = DarajaCallbacks.b2cResult(body);
            return Map.entry(s.providerReference(), s.outcome());
        };
    }

    @Produces
    @Singleton
    @Named("mpesa-status")
    java.util.function.Function<String, RailOutcome> statusReader() {
        return DarajaCallbacks::transactionStatusResult;
    }

    @Produces
    @Singleton
    @Named("mpesa-settle-reference")
    BiFunction<String, RailOutcome, Boolean> mpesaSettleReference(SettleProviderNotice settlement) {
        return (reference, outcome) -> settlement.settleReference("mpesa_ke", reference, outcome);
    }

    @Produces
    @Singleton
    @Named("mpesa-settle")
    BiFunction<String, RailOutcome, Boolean> mpesaSettle(SettleProviderNotice settlement) {
        return (reference, outcome) -> settlement.settle("mpesa_ke", reference, outcome);
    }
}
