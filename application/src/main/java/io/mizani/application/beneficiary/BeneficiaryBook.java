package io.mizani.application.beneficiary;

import io.mizani.application.beneficiary.BeneficiaryUseCases.Created;
import io.mizani.application.beneficiary.BeneficiaryUseCases.Eligibility;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.beneficiary.Beneficiary;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.beneficiary.Field;
import io.mizani.domain.beneficiary.KycAssessment;
import io.mizani.domain.beneficiary.KycRules;
import io.mizani.domain.beneficiary.Tier0Decision;
import io.mizani.domain.beneficiary.Tier0Envelope;
import io.mizani.domain.common.Money;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.error.DomainError;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;

/** The beneficiary book: create, merge-update, fetch, delete, list and the KYC eligibility dry run. */
public final class BeneficiaryBook implements BeneficiaryUseCases.CreateBeneficiary,
        BeneficiaryUseCases.UpdateBeneficiary, BeneficiaryUseCases.FetchBeneficiary,
        BeneficiaryUseCases.DeleteBeneficiary, BeneficiaryUseCases.ListBeneficiaries,
        BeneficiaryUseCases.CheckKycEligibility {

    public static final String NOT_ACTIVE = "beneficiary is not active";
    private static final Pattern CURRENCY = Pattern.compile("^[A-Za-z]{3}$");

    private final BeneficiaryStore store;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final RateTable rates;
    private io.mizani.application.idempotency.RecoveryPoints recoveryPoints =
            io.mizani.application.idempotency.RecoveryPoints.NONE;

    private java.util.function.Consumer<Beneficiary> afterWrite = b -> { };

    public BeneficiaryBook(BeneficiaryStore store, UnitOfWork unitOfWork, Clock clock, RateTable rates) {
        this.store = Objects.requireNonNull(store);
        this.unitOfWork = Objects.requireNonNull(unitOfWork);
        this.clock = Objects.requireNonNull(clock);
        this.rates = Objects.requireNonNull(rates);
    }

    /** The contract's 404: {@code beneficiary "<uuid>" does not exist}. */
    public static DomainError notFound(String uuid) {
        return DomainError.notFound("beneficiary \"" + uuid + "\" does not exist");
    }

    /** Idempotency-Key recovery points (platform.md section 8): set once by the wiring. */
    /**
     * Called inside the transaction of every create (not a replay) and update with the beneficiary as written
     * (compliance screening, platform.md section 20): set once by the wiring.
     */
    public BeneficiaryBook afterWrite(java.util.function.Consumer<Beneficiary> afterWrite) {
        this.afterWrite = afterWrite;
        return this;
    }

    public BeneficiaryBook withRecoveryPoints(io.mizani.application.idempotency.RecoveryPoints recoveryPoints) {
        this.recoveryPoints = recoveryPoints;
        return this;
    }

    @Override
    public Created create(BeneficiaryCommands.Create command) {
        // the request's Idempotency-Key already created a beneficiary (its request died before answering): answer it
        var recovered = recoveryPoints.committed(command.accountId(),
                        io.mizani.application.idempotency.RecoveryPoints.BENEFICIARY)
                .flatMap(uuid -> unitOfWork.inTransaction(() -> store.find(command.accountId(), UUID.fromString(uuid))));
        if (recovered.isPresent()) {
            return new Created(recovered.get(), false);
        }
        BeneficiaryProfile profile = BeneficiaryProfile.EMPTY.merge(command.fields());
        KycAssessment assessment = KycRules.assess(profile);
        if (!assessment.meetsFloor()) {
            throw missingFloor(assessment);
        }
        long accountId = command.accountId();
        try {
            return unitOfWork.inTransaction(() -> {
                if (profile.externalReference() != null) {
                    var existing = store.findByExternalReference(accountId, profile.externalReference());
                    if (existing.isPresent()) {
                        return new Created(existing.get(), true);
                    }
                }
                if (profile.idNumber() != null) {
                    store.idNumberHolder(accountId, profile.idNumber()).ifPresent(holder -> {
                        throw duplicateIdNumber(holder);
                    });
                }
                var created = store.insert(new BeneficiaryStore.NewBeneficiary(UUID.randomUUID(), accountId, profile,
                        assessment.level(), clock.instant()));
                recoveryPoints.record(accountId, io.mizani.application.idempotency.RecoveryPoints.BENEFICIARY,
                        created.uuid().toString());
                afterWrite.accept(created);
                return new Created(created, false);
            });
        } catch (BeneficiaryStore.DuplicateValue race) {
            // a concurrent create won the unique index: answer like the sequential case
            if (race.field() == Field.EXTERNAL_REFERENCE) {
                var existing = unitOfWork.inTransaction(
                        () -> store.findByExternalReference(accountId, profile.externalReference()));
                if (existing.isPresent()) {
                    return new Created(existing.get(), true);
                }
            }
            throw duplicate(race.field(), accountId, profile);
        }
    }

    @Override
    public Beneficiary update(BeneficiaryCommands.Update command) {
        long accountId = command.accountId();
        try {
            return unitOfWork.inTransaction(() -> {
                Beneficiary current = store.lock(accountId, command.uuid())
                        .orElseThrow(() -> notFound(command.uuid().toString()));
                BeneficiaryProfile profile = current.profile().merge(command.fields());
                KycAssessment assessment = KycRules.assess(profile);
                if (!assessment.meetsFloor()) {
                    throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                            "required fields cannot be removed: " + String.join(", ", assessment.missingReducedKycFields()),
                            DomainError.Shape.DEFAULT, Map.of("invalid_arguments", assessment.missingReducedKycFields()));
                }
                if (profile.idNumber() != null && !profile.idNumber().equals(current.profile().idNumber())) {
                    store.idNumberHolder(accountId, profile.idNumber())
                            .filter(holder -> !holder.equals(current.uuid()))
                            .ifPresent(holder -> {
                                throw duplicateIdNumber(holder);
                            });
                }
                if (profile.externalReference() != null
                        && !profile.externalReference().equals(current.profile().externalReference())) {
                    store.findByExternalReference(accountId, profile.externalReference())
                            .filter(holder -> !holder.uuid().equals(current.uuid()))
                            .ifPresent(holder -> {
                                throw duplicateExternalReference(holder.uuid());
                            });
                }
                boolean active = command.active() == null ? current.active() : command.active();
                Beneficiary updated = store.update(current.revised(profile, assessment.level(), active, clock.instant()));
                afterWrite.accept(updated);
                return updated;
            });
        } catch (BeneficiaryStore.DuplicateValue race) {
            throw duplicate(race.field(), accountId, null);
        }
    }

    @Override
    public Beneficiary fetch(long accountId, UUID uuid) {
        return unitOfWork.inTransaction(() -> store.find(accountId, uuid))
                .orElseThrow(() -> notFound(uuid.toString()));
    }

    @Override
    public Beneficiary delete(long accountId, UUID uuid) {
        return unitOfWork.inTransaction(() -> {
            Beneficiary current = store.lock(accountId, uuid).orElseThrow(() -> notFound(uuid.toString()));
            store.delete(accountId, uuid, clock.instant());
            return current;
        });
    }

    @Override
    public Page<Beneficiary> list(long accountId, BeneficiaryQuery query) {
        return unitOfWork.inTransaction(() -> store.search(accountId, query));
    }

    @Override
    public Eligibility check(BeneficiaryCommands.Eligibility command) {
        String currency = command.currency() == null ? null : command.currency().strip();
        if (currency == null || currency.isEmpty()) {
            throw invalid("currency is required", "currency");
        }
        if (!CURRENCY.matcher(currency).matches()) {
            throw invalid("currency must be a 3-letter ISO 4217 code", "currency");
        }
        currency = currency.toUpperCase(Locale.ROOT);
        BigDecimal amount = command.amountUsd();
        BigDecimal judged = amount;
        if (amount == null && command.amount() != null) {
            if (command.amount().signum() <= 0) {
                throw invalid("amount must be a positive number", "amount");
            }
            String code = currency;
            judged = rates.toUsdExact(currency, command.amount())
                    .orElseThrow(() -> invalid("no USD rate for currency " + code + ": send amount_usd", "currency"));
            amount = judged.setScale(2, java.math.RoundingMode.HALF_EVEN);
        }
        if (amount == null) {
            throw invalid("amount_usd is required", "amount_usd");
        }
        if (amount.signum() <= 0) {
            throw invalid("amount_usd must be a positive number", "amount_usd");
        }
        Beneficiary b = fetch(command.accountId(), command.uuid());
        if (!b.active()) {
            return new Eligibility(b, currency, amount, false, NOT_ACTIVE, "beneficiary_inactive", NOT_ACTIVE);
        }
        Tier0Decision decision = Tier0Envelope.judge(b.kycLevel(), currency, Money.of(judged, Tier0Envelope.USD),
                Money.of(b.tier0LifetimeUsd(), Tier0Envelope.USD));
        return switch (decision) {
            case Tier0Decision.Clear clear -> new Eligibility(b, currency, amount, true, null, null, null);
            case Tier0Decision.Refused refused -> new Eligibility(b, currency, amount, false,
                    Tier0Envelope.REFUSAL_MESSAGE, refused.rule().code(), refused.detail());
        };
    }

    private static DomainError invalid(String message, String field) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", message,
                DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.of(field)));
    }

    private static DomainError missingFloor(KycAssessment assessment) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("invalid_arguments", assessment.missingReducedKycFields());
        details.put("missing_reduced_kyc_fields", assessment.missingReducedKycFields());
        details.put("missing_full_kyc_fields", assessment.missingFullKycFields());
        // the kyc block as it would read: the contract shows missing_reduced_kyc_fields on a rejected create
        Map<String, Object> kyc = new LinkedHashMap<>();
        kyc.put("level", null);
        kyc.put("full_kyc", false);
        kyc.put("missing_full_kyc_fields", assessment.missingFullKycFields());
        kyc.put("missing_reduced_kyc_fields", assessment.missingReducedKycFields());
        kyc.put("tier_0_lifetime_usd", new BigDecimal("0.00"));
        kyc.put("tier_0_remaining_usd", Tier0Envelope.LIFETIME_LIMIT_USD);
        kyc.put("tier_0_limit_reached", false);
        kyc.put("tier_0_max_transaction_usd", Tier0Envelope.MAX_TRANSACTION_USD);
        kyc.put("tier_0_excluded_currencies", Tier0Envelope.EXCLUDED_CURRENCIES);
        kyc.put("requires_additional_id", assessment.requiresAdditionalId());
        details.put("kyc", kyc);
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                "missing required fields: " + String.join(", ", assessment.missingReducedKycFields()),
                DomainError.Shape.DEFAULT, details);
    }

    private static DomainError duplicateIdNumber(UUID holder) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                "id_number is already used by beneficiary \"" + holder + "\"", DomainError.Shape.DEFAULT,
                Map.of("invalid_arguments", List.of("id_number")));
    }

    private static DomainError duplicateExternalReference(UUID holder) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                "external_reference is already used by beneficiary \"" + holder + "\"", DomainError.Shape.DEFAULT,
                Map.of("invalid_arguments", List.of("external_reference")));
    }

    private DomainError duplicate(Field field, long accountId, BeneficiaryProfile profile) {
        if (field == Field.ID_NUMBER && profile != null) {
            var holder = unitOfWork.inTransaction(() -> store.idNumberHolder(accountId, profile.idNumber()));
            if (holder.isPresent()) {
                return duplicateIdNumber(holder.get());
            }
        }
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                field.wire() + " is already used by another beneficiary", DomainError.Shape.DEFAULT,
                Map.of("invalid_arguments", List.of(field.wire())));
    }
}
