package io.mizani.domain.verification;

import io.mizani.domain.billing.ChargeEvent;

/**
 * What came back from the provider. {@link ProviderUnavailable} means the check did not run (or we cannot know
 * that it did: a timeout); it is never a verdict and is never cached.
 */
public sealed interface CheckOutcome {

    /** The billing event this outcome feeds the charge state machine. */
    ChargeEvent chargeEvent();

    record Verified(ProviderAnswer answer) implements CheckOutcome {
        @Override
        public ChargeEvent chargeEvent() {
            return ChargeEvent.PROVIDER_CHARGED;
        }
    }

    /** The check ran and found nothing; {@code providerCharged} false means the provider waived its fee. */
    record NotVerified(ProviderAnswer answer, boolean providerCharged) implements CheckOutcome {
        @Override
        public ChargeEvent chargeEvent() {
            return providerCharged ? ChargeEvent.PROVIDER_CHARGED : ChargeEvent.FEE_WAIVED;
        }
    }

    record ProviderUnavailable(Cause cause, String detail, String responseCode) implements CheckOutcome {
        @Override
        public ChargeEvent chargeEvent() {
            return cause == Cause.REJECTED ? ChargeEvent.REJECTED_BEFORE_RUN : ChargeEvent.PROVIDER_UNAVAILABLE;
        }
    }

    enum Cause {
        /** The provider (or the upstream registry) answered that it is unavailable, or could not be reached. */
        DOWN,
        /** No answer within the provider timeout: unknown whether it ran; treated as unavailable and refunded. */
        TIMEOUT,
        /** The provider rejected the request before running the check (bad credentials, malformed request). */
        REJECTED,
        /** The provider answered something we cannot read. */
        MALFORMED,
        /** The circuit breaker or bulkhead refused the call without contacting the provider. */
        SHED
    }
}
