package io.mizani.application.verification;

import io.mizani.application.billing.ChargeGate;
import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.PhoneRegions;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.idempotency.RecoveryPoints;
import io.mizani.domain.billing.ChargeEvent;
import io.mizani.domain.billing.ChargeStateMachine;
import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.ActorTypes;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckDefinition;
import io.mizani.domain.verification.CheckInputs;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.verification.IdentifierMask;
import io.mizani.domain.verification.InputValidator;
import io.mizani.domain.verification.ProviderAnswer;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import io.mizani.domain.verification.match.IdentityMatch;
import io.mizani.domain.verification.match.MatchRequest;
import io.mizani.domain.verification.match.RegistryIdentity;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs a check. Refusals in the contract's order: unknown check (404), not available (403), not enabled (412),
 * bad input (400), balance (402), then the provider (502). Billing on the platform key, in three steps, none of
 * them holding a transaction across the provider call:
 * <ol>
 *   <li>one transaction: debit the price (conditional update, 402 when it does not cover) and record the call in
 *       flight ({@code charged});</li>
 *   <li>call the provider, no transaction open;</li>
 *   <li>one transaction: write the outcome and, when the provider did not charge, refund the debit
 *       ({@code refunded}); if that fails, record {@code refund_failed} for the sweeper.</li>
 * </ol>
 * A crash between 1 and 3 leaves the call in flight; {@link SettleStrandedCharges} reverses it.
 * A cached replay is one transaction (debit of the cached price plus the new token), no provider call.
 *
 * <p>Step 2 walks the check's route (the operator's, else the default): a provider that is unavailable (error,
 * timeout, open circuit, rejected) hands the call to the next one in the same request; the first answer wins and
 * names the {@code source}. The merchant's single charge of step 1 stands whatever provider answered; only when
 * every provider failed is it refunded (502). Every provider call is recorded with its cost (its own transaction,
 * between steps 2 and 3: a failure to record never fails the check).
 *
 * <p>The identity match (when the request carries one) is computed here from the registry identity the answering
 * adapter mapped, and for a replay from the identity stored (sealed) with the original result.
 */
public final class RunCheckService implements RunCheck {

    private static final Logger LOG = Logger.getLogger(RunCheckService.class.getName());

    private final CheckCatalogue catalogue;
    private final VerificationAccess access;
    private final WalletCharges wallet;
    private final LookupStore lookups;
    private final VerificationProviders providers;
    private final RoutingStore routing;
    private final ProviderCallLog callLog;
    private final PiiProtection pii;
    private final PhoneRegions phoneRegions;
    private final UnitOfWork uow;
    private final Clock clock;
    private final VerificationPolicy policy;
    private ChargeGate chargeGate = ChargeGate.unbounded();
    private RecoveryPoints recoveryPoints = RecoveryPoints.NONE;

    public RunCheckService(CheckCatalogue catalogue, VerificationAccess access, WalletCharges wallet, LookupStore lookups,
                           VerificationProviders providers, RoutingStore routing, ProviderCallLog callLog,
                           PiiProtection pii, PhoneRegions phoneRegions, UnitOfWork uow, Clock clock,
                           VerificationPolicy policy) {
        this.catalogue = catalogue;
        this.access = access;
        this.wallet = wallet;
        this.lookups = lookups;
        this.providers = providers;
        this.routing = routing;
        this.callLog = callLog;
        this.pii = pii;
        this.phoneRegions = phoneRegions;
        this.uow = uow;
        this.clock = clock;
        this.policy = policy;
    }

    /** Bounds this instance's charging transactions per merchant (docs/architecture.md "Hot accounts"). */
    public RunCheckService withChargeGate(ChargeGate gate) {
        this.chargeGate = gate;
        return this;
    }

    /** Idempotency-Key recovery points (platform.md section 8): set once by the wiring. */
    public RunCheckService withRecoveryPoints(RecoveryPoints recoveryPoints) {
        this.recoveryPoints = recoveryPoints;
        return this;
    }

    @Override
    public VerificationResult run(Command command) {
        CheckDefinition check = catalogue.find(command.check())
                .orElseThrow(() -> VerificationErrors.unknownCheck(command.check()));
        long accountId = command.accountId();
        // the request's Idempotency-Key already charged a call (its request died before answering): answer that call
        Optional<String> committed = recoveryPoints.committed(accountId, RecoveryPoints.VERIFICATION);
        if (committed.isPresent()) {
            return recover(accountId, committed.get(), check, command.match());
        }
        VerificationAccess.Access gate = access.of(accountId);
        if (!gate.available()) {
            throw VerificationErrors.notAvailable();
        }
        VerificationSettings mode = gate.settings();
        if (mode.mode() == VerificationMode.OFF) {
            throw VerificationErrors.notEnabled();
        }
        if (command.bodyError() != null) {
            throw VerificationErrors.invalidRequest(command.bodyError());
        }
        CheckInputs inputs = InputValidator.validate(check, command.body());
        String country = countryOf(check, inputs);
        boolean platform = mode.mode() == VerificationMode.PLATFORM;
        String cacheKey = pii.keyedHash(inputs.canonical());

        if (!command.fresh()) {
            Supplier<Optional<VerificationResult>> cached = () -> uow.inTransaction(() -> lookups
                    .findReplayable(accountId, check.key(), cacheKey, now())
                    .map(original -> replay(original, check, platform, command.match())));
            Optional<VerificationResult> replay = platform ? chargeGate.through(accountId, cached) : cached.get();
            if (replay.isPresent()) {
                return replay.get();
            }
        }
        return live(accountId, check, inputs, country, cacheKey, platform, mode, command.match());
    }

    /**
     * The answer of a call this merchant's Idempotency-Key already charged, without a second charge: its outcome
     * once settled (by the request or by the sweeper), else 409 and the key stays in flight.
     */
    private VerificationResult recover(long accountId, String lookupId, CheckDefinition check, MatchRequest match) {
        LookupRecord call = uow.inTransaction(() -> lookups.findCall(accountId, lookupId))
                .orElseThrow(() -> new IllegalStateException("recovery point names a missing call"));
        if (!call.settled()) {
            throw recoveryPoints.stillInProgress();
        }
        if (!call.tokenIssued()) {
            throw VerificationErrors.providerUnavailable(check.label()); // as the call answered (or the sweeper)
        }
        return toResult(call, match);
    }

    /** Stored times have millisecond precision, so an answer reads the same live and from the database. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private String countryOf(CheckDefinition check, CheckInputs inputs) {
        if (!check.global()) {
            return check.country();
        }
        if (check.countryFromPhone()) {
            return phoneRegions.regionOf(inputs.identifier()).orElseThrow(() -> VerificationErrors.invalidRequest(
                    check.identifierField().name() + " is not a phone number of a known country"));
        }
        return check.countryField().map(f -> inputs.get(f.name())).orElse(CheckDefinition.GLOBAL);
    }

    private VerificationResult replay(LookupRecord original, CheckDefinition check, boolean platform,
                                      MatchRequest match) {
        Instant now = now();
        LookupId lookupId = LookupIds.next();
        Money price = Money.of(platform ? catalogue.cachedPrice(check.key()) : BigDecimal.ZERO.setScale(2),
                CheckCatalogue.CURRENCY);
        String chargeReference = platform ? lookupId.chargeReference() : null;
        ChargeStatus charge = platform ? ChargeStatus.CHARGED : ChargeStatus.FREE;
        LookupRecord copy = original.replayed(lookupId,
                new LookupRecord.Charge(price, chargeReference, charge), now);
        lookups.insert(copy);
        recoveryPoints.record(original.accountId().value(), RecoveryPoints.VERIFICATION, lookupId.value());
        // the debit last: the wallet row stays locked only from here to the commit
        if (platform && !wallet.debit(original.accountId().value(), price, chargeReference)) {
            throw VerificationErrors.insufficientBalance(); // rolls the insert back
        }
        return toResult(copy, match);
    }

    private VerificationResult live(long accountId, CheckDefinition check, CheckInputs inputs, String country,
                                    String cacheKey, boolean platform, VerificationSettings mode,
                                    MatchRequest match) {
        Instant start = now();
        LookupId lookupId = LookupIds.next();
        Money price = Money.of(platform ? catalogue.livePrice(check.key()) : BigDecimal.ZERO.setScale(2),
                CheckCatalogue.CURRENCY);
        String chargeReference = platform ? lookupId.chargeReference() : null;
        ChargeStatus charged = ChargeStateMachine.transition(ChargeStatus.NONE,
                platform ? ChargeEvent.CHARGE_TAKEN : ChargeEvent.OWN_KEY_USED);
        Optional<String> ownKey = platform || mode.sealedProviderKey() == null
                ? Optional.empty() : Optional.of(pii.open(mode.sealedProviderKey()));
        ProviderRequest request = new ProviderRequest(lookupId.value(), check, inputs, country, ownKey);
        String identifier = inputs.identifier();
        List<String> route = routeOf(check.key());
        LookupRecord inFlight = LookupRecord.inFlight(lookupId, AccountId.of(accountId),
                new LookupRecord.Subject(check.key(), check.category().wire(), country,
                        pii.keyedHash(check.identifierField().name() + "=" + identifier),
                        IdentifierMask.mask(identifier), cacheKey),
                route.get(0), new LookupRecord.Charge(price, chargeReference,
                        charged), start);

        // 1. charge up front and record the call in flight
        Supplier<Object> charge = () -> uow.inTransaction(() -> {
            lookups.insert(inFlight);
            // the Idempotency-Key commits with the charge: a retry after a crash answers this call, never charges again
            recoveryPoints.record(accountId, RecoveryPoints.VERIFICATION, lookupId.value());
            // the debit last: the wallet row stays locked only from here to the commit
            if (platform && !wallet.debit(accountId, price, chargeReference)) {
                throw VerificationErrors.insufficientBalance(); // rolls the insert back
            }
            return null;
        });
        if (platform) {
            chargeGate.through(accountId, charge);
        } else {
            charge.get();
        }

        // 2. the providers of the route in order, no transaction open, until one answers
        long t0 = System.nanoTime();
        Map<String, Money> costs = costsOf(check.key());
        List<ProviderCall> calls = new ArrayList<>();
        ProviderCall.Of of = new ProviderCall.Of(lookupId, AccountId.of(accountId), check.key());
        CheckOutcome outcome = null;
        String source = route.get(0);
        for (String name : route) {
            long c0 = System.nanoTime();
            CheckOutcome o = call(name, request);
            int ms = (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - c0) / 1_000_000);
            calls.add(providerCall(of, name, calls.size() + 1, o, costs.get(name), ms));
            outcome = o;
            source = name;
            if (!(o instanceof CheckOutcome.ProviderUnavailable)) {
                break;
            }
        }
        int durationMs = (int) Math.min(Integer.MAX_VALUE, (System.nanoTime() - t0) / 1_000_000);
        recordCalls(calls);

        // 3. settle
        Instant fetchedAt = now();
        LookupRecord settled = settledRecord(inFlight, check, identifier, outcome, fetchedAt, durationMs, source);
        ChargeEvent event = outcome.chargeEvent();
        ChargeStatus target = ChargeStateMachine.transition(charged, event);
        boolean reverse = ChargeStateMachine.reversesCharge(charged, event);
        LookupRecord finalRecord = settled.withCharge(target);
        boolean written;
        try {
            written = uow.inNewTransaction(() -> {
                if (!lookups.settle(finalRecord)) {
                    return false;
                }
                if (reverse) {
                    wallet.refund(accountId, price, chargeReference);
                }
                return true;
            });
        } catch (RuntimeException e) {
            if (!reverse) {
                // nothing to reverse: the settlement itself failed; the call stays in flight and the sweeper closes it
                LOG.log(Level.SEVERE, "could not settle " + lookupId + "; left in flight for the sweeper", e);
                throw VerificationErrors.providerUnavailable(check.label());
            }
            LOG.log(Level.WARNING, "refund of " + lookupId + " failed; left to the sweeper", e);
            LookupRecord failed = settled.withCharge(ChargeStateMachine.transition(charged, ChargeEvent.REVERSAL_FAILED));
            try {
                written = uow.inNewTransaction(() -> {
                    if (!lookups.settle(failed)) {
                        return false;
                    }
                    lookups.recordRefundFailure(failed, now().plus(policy.refundRetry()));
                    return true;
                });
            } catch (RuntimeException again) {
                LOG.log(Level.SEVERE, "could not settle " + lookupId + "; left in flight for the sweeper", again);
                throw VerificationErrors.providerUnavailable(check.label());
            }
            if (written && outcome instanceof CheckOutcome.ProviderUnavailable) {
                throw VerificationErrors.providerUnavailable(check.label());
            }
            return written ? toResult(failed, match) : lostToSweeper(check);
        }
        if (!written) {
            return lostToSweeper(check);
        }
        if (outcome instanceof CheckOutcome.ProviderUnavailable) {
            throw VerificationErrors.providerUnavailable(check.label());
        }
        return toResult(finalRecord, match);
    }

    private List<String> routeOf(String check) {
        try {
            return uow.inTransaction(() -> RoutingService.routeOf(check, routing, providers));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "routing table unreadable; default route for " + check, e);
            return providers.defaultRoute(check);
        }
    }

    private Map<String, Money> costsOf(String check) {
        try {
            return uow.inTransaction(() -> routing.costs(check));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "provider costs unreadable for " + check, e);
            return Map.of();
        }
    }

    /** The operator's record of provider calls, in its own transaction: a failure here never fails the check. */
    private void recordCalls(List<ProviderCall> calls) {
        try {
            uow.inNewTransaction(() -> {
                callLog.record(calls);
                return null;
            });
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "could not record provider calls of " + calls.get(0).of().lookupId(), e);
        }
    }

        private CheckOutcome call(String name, ProviderRequest request) {
        Optional<VerificationProvider> provider = providers.find(name);
        if (provider.isEmpty()) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.REJECTED, "no provider " + name, null);
        }
        try {
            return provider.get().run(request);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "provider " + name + " failed for " + request.check().key(), e);
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, e.getClass().getSimpleName(), null);
        }
    }

    private ProviderCall providerCall(ProviderCall.Of of, String provider, int attempt, CheckOutcome o,
                                      Money configuredCost, int ms) {
        Money zero = Money.zero(CheckCatalogue.CURRENCY);
        Money cost = configuredCost == null ? zero : configuredCost;
        Duration took = Duration.ofMillis(ms);
        return switch (o) {
            case CheckOutcome.Verified v -> new ProviderCall(of, provider, attempt, ProviderCall.Result.VERIFIED, cost,
                    took, now());
            case CheckOutcome.NotVerified n -> new ProviderCall(of, provider, attempt,
                    ProviderCall.Result.NOT_VERIFIED, n.providerCharged() ? cost : zero, took, now());
            case CheckOutcome.ProviderUnavailable u -> new ProviderCall(of, provider, attempt,
                    ProviderCall.Result.unavailable(u.cause().name().toLowerCase(Locale.ROOT)), zero, took, now());
        };
    }

    /** The sweeper already reversed this call (it took longer than the settlement grace): the check counts as failed. */
    private VerificationResult lostToSweeper(CheckDefinition check) {
        throw VerificationErrors.providerUnavailable(check.label());
    }

    private LookupRecord settledRecord(LookupRecord f, CheckDefinition check, String identifier, CheckOutcome outcome,
                                       Instant fetchedAt, int durationMs, String source) {
        Instant expiresAt = fetchedAt.plus(policy.cacheTtl());
        LookupRecord.Routing answeredBy = new LookupRecord.Routing(source, false, durationMs);
        return switch (outcome) {
            case CheckOutcome.Verified v -> f.settled(answered(check, identifier, v.answer(), CheckStatus.VERIFIED,
                    fetchedAt, expiresAt), answeredBy);
            case CheckOutcome.NotVerified n -> f.settled(answered(check, identifier, n.answer(),
                    CheckStatus.NOT_VERIFIED, fetchedAt, expiresAt), answeredBy);
            case CheckOutcome.ProviderUnavailable u -> f.settled(LookupRecord.Outcome.error(
                    check.label() + " verification is currently unavailable", u.responseCode(), fetchedAt),
                    answeredBy);
        };
    }

    private LookupRecord.Outcome answered(CheckDefinition check, String identifier, ProviderAnswer a,
                                          CheckStatus status, Instant fetchedAt, Instant expiresAt) {
        String actor = ActorTypes.of(check, identifier, a.taxpayerClass()).orElse(null);
        byte[] payload = a.payloadJson() == null ? null : pii.seal(a.payloadJson());
        byte[] identity = a.identity() == null || a.identity().isEmpty() ? null : pii.seal(a.identity().encode());
        return new LookupRecord.Outcome(status, new LookupRecord.Found(a.verificationStatus(), actor, a.subjectName()),
                a.reply(), LookupRecord.Sealed.of(payload, identity), fetchedAt, expiresAt);
    }

    private VerificationResult toResult(LookupRecord r, MatchRequest match) {
        LookupRecord.Sealed sealed = r.outcome().sealed();
        VerificationResult result = VerificationResult.of(r,
                sealed.payload() == null ? null : pii.open(sealed.payload()));
        if (match == null) {
            return result;
        }
        RegistryIdentity identity = sealed.identity() == null ? RegistryIdentity.NONE
                : RegistryIdentity.decode(pii.open(sealed.identity())).orElse(RegistryIdentity.NONE);
        return result.matched(IdentityMatch.of(match, identity));
    }
}
