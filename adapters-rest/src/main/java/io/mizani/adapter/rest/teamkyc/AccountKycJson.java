package io.mizani.adapter.rest.teamkyc;

import io.mizani.domain.verification.CheckStatus;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import io.mizani.application.teamkyc.KycTokens;
import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.ContactInformation;
import io.mizani.domain.teamkyc.EntityInformation;
import io.mizani.domain.teamkyc.KycDetails;
import io.mizani.domain.teamkyc.KycSlot;
import io.mizani.domain.teamkyc.ReviewInformation;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.teamkyc.UpgradeInformation;
import io.mizani.domain.teamkyc.UpgradeStatus;
import io.mizani.domain.teamkyc.VerificationInformation;
import io.mizani.domain.verification.VerificationToken;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * JSON of the Team KYC surface. contact_information and entity_information (with their upload_information) are the
 * domain's value records, whose components are exactly the contract's field names; everything else is mapped here.
 */
final class AccountKycJson {

    private AccountKycJson() {
    }

    /**
     * Copies a domain value into its view by field name (snake_case, ISO times, enums by their wire word): used
     * where a view has exactly the fields of the domain value, so no code lists them twice. Not the REST mapper:
     * it never writes to the wire, only fills the view records the wire mapper then writes.
     */
    private static final ObjectMapper SAME_NAMES = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .registerModule(new JavaTimeModule())
            .registerModule(new SimpleModule("wire-words").addSerializer(UpgradeStatus.class,
                    new StdSerializer<>(UpgradeStatus.class) {
                        @Override
                        public void serialize(UpgradeStatus value, JsonGenerator gen, SerializerProvider provider)
                                throws IOException {
                            gen.writeString(value.wire());
                        }
                    }).addSerializer(CheckStatus.class, new StdSerializer<>(CheckStatus.class) {
                        @Override
                        public void serialize(CheckStatus value, JsonGenerator gen, SerializerProvider provider)
                                throws IOException {
                            gen.writeString(value.wire());
                        }
                    }))
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);

    record TokensBody(String nationalId, String phoneNumber, String tin) {
        KycTokens toTokens() {
            return new KycTokens(nationalId, phoneNumber, tin);
        }

        static KycTokens of(TokensBody body) {
            return body == null ? KycTokens.NONE : body.toTokens();
        }
    }

    /** Submit and amend body. account_information is accepted but ignored: the service snapshots the Team. */
    record SubmitBody(
            @Schema(required = true) Long accountId,
            String entityType,
            String countryCode,
            String country,
            Integer kycTier,
            String notes,
            ContactInformation contactInformation,
            EntityInformation entityInformation,
            Object accountInformation,
            TokensBody kycTokens) {

        KycDetails details() {
            return new KycDetails(entityType, countryCode, country, kycTier, notes, contactInformation,
                    entityInformation);
        }
    }

    record UpgradeRequestInformation(
            @Schema(required = true) Integer upgradeTo,
            String upgradeNotes) {
    }

    record UpgradeBody(
            @Schema(required = true) Long accountId,
            @Schema(required = true) UpgradeRequestInformation upgradeInformation,
            EntityInformation entityInformation,
            TokensBody kycTokens) {
    }

    record ReviewBody(
            @Schema(required = true) String decision,
            Integer kycTier,
            String notes) {
    }

    record UpgradeReviewBody(
            @Schema(required = true) String decision,
            String notes) {
    }

    record Envelope(AccountKycView accountKyc) {
        static Envelope of(AccountKyc kyc) {
            return new Envelope(AccountKycView.of(kyc));
        }
    }

    record ListEnvelope(List<AccountKycView> accountKycs) {
        static ListEnvelope of(List<AccountKyc> kycs) {
            return new ListEnvelope(kycs.stream().map(AccountKycView::of).toList());
        }
    }

    record AccountKycView(
            long id,
            long accountId,
            String entityType,
            String status,
            String countryCode,
            String country,
            Integer kycTier,
            String notes,
            ContactInformation contactInformation,
            EntityInformation entityInformation,
            AccountInformationView accountInformation,
            UpgradeInformationView upgradeInformation,
            @JsonInclude(JsonInclude.Include.NON_NULL) VerificationInformationView verificationInformation,
            ReviewView reviewInformation,
            Instant createdAt,
            Instant updatedAt) {

        /** The one place a record becomes its view: each part of the record into the fields it fills. */
        static AccountKycView of(AccountKyc k) {
            return new AccountKycView(k.id(), k.accountId(), k.standing(), k.statement(),
                    AccountInformationView.of(k.accountInformation()), UpgradeInformationView.of(k.upgradeInformation()),
                    VerificationInformationView.of(k.verificationInformation()), ReviewView.of(k.reviewInformation()),
                    k.times());
        }

        private AccountKycView(long id, long accountId, AccountKyc.Standing standing, AccountKyc.Statement stated,
                               AccountInformationView account, UpgradeInformationView upgrade,
                               VerificationInformationView verification, ReviewView review, AccountKyc.Times times) {
            this(id, accountId, stated.entityType(), standing.status().wire(), stated.countryCode(), stated.country(),
                    standing.kycTier(), stated.notes(), stated.contactInformation(), stated.entityInformation(),
                    account, upgrade, verification, review, times.createdAt(), times.updatedAt());
        }
    }

    record AccountInformationView(
            String currency,
            String organizationId,
            String accountName,
            String email,
            String phoneNumber,
            String kycStatus,
            String accountStatus,
            @JsonProperty("is_phone_verified") Boolean phoneVerified,
            @JsonProperty("is_email_verified") Boolean emailVerified) {

        /** The stored snapshot has exactly this view's fields: Jackson's naming makes one from the other. */
        static AccountInformationView of(AccountInformation a) {
            return a == null ? null : SAME_NAMES.convertValue(a, AccountInformationView.class);
        }
    }

    record UpgradeInformationView(
            boolean requestedKycUpgrade,
            Integer upgradeFrom,
            Integer upgradeTo,
            String upgradeNotes,
            String upgradeStatus,
            Instant upgradeRequestedAt,
            Instant upgradeReviewedAt,
            @JsonInclude(JsonInclude.Include.NON_NULL) Long upgradeReviewedBy,
            @JsonInclude(JsonInclude.Include.NON_NULL) String upgradeReviewNotes) {

        /** The same fields by name; the status as its wire word. */
        static UpgradeInformationView of(UpgradeInformation u) {
            return SAME_NAMES.convertValue(u, UpgradeInformationView.class);
        }
    }

    record VerificationInformationView(
            TokensBody kycTokens,
            List<VerificationView> verifications,
            String actorType,
            int verifiedKycTier,
            Instant verifiedAt) {

        static VerificationInformationView of(VerificationInformation v) {
            if (v == null) {
                return null;
            }
            return new VerificationInformationView(
                    new TokensBody(v.kycTokens().get(KycSlot.NATIONAL_ID), v.kycTokens().get(KycSlot.PHONE_NUMBER),
                            v.kycTokens().get(KycSlot.TIN)),
                    v.verifications().stream().map(VerificationView::of).toList(), v.actorType(),
                    v.verifiedKycTier(), v.verifiedAt());
        }
    }

    record VerificationView(
            String kind,
            String token,
            String check,
            String category,
            String country,
            String status,
            String verificationStatus,
            boolean verified,
            String actorType,
            String subjectName,
            String identifierMasked,
            String reference,
            String source,
            Instant verifiedAt,
            Instant expiresAt) {

        /**
         * The token's parts inline, each field by its own name (the domain {@link VerificationToken} is the one
         * definition of a token's fields; the persistence adapter stores the same parts the same way).
         */
        static VerificationView of(TokenSnapshot t) {
            VerificationToken token = t.token();
            ObjectNode flat = SAME_NAMES.createObjectNode();
            flat.put("kind", t.kind().key());
            flat.put("token", token.token().value());
            flat.setAll((ObjectNode) SAME_NAMES.valueToTree(token.checked()));
            flat.setAll((ObjectNode) SAME_NAMES.valueToTree(token.finding()));
            flat.set("verified_at", SAME_NAMES.valueToTree(token.verifiedAt()));
            flat.set("expires_at", SAME_NAMES.valueToTree(token.expiresAt()));
            return SAME_NAMES.convertValue(flat, VerificationView.class);
        }
    }

    record ReviewView(String decision, String notes, long reviewedBy, Instant reviewedAt) {
        static ReviewView of(ReviewInformation r) {
            return r == null ? null : new ReviewView(r.decision(), r.notes(), r.reviewedBy(), r.reviewedAt());
        }
    }


}
