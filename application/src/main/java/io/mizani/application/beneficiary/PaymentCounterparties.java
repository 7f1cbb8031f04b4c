package io.mizani.application.beneficiary;

import io.mizani.domain.common.Money;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.tenancy.AccountId;

import java.util.Optional;
import java.util.UUID;

/**
 * What payments ask of the beneficiary book. Implemented by the beneficiary feature.
 */
public interface PaymentCounterparties {

    /** The account's beneficiary with this uuid; empty when unknown, deleted or another account's. */
    Optional<Counterparty> find(long accountId, UUID uuid);

    /**
     * Judges the tier-0 envelope and counts the amount toward the lifetime total in one atomic step (row lock),
     * inside the caller's transaction. A {@code full} beneficiary is neither judged nor counted. Refusal:
     * {@code DomainError} INVALID_ARGUMENT, code {@code invalid_argument}, shape COMPACT, message
     * {@code full KYC information is required for the transaction}.
     */
    void reserveTier0(AccountId accountId, BeneficiaryId beneficiaryId, String currency, Money amountUsd);

    /** Gives back an amount counted by {@link #reserveTier0} (the payment failed). No-op for a full beneficiary. */
    void releaseTier0(AccountId accountId, BeneficiaryId beneficiaryId, Money amountUsd);
}
