package io.mizani.adapter.rest.beneficiary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mizani.application.beneficiary.BeneficiaryUseCases;
import io.mizani.application.beneficiary.Page;
import io.mizani.domain.beneficiary.Beneficiary;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.beneficiary.KycAssessment;
import io.mizani.domain.beneficiary.Tier0Envelope;
import io.mizani.domain.tenancy.AccountId;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** The JSON shapes of the beneficiary API. Every name is explicit: the contract's names carry digits. */
final class BeneficiaryJson {

    private BeneficiaryJson() {
    }

    /**
     * A beneficiary as the API shows it: one flat object (the contract's shape), made only by {@link #of(Beneficiary)}
     * from the beneficiary's named parts through {@link RecordBuilder}, never by position.
     */
    @JsonPropertyOrder({"id", "uuid", "first_name", "last_name", "surname", "email", "phone_number", "country",
            "address", "date_of_birth", "national_id", "id_type", "additional_id_type", "additional_id_number",
            "gender", "marital_status", "account_name", "account_number", "account_type", "external_reference",
            "customer_type", "account_id", "kyc_level", "tier_0_lifetime_usd", "is_active", "created_at",
            "updated_at", "kyc"})
    record Record(
            @JsonProperty("id") long id,
            @JsonProperty("uuid") UUID uuid,
            @JsonProperty("first_name") String firstName,
            @JsonProperty("last_name") String lastName,
            @JsonProperty("surname") String surname,
            @JsonProperty("email") String email,
            @JsonProperty("phone_number") String phoneNumber,
            @JsonProperty("country") String country,
            @JsonProperty("address") String address,
            @JsonProperty("date_of_birth") String dateOfBirth,
            @JsonProperty("national_id") String nationalId,
            @JsonProperty("id_type") String idType,
            @JsonProperty("additional_id_type") String additionalIdType,
            @JsonProperty("additional_id_number") String additionalIdNumber,
            @JsonProperty("gender") String gender,
            @JsonProperty("marital_status") String maritalStatus,
            @JsonProperty("account_name") String accountName,
            @JsonProperty("account_number") String accountNumber,
            @JsonProperty("account_type") String accountType,
            @JsonProperty("external_reference") String externalReference,
            @JsonProperty("customer_type") String customerType,
            @JsonProperty("account_id") long accountId,
            @JsonProperty("kyc_level") String kycLevel,
            @JsonProperty("tier_0_lifetime_usd") BigDecimal tier0LifetimeUsd,
            @JsonProperty("is_active") boolean isActive,
            @JsonProperty("created_at") String createdAt,
            @JsonProperty("updated_at") String updatedAt,
            @JsonProperty("kyc") Kyc kyc) {

        private Record(RecordBuilder b) {
            this(b.id, b.uuid, b.firstName, b.lastName, b.surname, b.email, b.phoneNumber, b.country, b.address,
                    b.dateOfBirth, b.nationalId, b.idType, b.additionalIdType, b.additionalIdNumber, b.gender,
                    b.maritalStatus, b.accountName, b.accountNumber, b.accountType, b.externalReference,
                    b.customerType, b.accountId, b.kycLevel, b.tier0LifetimeUsd, b.isActive, b.createdAt, b.updatedAt,
                    b.kyc);
        }
    }

    /** Fills a {@link Record} by name, one part of the beneficiary at a time. */
    private static final class RecordBuilder {
        private long id;
        private UUID uuid;
        private String firstName;
        private String lastName;
        private String surname;
        private String email;
        private String phoneNumber;
        private String country;
        private String address;
        private String dateOfBirth;
        private String nationalId;
        private String idType;
        private String additionalIdType;
        private String additionalIdNumber;
        private String gender;
        private String maritalStatus;
        private String accountName;
        private String accountNumber;
        private String accountType;
        private String externalReference;
        private String customerType;
        private long accountId;
        private String kycLevel;
        private BigDecimal tier0LifetimeUsd;
        private boolean isActive;
        private String createdAt;
        private String updatedAt;
        private Kyc kyc;

        RecordBuilder ids(long id, UUID uuid, AccountId accountId) {
            this.id = id;
            this.uuid = uuid;
            this.accountId = accountId.value();
            return this;
        }

        RecordBuilder person(BeneficiaryProfile.Person p) {
            this.firstName = p.firstName();
            this.lastName = p.lastName();
            this.surname = p.surname();
            this.dateOfBirth = date(p.dateOfBirth());
            this.gender = p.gender();
            this.maritalStatus = p.maritalStatus();
            return this;
        }

        RecordBuilder contact(BeneficiaryProfile.Contact c) {
            this.email = c.email();
            this.phoneNumber = c.phone();
            this.country = c.country();
            this.address = c.address();
            return this;
        }

        RecordBuilder identification(BeneficiaryProfile.Identification i) {
            this.idType = i.primary().type();
            this.nationalId = i.primary().number();
            this.additionalIdType = i.additional().type();
            this.additionalIdNumber = i.additional().number();
            return this;
        }

        RecordBuilder payoutAccount(BeneficiaryProfile.PayoutAccount a) {
            this.accountName = a.accountName();
            this.accountNumber = a.accountNumber();
            this.accountType = a.accountType();
            return this;
        }

        RecordBuilder labels(String externalReference, String customerType) {
            this.externalReference = externalReference;
            this.customerType = customerType;
            return this;
        }

        RecordBuilder standing(Beneficiary.Standing s, BigDecimal lifetime, Kyc kyc) {
            this.kycLevel = s.kycLevel().wire();
            this.tier0LifetimeUsd = lifetime;
            this.isActive = s.active();
            this.kyc = kyc;
            return this;
        }

        RecordBuilder times(Instant createdAt, Instant updatedAt) {
            this.createdAt = time(createdAt);
            this.updatedAt = time(updatedAt);
            return this;
        }

        Record build() {
            return new Record(this);
        }
    }

    @JsonPropertyOrder({"level", "full_kyc", "missing_full_kyc_fields", "missing_reduced_kyc_fields",
            "tier_0_lifetime_usd", "tier_0_remaining_usd", "tier_0_limit_reached", "tier_0_max_transaction_usd",
            "tier_0_excluded_currencies", "requires_additional_id"})
    record Kyc(
            @JsonProperty("level") String level,
            @JsonProperty("full_kyc") boolean fullKyc,
            @JsonProperty("missing_full_kyc_fields") List<String> missingFullKycFields,
            @JsonProperty("missing_reduced_kyc_fields") List<String> missingReducedKycFields,
            @JsonProperty("tier_0_lifetime_usd") BigDecimal tier0LifetimeUsd,
            @JsonProperty("tier_0_remaining_usd") BigDecimal tier0RemainingUsd,
            @JsonProperty("tier_0_limit_reached") boolean tier0LimitReached,
            @JsonProperty("tier_0_max_transaction_usd") BigDecimal tier0MaxTransactionUsd,
            @JsonProperty("tier_0_excluded_currencies") List<String> tier0ExcludedCurrencies,
            @JsonProperty("requires_additional_id") boolean requiresAdditionalId) {

        Kyc(String level, boolean fullKyc, List<String> missingFullKycFields, List<String> missingReducedKycFields,
            Tier0 tier0, boolean requiresAdditionalId) {
            this(level, fullKyc, missingFullKycFields, missingReducedKycFields, tier0.lifetimeUsd(),
                    tier0.remainingUsd(), tier0.limitReached(), tier0.maxTransactionUsd(), tier0.excludedCurrencies(),
                    requiresAdditionalId);
        }
    }

    /** The tier-0 envelope's figures of the kyc block, all from the lifetime total. */
    private record Tier0(BigDecimal lifetimeUsd, BigDecimal remainingUsd, boolean limitReached,
                         BigDecimal maxTransactionUsd, List<String> excludedCurrencies) {
        static Tier0 of(BigDecimal lifetime) {
            return new Tier0(lifetime, Tier0Envelope.remaining(lifetime), Tier0Envelope.limitReached(lifetime),
                    money(Tier0Envelope.MAX_TRANSACTION_USD), Tier0Envelope.EXCLUDED_CURRENCIES);
        }
    }

    record Pagination(
            @JsonProperty("count") long count,
            @JsonProperty("page") int page,
            @JsonProperty("per") int per,
            @JsonProperty("num_pages") int numPages,
            @JsonProperty("next_page") Integer nextPage,
            @JsonProperty("prev_page") Integer prevPage) {
    }

    @JsonPropertyOrder({"beneficiaries", "pagination"})
    record List_(
            @JsonProperty("beneficiaries") List<Record> beneficiaries,
            @JsonProperty("pagination") Pagination pagination) {
    }

    @JsonPropertyOrder({"beneficiary", "deleted"})
    record Deleted(
            @JsonProperty("beneficiary") Record beneficiary,
            @JsonProperty("deleted") boolean deleted) {
    }

    @JsonPropertyOrder({"beneficiary", "currency", "amount_usd", "eligible", "reason", "reason_code", "detail"})
    record Eligibility(
            @JsonProperty("beneficiary") Record beneficiary,
            @JsonProperty("currency") String currency,
            @JsonProperty("amount_usd") BigDecimal amountUsd,
            @JsonProperty("eligible") boolean eligible,
            @JsonProperty("reason") @JsonInclude(JsonInclude.Include.NON_NULL) String reason,
            @JsonProperty("reason_code") @JsonInclude(JsonInclude.Include.NON_NULL) String reasonCode,
            @JsonProperty("detail") @JsonInclude(JsonInclude.Include.NON_NULL) String detail) {
    }

    static Record of(Beneficiary b) {
        var p = b.profile();
        BigDecimal lifetime = money(b.tier0LifetimeUsd());
        return new RecordBuilder()
                .ids(b.id(), b.uuid(), b.accountId())
                .person(p.person())
                .contact(p.contact())
                .identification(p.identification())
                .payoutAccount(p.payoutAccount())
                .labels(p.externalReference(), p.customerType())
                .standing(b.standing(), lifetime, kyc(b, lifetime))
                .times(b.createdAt(), b.updatedAt())
                .build();
    }

    /** The kyc block: the assessment of the profile and the tier-0 envelope's figures for this lifetime total. */
    private static Kyc kyc(Beneficiary b, BigDecimal lifetime) {
        KycAssessment a = b.assessment();
        return new Kyc(b.kycLevel().wire(), a.fullKyc(), a.missingFullKycFields(), a.missingReducedKycFields(),
                Tier0.of(lifetime), a.requiresAdditionalId());
    }

    static List_ of(Page<Beneficiary> page) {
        return new List_(page.items().stream().map(BeneficiaryJson::of).toList(),
                new Pagination(page.count(), page.page(), page.per(), page.numPages(), page.nextPage(),
                        page.prevPage()));
    }

    static Eligibility of(BeneficiaryUseCases.Eligibility e) {
        return new Eligibility(of(e.beneficiary()), e.currency(), e.amountUsd(), e.eligible(), e.reason(),
                e.reasonCode(), e.detail());
    }

    private static BigDecimal money(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.HALF_EVEN);
    }

    static String date(OffsetDateTime at) {
        return at == null ? null
                : at.withOffsetSameInstant(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }

    static String time(Instant at) {
        return at == null ? null : DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.MICROS));
    }
}
