package io.mizani.application.payment;

import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.beneficiary.Counterparty;
import io.mizani.application.billing.ChargeGate;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.idempotency.RecoveryPoints;
import io.mizani.domain.common.Money;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.AmountRules;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RampType;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.application.payout.PayeeDirectory;
import io.mizani.application.payout.PayeeService;
import io.mizani.domain.payout.PayeeCheck;
import io.mizani.domain.payout.PayeeCheckPolicy;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Accepts a payment. Refusals in the contract's order (platform.md section 7): body validation (the command) →
 * beneficiary lookup → provider and network → rail requirements → amount → tier-0 envelope → Team tier daily
 * limit → payment balance (a withdrawal reserves amount + fee). Acceptance, the tier-0 count, the daily-limit
 * count, the reservation and the processing job are one transaction: the payment row is written with its first check due
 * now, so a worker picks it up, and nothing is lost if the service stops right after answering.
 */
public final class StartPaymentService implements StartPayment {

    public static final String SANDBOX_BANK = "Mizani Sandbox Bank";

    private final PaymentCatalogue catalogue;
    private final PaymentCounterparties counterparties;
    private final PaymentStore store;
    private final RateTable rates;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final PaymentFunds funds;
    private RecoveryPoints recoveryPoints = RecoveryPoints.NONE;
    private PayeeService payees;
    private io.mizani.application.screening.ScreeningService screening;
    private ChargeGate withdrawalGate = ChargeGate.unbounded();
    private PaymentHandOff handOff = PaymentHandOff.OFF;

    public StartPaymentService(PaymentCatalogue catalogue, PaymentCounterparties counterparties, PaymentStore store,
                               RateTable rates, UnitOfWork unitOfWork, Clock clock, PaymentFunds funds) {
        this.funds = java.util.Objects.requireNonNull(funds, "funds");
        this.catalogue = catalogue;
        this.counterparties = counterparties;
        this.store = store;
        this.rates = rates;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
    }

    /** Idempotency-Key recovery points (platform.md section 8): set once by the wiring. */
    public StartPaymentService withRecoveryPoints(RecoveryPoints recoveryPoints) {
        this.recoveryPoints = recoveryPoints;
        return this;
    }

    /** Compliance screening of a withdrawal's payee (platform.md section 20): set once by the wiring. */
    public StartPaymentService withScreening(io.mizani.application.screening.ScreeningService screening) {
        this.screening = screening;
        return this;
    }

    /** Payee confirmation for {@code payment_config.payee_check} (platform.md section 16): set once by the wiring. */
    public StartPaymentService withPayees(PayeeService payees) {
        this.payees = payees;
        return this;
    }

    /** New payments handed straight to this replica's payment worker ({@link PaymentHandOff}); off by default. */
    public StartPaymentService withHandOff(PaymentHandOff handOff) {
        this.handOff = handOff;
        return this;
    }

    /**
     * Bounds one merchant's withdrawal acceptance transactions at once on this instance (docs/architecture.md "Hot
     * accounts"): a burst of payouts queues here, not on the payment balance's rows; one waiting too long is refused
     * with {@link ChargeGate#busy()} (503 unavailable, Retry-After: 1), nothing reserved.
     */
    public StartPaymentService withWithdrawalGate(ChargeGate withdrawalGate) {
        this.withdrawalGate = withdrawalGate;
        return this;
    }

    @Override
    public PaymentAcceptance start(StartPaymentCommand cmd) {
        long accountId = cmd.accountId();
        // the request's Idempotency-Key already created a payment (its request died before answering): answer it
        Optional<PaymentAcceptance> recovered = recoveryPoints.committed(accountId, RecoveryPoints.PAYMENT)
                .map(id -> recover(accountId, Long.parseLong(id)));
        if (recovered.isPresent()) {
            return recovered.get();
        }
        Prepared prepared = checkPayee(prepare(cmd), cmd.payeeCheckPolicy());
        RequestType type = prepared.routing().requestType();
        if (type == RequestType.WITHDRAWAL && screening != null) {
            // the last refusal before anything is reserved: a held payee opens a case, which commits on its own
            Payment.Customer c = prepared.payee().customer();
            screening.holdIfListed(new io.mizani.application.screening.ScreeningService.Payee(accountId, c.fullName(),
                    null, c.dob() == null ? null : c.dob().getYear(), c.country(),
                    prepared.instructions().accountNumber()));
        }
        String currency = prepared.amounts().currency();
        String merchantReference = prepared.merchantReference();
        final Counterparty b = prepared.payee().beneficiary();
        // the lease the committed insert was written under, if any (the transaction's last run is the one committed)
        var leased = new java.util.concurrent.atomic.AtomicReference<PaymentStore.Lease>();
        java.util.function.Supplier<Payment> accept = () -> unitOfWork.inTransaction(() -> {
            // without a beneficiary the insert's unique key answers the same refusal: no separate read first
            if (b != null && store.merchantReferenceTaken(accountId, merchantReference)) {
                throw DomainError.invalidArgument(
                        "payment_config.reference \"" + merchantReference + "\" has already been used");
            }
            Payment.Beneficiary linked = null;
            if (b != null) {
                // tier-0 envelope: judged and counted atomically under the beneficiary's row lock
                counterparties.reserveTier0(AccountId.of(accountId), BeneficiaryId.of(b.id()), currency,
                        Money.of(prepared.amountUsdExact(), Payment.Amounts.USD));
                linked = linked(b, prepared.amounts());
            }
            Instant now = clock.instant();
            // due at once: handed straight to this replica's worker when it has room, so it is never claimed
            PaymentStore.Lease lease = handOff.lease(now).orElse(null);
            leased.set(lease);
            Payment draft = draft(accountId, prepared, linked, now);
            Payment inserted = lease == null ? store.insert(draft, now) : store.insertLeased(draft, now, lease);
            // Team tier limit, then the withdrawal's reservation: the last refusals, same transaction
            funds.onAccepted(inserted);
            // the Idempotency-Key commits with the payment: a retry after a crash answers this payment
            recoveryPoints.record(accountId, RecoveryPoints.PAYMENT, Long.toString(inserted.id()));
            return inserted;
        });
        Payment accepted = type == RequestType.WITHDRAWAL ? withdrawalGate.through(accountId, accept) : accept.get();
        PaymentStore.Lease lease = leased.get();
        if (lease != null) {
            handOff.handOver(accepted, lease);
        }
        return acceptance(accepted, prepared.network());
    }

    /**
     * A payment that passed every refusal judged without a transaction (body, beneficiary, provider and network, rail
     * requirements, amount): what acceptance will store, and the network it goes over.
     */
    public record Prepared(String merchantReference, Payment.Routing routing, Payment.Amounts amounts,
                           BigDecimal amountUsdExact, Payee payee, Payment.Instructions instructions, Network network) {

        /** The same payment with its instructions replaced (e.g. carrying a payee check's result). */
        public Prepared with(Payment.Instructions changed) {
            return new Prepared(merchantReference, routing, amounts, amountUsdExact, payee, changed, network);
        }
    }

    /** Who is paid: the beneficiary named (null when inline) and the customer as the payment uses it. */
    public record Payee(Counterparty beneficiary, Payment.Customer customer) {
    }

    /**
     * The refusals of section 7 up to the amount, in the contract's order, without a transaction and without
     * touching the Team's money: what a payment and every item of a payout batch are judged by.
     */
    public Prepared prepare(StartPaymentCommand cmd) {
        long accountId = cmd.accountId();
        RequestType type = cmd.parsedRequestType();
        Rail rail = cmd.parsedRail();
        var customerIn = cmd.customer();
        var pc = cmd.providerConfig();
        var pay = cmd.paymentConfig();
        // beneficiary lookup
        Counterparty beneficiary = null;
        String beneficiaryRef = customerIn.beneficiaryRef();
        if (beneficiaryRef != null) {
            UUID uuid = StartPaymentCommand.parseUuid(beneficiaryRef);
            Optional<Counterparty> found = uuid == null ? Optional.empty() : counterparties.find(accountId, uuid);
            beneficiary = found.orElseThrow(
                    () -> DomainError.notFound("beneficiary \"" + beneficiaryRef + "\" does not exist"));
            if (!beneficiary.active()) {
                throw DomainError.invalidArgument("beneficiary is not active");
            }
        }
        String accountNumber = firstNonBlank(pay.accountNumber(), beneficiary == null ? null : beneficiary.accountNumber());
        if (accountNumber == null) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                    "payment_config.account_number is required", DomainError.Shape.DEFAULT,
                    Map.of("invalid_arguments", List.of("payment_config.account_number")));
        }

        // provider and network
        String country = cmd.upperCountry();
        CountryInfo countryInfo = catalogue.country(country)
                .orElseThrow(() -> DomainError.invalidArgument("country \"" + country + "\" is not served"));
        String currency = cmd.upperCurrency();
        if (!countryInfo.currency().equals(currency)) {
            throw DomainError.invalidArgument("currency \"" + currency + "\" is not accepted in " + country
                    + ": use " + countryInfo.currency());
        }
        String provider = cmd.order().provider().trim();
        if (!catalogue.assignedProviders(accountId).contains(provider)) {
            throw DomainError.invalidArgument("provider \"" + provider + "\" is not available on this account");
        }
        List<Network> ofProvider = catalogue.networks(country).stream()
                .filter(n -> n.identity().provider().equals(provider)).toList();
        if (ofProvider.isEmpty()) {
            throw DomainError.invalidArgument("provider \"" + provider + "\" does not operate in " + country);
        }
        String networkId = pc.networkId().trim();
        List<Network> sameId = ofProvider.stream().filter(n -> n.identity().networkId().equals(networkId)).toList();
        if (sameId.isEmpty()) {
            throw DomainError.invalidArgument("unknown network \"" + networkId + "\" for provider \"" + provider + "\"");
        }
        List<Network> onRail = sameId.stream().filter(n -> n.channel().rail() == rail).toList();
        if (onRail.isEmpty()) {
            throw DomainError.invalidArgument("network \"" + networkId + "\" of provider \"" + provider
                    + "\" does not carry " + rail.wire() + " payments");
        }
        RampType ramp = type.ramp();
        Network network = onRail.stream().filter(n -> n.channel().ramp() == ramp).findFirst()
                .orElseThrow(() -> DomainError.invalidArgument("network \"" + networkId + "\" of provider \""
                        + provider + "\" has no " + ramp.wire() + " channel for a " + type.wire()));
        String accountType = pc.accountType().trim().toLowerCase(Locale.ROOT);
        if (!accountType.equals(network.channel().rail().wire())
                && !accountType.equalsIgnoreCase(String.valueOf(network.channel().accountType()))) {
            throw DomainError.invalidArgument("provider_config.account_type must be \"" + network.channel().rail().wire()
                    + "\" for network \"" + networkId + "\"");
        }
        String networkCode = network.identity().networkCode();
        if (networkCode != null && !networkCode.equalsIgnoreCase(pc.networkCode().trim())) {
            throw DomainError.invalidArgument("provider_config.network_code does not match network \"" + networkId + "\"");
        }
        if (!network.active()) {
            throw DomainError.invalidArgument("The passed channel is not active");
        }

        // rail requirements
        if (rail == Rail.CARD && StartPaymentCommand.blank(pay.redirectUrl())) {
            throw DomainError.invalidArgument("redirect_url is required for card payments");
        }
        LocalDate dob = StartPaymentCommand.parseDob(customerIn.person().dob());
        if (dob == null && beneficiary != null && beneficiary.dateOfBirth() != null) {
            dob = beneficiary.dateOfBirth().toLocalDate();
        }
        if (rail == Rail.BANK && dob == null) {
            throw DomainError.invalidArgument("customer.dob is required for bank payments");
        }

        // amount
        BigDecimal amount = cmd.order().amount();
        AmountRules.check(amount, network);
        BigDecimal amountUsdExact = rates.toUsdExact(currency, amount)
                .orElseThrow(() -> DomainError.invalidArgument("no USD rate for currency \"" + currency + "\""));
        BigDecimal amountUsd = amountUsdExact.setScale(2, java.math.RoundingMode.HALF_EVEN);

        Payment.Customer customer = mergeCustomer(customerIn.person(), customerIn.documents(), beneficiary, dob);
        String merchantReference = pay.reference().trim();
        var routing = new Payment.Routing(type, country, rail, provider, network.identity().networkId(),
                network.channel().channelId());
        var amounts = new Payment.Amounts(Money.of(amount.setScale(2), currency),
                Money.of(amountUsd, Payment.Amounts.USD), Money.of(network.limits().fee().amount(), currency));
        var instructions = new Payment.Instructions(accountNumber.trim(), pay.callbackUrl().trim(),
                trimOrNull(pay.redirectUrl()), trimOrNull(pay.remark()), trimOrNull(pay.paymentCategory()),
                trimOrNull(cmd.order().reason()));
        return new Prepared(merchantReference, routing, amounts, amountUsdExact, new Payee(beneficiary, customer),
                instructions, network);
    }

    /**
     * {@code payment_config.payee_check}: judged after every refusal of section 7 and before anything is reserved
     * (the directory is asked outside any transaction); the result rides on the payment's instructions.
     */
    public Prepared checkPayee(Prepared prepared, PayeeCheckPolicy policy) {
        if (policy == PayeeCheckPolicy.OFF || payees == null) {
            return prepared;
        }
        Payment.Routing r = prepared.routing();
        Payment.Customer c = prepared.payee().customer();
        String bankCode = r.rail() == Rail.BANK ? prepared.network().identity().networkCode() : null;
        PayeeCheck result = payees.check(policy, new PayeeDirectory.Account(r.country(), r.provider(), r.rail(),
                prepared.instructions().accountNumber(), bankCode), c.firstName(), c.lastName());
        return prepared.with(prepared.instructions().withPayeeCheck(result));
    }

    /** The beneficiary link of a payment: what its acceptance counts toward the tier-0 envelope (USD, tier 0 only). */
    public static Payment.Beneficiary linked(Counterparty b, Payment.Amounts amounts) {
        return new Payment.Beneficiary(b.id(), b.uuid(), b.kycLevel() == KycLevel.TIER_0 ? amounts.amountUsd() : null);
    }

    /** The payment as accepted at {@code now}, {@code queued}, with a fresh service reference (not stored yet). */
    public static Payment draft(long accountId, Prepared p, Payment.Beneficiary linked, Instant now) {
        var references = new Payment.References(PaymentReference.of(Tokens.paymentReference()), p.merchantReference(),
                p.routing().rail() == Rail.CARD ? Tokens.checkoutToken() : null);
        return Payment.accepted(AccountId.of(accountId), references, p.routing(), p.amounts(), linked,
                p.payee().customer(), p.instructions(), now);
    }

    /**
     * The acceptance of a payment this merchant's Idempotency-Key created, as it was answered then (the payment was
     * accepted {@code queued}, whatever it became since).
     */
    private PaymentAcceptance recover(long accountId, long paymentId) {
        Payment p = unitOfWork.inTransaction(() -> store.findById(paymentId))
                .filter(found -> found.accountId().value() == accountId)
                .orElseThrow(() -> new IllegalStateException("recovery point names a missing payment"));
        Payment.Routing r = p.routing();
        Network network = catalogue.networks(r.country()).stream()
                .filter(n -> n.identity().provider().equals(r.provider()) && n.identity().networkId().equals(r.networkId())
                        && n.channel().rail() == r.rail() && n.channel().ramp() == r.requestType().ramp())
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("network of a recovered payment is gone"));
        return acceptance(p, network);
    }

    private PaymentAcceptance acceptance(Payment p, Network network) {
        Payment.Routing r = p.routing();
        String reference = p.reference().value();
        String accountNumber = p.instructions().accountNumber();
        String networkName = network.identity().networkName();
        var providerResponse = new LinkedHashMap<String, Object>();
        // a payment is accepted queued (an acceptance recovered later reads the same)
        providerResponse.put("status", PaymentStatus.QUEUED.wire());
        providerResponse.put("provider", r.provider());
        providerResponse.put("network_id", network.identity().networkId());
        providerResponse.put("network_name", networkName);
        providerResponse.put("channel_id", network.channel().channelId());
        providerResponse.put("reference", reference);
        String manual = null;
        Map<String, String> bankInfo = null;
        Map<String, Object> extra = null;
        String money = p.amounts().currency() + " " + p.amounts().amount().amount().toPlainString();
        if (r.rail() == Rail.BANK) {
            bankInfo = new LinkedHashMap<>();
            if (r.requestType() == RequestType.PAYMENT) {
                String virtualAccount = virtualAccount(p.id());
                bankInfo.put("name", SANDBOX_BANK);
                bankInfo.put("account_name", "Mizani Collections " + r.country());
                bankInfo.put("account_number", virtualAccount);
                bankInfo.put("branch_code", "001");
                bankInfo.put("payment_link", null);
                manual = "Deposit " + money + " at " + SANDBOX_BANK + " into account " + virtualAccount
                        + " (Mizani Collections " + r.country() + ", branch 001), quoting reference " + reference
                        + ".";
            } else {
                bankInfo.put("name", networkName);
                bankInfo.put("account_name", p.customer().fullName());
                bankInfo.put("account_number", accountNumber);
                bankInfo.put("branch_code", null);
                bankInfo.put("payment_link", null);
                manual = "No action needed: " + money + " will be paid into account " + accountNumber
                        + " over " + networkName + ", reference " + reference + ".";
            }
        } else if (r.rail() == Rail.MOMO && r.requestType() == RequestType.PAYMENT) {
            extra = new LinkedHashMap<>();
            extra.put("instructions", "Approve the " + networkName + " prompt for " + money + " on "
                    + accountNumber + ".");
        }
        return new PaymentAcceptance(p, providerResponse,
                new PaymentAcceptance.PayerGuidance(manual, bankInfo, extra));
    }

    static String virtualAccount(long paymentId) {
        return "9" + String.format("%011d", paymentId);
    }

    private static Payment.Customer mergeCustomer(StartPaymentCommand.Person in, StartPaymentCommand.IdDocuments docs,
                                                  Counterparty b, LocalDate dob) {
        return new Payment.Customer(
                firstNonBlank(in.firstName(), b == null ? null : b.firstName()),
                firstNonBlank(in.lastName(), b == null ? null : b.lastName()),
                firstNonBlank(in.email(), b == null ? null : b.email()),
                firstNonBlank(in.phone(), b == null ? null : b.phoneNumber()),
                dob,
                firstNonBlank(in.country(), b == null ? null : b.country()),
                firstNonBlank(docs.idType(), b == null ? null : b.idType()),
                firstNonBlank(docs.idNumber(), b == null ? null : b.idNumber()));
    }

    private static String firstNonBlank(String a, String b) {
        if (!StartPaymentCommand.blank(a)) {
            return a.trim();
        }
        return StartPaymentCommand.blank(b) ? null : b.trim();
    }

    private static String trimOrNull(String s) {
        return StartPaymentCommand.blank(s) ? null : s.trim();
    }
}
