package io.mizani.adapter.rest.teamkyc;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
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
import io.mizani.domain.teamkyc.VerificationInformation;
import io.mizani.domain.verification.VerificationToken;
import java.time.Instant;
import java.util.List;

/**
 * JSON of the Team KYC surface. contact_information and entity_information (with their upload_information) are the
 * domain's value records, whose components are exactly the contract's field names; everything else is mapped here.
 */
final class AccountKycJson {

    private AccountKycJson() {
    }

    record TokensBody(String nationalId, String phoneNumber, String tin) {
        KycTokens toTokens() {
            return new KycTokens(nationalId, phoneNumber, tin);
        }

        static KycTokens of(TokensBody body) {
            return body == null ? KycTokens.NONE : body.toTokens();
        }
    }

    /** Submit and amend body. account_information is accepted but ignored: the service snapshots the Team. */
    record SubmitBody(Long accountId, String entityType, String countryCode, String country, Integer kycTier,
            String notes, ContactInformation contactInformation, EntityInformation entityInformation,
            Object accountInformation, TokensBody kycTokens) {

        KycDetails details() {
            return new KycDetails(entityType, countryCode, country, kycTier, notes, contactInformation,
                    entityInformation);
        }
    }

    record UpgradeRequestInformation(Integer upgradeTo, String upgradeNotes) {
    }

    record UpgradeBody(Long accountId, UpgradeRequestInformation upgradeInformation,
            EntityInformation entityInformation, TokensBody kycTokens) {
    }

    record ReviewBody(String decision, Integer kycTier, String notes) {
    }

    record UpgradeReviewBody(String decision, String notes) {
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

        static AccountKycView of(AccountKyc k) {
            return new AccountKycView(k.id(), k.accountId(), k.entityType(), k.status().wire(), k.countryCode(),
                    k.country(), k.kycTier(), k.notes(), k.contactInformation(), k.entityInformation(),
                    AccountInformationView.of(k.accountInformation()), UpgradeInformationView.of(k.upgradeInformation()),
                    VerificationInformationView.of(k.verificationInformation()), ReviewView.of(k.reviewInformation()),
                    k.createdAt(), k.updatedAt());
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

        static AccountInformationView of(AccountInformation a) {
            return a == null ? null : new AccountInformationView(a.currency(), a.organizationId(), a.accountName(),
                    a.email(), a.phoneNumber(), a.kycStatus(), a.accountStatus(), a.isPhoneVerified(),
                    a.isEmailVerified());
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

        static UpgradeInformationView of(UpgradeInformation u) {
            return new UpgradeInformationView(u.requestedKycUpgrade(), u.upgradeFrom(), u.upgradeTo(),
                    u.upgradeNotes(), u.upgradeStatus() == null ? null : u.upgradeStatus().wire(),
                    u.upgradeRequestedAt(), u.upgradeReviewedAt(), u.upgradeReviewedBy(), u.upgradeReviewNotes());
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

        static VerificationView of(TokenSnapshot t) {
            VerificationToken.Checked c = t.token().checked();
            VerificationToken.Finding f = t.token().finding();
            return new VerificationView(t.kind().key(), t.token().token().value(), c.check(), c.category(),
                    c.country(), f.status(), f.verificationStatus(), f.verified(), f.actorType(), f.subjectName(),
                    f.identifierMasked(), f.reference(), f.source(), t.token().verifiedAt(), t.token().expiresAt());
        }
    }

    record ReviewView(String decision, String notes, long reviewedBy, Instant reviewedAt) {
        static ReviewView of(ReviewInformation r) {
            return r == null ? null : new ReviewView(r.decision(), r.notes(), r.reviewedBy(), r.reviewedAt());
        }
    }


}
