package io.mizani.application.beneficiary;

import io.mizani.domain.beneficiary.Beneficiary;

import java.math.BigDecimal;
import java.util.UUID;

/** Input ports of the beneficiary book, one per use case. */
public final class BeneficiaryUseCases {

    private BeneficiaryUseCases() {
    }

    public interface CreateBeneficiary {
        /** The new beneficiary, or the existing one when its external_reference was already used (replayed). */
        Created create(BeneficiaryCommands.Create command);
    }

    public interface UpdateBeneficiary {
        Beneficiary update(BeneficiaryCommands.Update command);
    }

    public interface FetchBeneficiary {
        Beneficiary fetch(long accountId, UUID uuid);
    }

    public interface DeleteBeneficiary {
        Beneficiary delete(long accountId, UUID uuid);
    }

    public interface ListBeneficiaries {
        Page<Beneficiary> list(long accountId, BeneficiaryQuery query);
    }

    public interface CheckKycEligibility {
        Eligibility check(BeneficiaryCommands.Eligibility command);
    }

    public record Created(Beneficiary beneficiary, boolean replayed) {
    }

    /** The dry run's answer; reason and reasonCode are null when eligible. */
    public record Eligibility(Beneficiary beneficiary, String currency, BigDecimal amountUsd, boolean eligible,
                              String reason, String reasonCode, String detail) {
    }
}
