package io.mizani.application.beneficiary;

import io.mizani.domain.beneficiary.Beneficiary;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.beneficiary.KycLevel;
import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.UUID;

/**
 * A stored beneficiary as a payment sees it: its ids, the merchant's profile (named parts, see
 * {@link BeneficiaryProfile}), its KYC level and whether it is active. Made from a stored beneficiary by {@link #of};
 * the accessors below are the fields a payment reads, each taken from its part by name.
 */
public record Counterparty(long id, UUID uuid, BeneficiaryProfile profile, KycLevel kycLevel, boolean active) {

    public Counterparty {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(kycLevel, "kycLevel");
    }

    public static Counterparty of(Beneficiary b) {
        return new Counterparty(b.id(), b.uuid(), b.profile(), b.kycLevel(), b.active());
    }

    public String firstName() {
        return profile.person().firstName();
    }

    public String lastName() {
        return profile.person().lastName();
    }

    public OffsetDateTime dateOfBirth() {
        return profile.person().dateOfBirth();
    }

    public String email() {
        return profile.contact().email();
    }

    public String phoneNumber() {
        return profile.contact().phone();
    }

    public String country() {
        return profile.contact().country();
    }

    public String idType() {
        return profile.identification().primary().type();
    }

    public String idNumber() {
        return profile.identification().primary().number();
    }

    public String accountNumber() {
        return profile.payoutAccount().accountNumber();
    }
}
