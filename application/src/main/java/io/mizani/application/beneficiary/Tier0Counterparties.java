package io.mizani.application.beneficiary;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.beneficiary.Tier0Decision;
import io.mizani.domain.beneficiary.Tier0Envelope;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.tenancy.AccountId;

import java.math.RoundingMode;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The beneficiary book as payments see it. The tier-0 judgement and the counting are one step under the
 * beneficiary's row lock ({@code SELECT ... FOR UPDATE}) inside the caller's transaction: concurrent payments for
 * one beneficiary, on any number of replicas, are judged one after another against the committed total.
 */
public final class Tier0Counterparties implements PaymentCounterparties {

    private final BeneficiaryStore store;
    private final UnitOfWork unitOfWork;
    private final Clock clock;

    public Tier0Counterparties(BeneficiaryStore store, UnitOfWork unitOfWork, Clock clock) {
        this.store = Objects.requireNonNull(store);
        this.unitOfWork = Objects.requireNonNull(unitOfWork);
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public Optional<Counterparty> find(long accountId, UUID uuid) {
        return unitOfWork.inTransaction(() -> store.find(accountId, uuid)).map(Counterparty::of);
    }

    @Override
    public void reserveTier0(AccountId accountId, BeneficiaryId beneficiaryId, String currency, Money amountUsd) {
        Money amount = positive(amountUsd);
        unitOfWork.run(() -> {
            var standing = store.lockTier0(accountId, beneficiaryId)
                    .orElseThrow(() -> DomainError.notFound("beneficiary " + beneficiaryId + " does not exist"));
            if (!standing.active()) {
                throw DomainError.invalidArgument(BeneficiaryBook.NOT_ACTIVE);
            }
            Tier0Decision decision = Tier0Envelope.judge(standing.kycLevel(), currency, amount, standing.lifetimeUsd());
            switch (decision) {
                case Tier0Decision.Refused refused -> throw refusal(refused);
                case Tier0Decision.Clear clear -> {
                    if (clear.counted()) {
                        store.setTier0Lifetime(beneficiaryId.value(), standing.lifetimeUsd().plus(cents(amount)),
                                clock.instant());
                    }
                }
            }
        });
    }

    @Override
    public void releaseTier0(AccountId accountId, BeneficiaryId beneficiaryId, Money amountUsd) {
        Money amount = positive(amountUsd);
        unitOfWork.run(() -> store.lockTier0(accountId, beneficiaryId).ifPresent(standing -> {
            if (standing.kycLevel() == KycLevel.FULL) {
                return;
            }
            Money left = standing.lifetimeUsd().minus(cents(amount));
            store.setTier0Lifetime(beneficiaryId.value(), left.atLeastZero(), clock.instant());
        }));
    }

    /** The contract's tier-0 refusal: 400 {@code {error_code: "invalid_argument", message}}. */
    public static DomainError refusal(Tier0Decision.Refused refused) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", Tier0Envelope.REFUSAL_MESSAGE,
                DomainError.Shape.COMPACT, Map.of());
    }

    private static Money positive(Money amountUsd) {
        if (amountUsd == null || amountUsd.isNegative()) {
            throw DomainError.invalidArgument("amount_usd must be a non-negative amount");
        }
        return amountUsd; // judged unrounded; counted in cents
    }

    private static Money cents(Money usd) {
        return Money.of(usd.amount().setScale(2, RoundingMode.HALF_EVEN), usd.currency());
    }
}
