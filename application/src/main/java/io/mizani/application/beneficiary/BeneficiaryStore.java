package io.mizani.application.beneficiary;

import io.mizani.domain.common.Money;
import io.mizani.domain.beneficiary.Beneficiary;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.beneficiary.Field;
import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.tenancy.AccountId;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Output port: the beneficiary book of every account. Every read is scoped to the account; a deleted beneficiary
 * is invisible. Runs inside the caller's transaction.
 */
public interface BeneficiaryStore {

    /** Stores a new beneficiary. Throws {@link DuplicateValue} when external_reference or id_number is taken. */
    Beneficiary insert(NewBeneficiary beneficiary);

    Optional<Beneficiary> find(long accountId, UUID uuid);

    /** Like {@link #find} but locks the row until the transaction ends (merges never lose a concurrent write). */
    Optional<Beneficiary> lock(long accountId, UUID uuid);

    Optional<Beneficiary> findByExternalReference(long accountId, String externalReference);

    /** The uuid of the account's live beneficiary holding this id_number, if any. */
    Optional<UUID> idNumberHolder(long accountId, String idNumber);

    /**
     * Writes the profile, level, active flag and updated_at of an existing beneficiary (never the tier-0 counter).
     * Throws {@link DuplicateValue} when the new external_reference or id_number is taken.
     */
    Beneficiary update(Beneficiary beneficiary);

    /** Soft-deletes; false when there was nothing to delete. */
    boolean delete(long accountId, UUID uuid, Instant at);

    Page<Beneficiary> search(long accountId, BeneficiaryQuery query);

    /** Locks the beneficiary row ({@code SELECT ... FOR UPDATE}) and returns its tier-0 standing. */
    Optional<Tier0Standing> lockTier0(AccountId accountId, BeneficiaryId beneficiaryId);

    /** Sets the lifetime tier-0 total of a row locked by {@link #lockTier0} in the same transaction. */
    void setTier0Lifetime(long beneficiaryId, Money lifetimeUsd, Instant at);

    record NewBeneficiary(UUID uuid, long accountId, BeneficiaryProfile profile, KycLevel kycLevel, Instant at) {
    }

    record Tier0Standing(long id, KycLevel kycLevel, boolean active, Money lifetimeUsd) {
    }

    /** A uniqueness rule of the account (external_reference, id_number) refused the write. */
    final class DuplicateValue extends RuntimeException {
        private final Field field;

        public DuplicateValue(Field field) {
            super(field.wire() + " already in use", null, false, false);
            this.field = field;
        }

        public Field field() {
            return field;
        }
    }
}
