package io.mizani.bootstrap.verification;

import io.mizani.adapter.provider.crypto.AesGcmPiiProtection;
import io.mizani.adapter.provider.verification.DojahKyc;
import io.mizani.adapter.provider.verification.ProviderGuards;
import io.mizani.adapter.provider.verification.SandboxVerificationProvider;
import io.mizani.adapter.provider.verification.SmileIdEnhancedKyc;
import io.mizani.application.billing.ChargeGate;
import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.SandboxSeed;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.idempotency.IdempotencyService;
import io.mizani.application.idempotency.CurrentIdempotencyKey;
import io.mizani.application.idempotency.IdempotencyStore;
import io.mizani.application.idempotency.RecoveryPoints;
import io.mizani.application.teamkyc.VerificationEvidence;
import io.mizani.application.verification.IdentityCheckAvailability;
import io.mizani.application.verification.ListLookups;
import io.mizani.application.verification.LookupStore;
import io.mizani.application.verification.ManageRouting;
import io.mizani.application.verification.ManageVerificationSettings;
import io.mizani.application.verification.ProviderCallLog;
import io.mizani.application.verification.RoutingService;
import io.mizani.application.verification.RoutingStore;
import io.mizani.application.verification.VerificationProviders;
import io.mizani.application.common.PhoneRegions;
import io.mizani.application.verification.PiiProtection;
import io.mizani.application.verification.ResolveToken;
import io.mizani.application.verification.RunCheck;
import io.mizani.application.verification.RunCheckService;
import io.mizani.application.verification.SettleStrandedCharges;
import io.mizani.application.verification.TokenQueries;
import io.mizani.application.verification.VerificationMode;
import io.mizani.application.verification.VerificationPolicy;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.application.verification.VerificationSettings;
import io.mizani.application.verification.VerificationSettingsService;
import io.mizani.application.verification.VerificationSettingsStore;
import io.mizani.application.verification.VerificationAccess;
import io.mizani.domain.verification.CheckCatalogue;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Wiring of the verification feature: application services built from their ports. */
public class VerificationWiring {

    /** A documented sandbox-only default; live mode refuses to start without MIZANI_PII_KEY. */
    static final String SANDBOX_PII_KEY = "mizani-sandbox-pii-key (sandbox only, never for live data)";

    @ConfigProperty(name = "mizani.mode", defaultValue = "sandbox")
    String mode;

    @Inject
    VerificationConfig config;

    boolean sandbox() {
        return !"live".equalsIgnoreCase(mode);
    }

    @Produces
    @Singleton
    CheckCatalogue catalogue() {
        return CheckCatalogue.standard();
    }

    @Produces
    @Singleton
    VerificationPolicy policy() {
        Duration grace = config.settlementGrace();
        // a check may try every provider of its route in turn (at most the 4 providers), each up to the timeout
        Duration minimumGrace = Duration.ofMillis(config.providerTimeoutMs() * 4).plusSeconds(30);
        return new VerificationPolicy(config.cacheTtl(), grace.compareTo(minimumGrace) < 0 ? minimumGrace : grace,
                config.refundRetry());
    }

    /**
     * The service's secret material: MIZANI_PII_KEY, or in sandbox mode the sandbox key when it is not set (live mode
     * refuses to start without it). Other keys (statement download links) are derived from it for their purpose.
     */
    public String masterKey() {
        String piiKey = config.piiKey().orElse("");
        if (piiKey.isBlank()) {
            if (!sandbox()) {
                throw new IllegalStateException("MIZANI_PII_KEY is required in live mode");
            }
            return SANDBOX_PII_KEY;
        }
        return piiKey;
    }

    @Produces
    @Singleton
    PiiProtection pii() {
        String piiKey = config.piiKey().orElse("");
        java.util.List<String> previous = java.util.Arrays.stream(config.piiKeyPrevious().orElse("").split(","))
                .map(String::strip).filter(k -> !k.isEmpty()).toList();
        if (piiKey.isBlank()) {
            if (!sandbox()) {
                throw new IllegalStateException("MIZANI_PII_KEY is required in live mode");
            }
            return new AesGcmPiiProtection(SANDBOX_PII_KEY, previous);
        }
        return new AesGcmPiiProtection(piiKey, previous);
    }

    /**
     * Every provider behind its guards. Default route of a check the operator has not routed: sandbox mode
     * {@code [sandbox, sandbox_backup]} (platform.md section 13); live mode the configured route of the check
     * ({@code mizani.verification.routes.<check>}), else {@code mizani.verification.default-provider}, else Smile ID.
     */
    @Produces
    @Singleton
    VerificationProviders providers() {
        Map<String, String> idTypes = new HashMap<>(config.smileId().idTypes());
        Map<String, String> routes = new HashMap<>(config.routes());
        long providerTimeoutMs = config.providerTimeoutMs();
        Duration timeout = Duration.ofMillis(providerTimeoutMs);
        Map<String, VerificationProvider> providers = Map.of(
                SandboxVerificationProvider.NAME,
                new SandboxVerificationProvider(SandboxVerificationProvider.NAME, providerTimeoutMs),
                SandboxVerificationProvider.BACKUP,
                new SandboxVerificationProvider(SandboxVerificationProvider.BACKUP, providerTimeoutMs),
                SmileIdEnhancedKyc.NAME, new SmileIdEnhancedKyc(URI.create(config.smileId().baseUrl()),
                        config.smileId().partnerId().orElse(""), config.smileId().apiKey().orElse(""),
                        timeout, idTypes, io.mizani.bootstrap.common.CommonWiring.STORED),
                DojahKyc.NAME, new DojahKyc(URI.create(config.dojah().baseUrl()), config.dojah().appId().orElse(""),
                        config.dojah().secretKey().orElse(""), timeout));
        String configured = config.defaultProvider().orElse("");
        String fallback = configured.isBlank() ? SmileIdEnhancedKyc.NAME : configured;
        if (!providers.containsKey(fallback)) {
            throw new IllegalArgumentException("unknown default verification provider " + fallback);
        }
        routes.forEach((check, provider) -> {
            if (!providers.containsKey(provider)) {
                throw new IllegalArgumentException("route " + check + " names unknown provider " + provider);
            }
        });
        List<String> sandboxRoute = List.of(SandboxVerificationProvider.NAME, SandboxVerificationProvider.BACKUP);
        boolean sandbox = sandbox();
        return new ProviderGuards(providers, Set.of(SandboxVerificationProvider.NAME, SandboxVerificationProvider.BACKUP),
                check -> sandbox ? sandboxRoute : List.of(routes.getOrDefault(check, fallback)),
                providerTimeoutMs, config.bulkhead());
    }

    @Produces
    @Singleton
    RunCheck runCheck(CheckCatalogue catalogue, VerificationAccess access, WalletCharges wallet, LookupStore lookups,
                      VerificationProviders providers, RoutingStore routing, ProviderCallLog callLog,
                      PiiProtection pii, PhoneRegions regions, UnitOfWork uow, VerificationPolicy policy,
                      RecoveryPoints recoveryPoints) {
        return new RunCheckService(catalogue, access, wallet, lookups, providers, routing, callLog, pii, regions, uow,
                io.mizani.bootstrap.common.CommonWiring.STORED, policy)
                .withChargeGate(new ChargeGate(config.chargesInFlightPerMerchant(), config.chargeQueueWait()))
                .withRecoveryPoints(recoveryPoints);
    }

    @Produces
    @Singleton
    ManageRouting routing(CheckCatalogue catalogue, VerificationProviders providers, RoutingStore store,
                          UnitOfWork uow) {
        return new RoutingService(catalogue, providers, store, uow, io.mizani.bootstrap.common.CommonWiring.STORED);
    }

    @Produces
    @Singleton
    @Typed(TokenQueries.class)
    TokenQueries tokenQueries(LookupStore lookups, PiiProtection pii, UnitOfWork uow) {
        return new TokenQueries(lookups, pii, uow);
    }

    @Produces
    @Singleton
    ResolveToken resolveToken(TokenQueries queries) {
        return queries;
    }

    @Produces
    @Singleton
    ListLookups listLookups(TokenQueries queries) {
        return queries;
    }

    /** What Team KYC reads: tokens as issued to the account, straight from the token store. */
    @Produces
    @Singleton
    VerificationEvidence verificationEvidence(TokenQueries queries) {
        return queries;
    }

    @Produces
    @Singleton
    ManageVerificationSettings settings(CheckCatalogue catalogue, VerificationSettingsStore settings,
                                        IdentityCheckAvailability availability, WalletCharges wallet,
                                        PiiProtection pii, UnitOfWork uow) {
        return new VerificationSettingsService(catalogue, settings, availability, wallet, pii, uow);
    }

    @Produces
    @Singleton
    SettleStrandedCharges sweeper(LookupStore lookups, WalletCharges wallet, UnitOfWork uow, VerificationPolicy policy) {
        return new SettleStrandedCharges(lookups, wallet, uow, io.mizani.bootstrap.common.CommonWiring.STORED, policy);
    }

    @Produces
    @Singleton
    IdempotencyService idempotency(IdempotencyStore store, UnitOfWork uow) {
        // an in-flight key whose request died is taken over after this lease (well above the provider timeout)
        Duration lease = Duration.ofMillis(config.providerTimeoutMs()).plusMinutes(2);
        return new IdempotencyService(store, uow, io.mizani.bootstrap.common.CommonWiring.STORED, lease);
    }

    /** Idempotency-Key recovery points, recorded by each idempotent use case in its own transaction. */
    @Produces
    @Singleton
    RecoveryPoints recoveryPoints(CurrentIdempotencyKey current, IdempotencyStore store) {
        return new RecoveryPoints(current, store);
    }

    /** The demo merchant runs identity checks on the platform key (with the sandbox provider). */
    @Produces
    @Singleton
    SandboxSeed verificationSandboxSeed(VerificationSettingsStore settings, UnitOfWork uow) {
        return accountId -> uow.run(() -> settings.save(accountId,
                new VerificationSettings(VerificationMode.PLATFORM, null)));
    }
}
