package io.mizani.adapter.provider.payment;

import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.SandboxOutcome;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The sandbox momo and bank rails (platform.md section 7): the simulated provider takes every request, then
 * after {@code MIZANI_SANDBOX_SETTLE_MS} answers by the last two digits of payment_config.account_number:
 * {@code 00} declined, {@code 01} never answers (the payment stays pending until the pending deadline, when the
 * provider's status lookup reports it failed), anything else succeeds.
 */
public final class SandboxRail implements PaymentRail {

    /** failure_reason of a sandbox payment that got no answer before the pending deadline. */
    public static final String NO_ANSWER_REASON = "no answer from the provider before the deadline";

    private final Duration settle;
    private final Clock clock;

    public SandboxRail(Duration settle, Clock clock) {
        this.settle = settle;
        this.clock = clock;
    }

    @Override
    public RailOutcome initiate(Payment payment) {
        return new RailOutcome.Submitted(providerReference(payment), settle);
    }

    @Override
    public RailOutcome query(Payment payment) {
        Instant since = payment.times().pendingSince() != null ? payment.times().pendingSince() : payment.times().createdAt();
        Duration left = Duration.between(clock.instant(), since.plus(settle));
        if (!left.isNegative() && !left.isZero()) {
            return new RailOutcome.Submitted(providerReference(payment), left);
        }
        return switch (SandboxOutcome.forAccount(payment.instructions().accountNumber())) {
            case DECLINED -> new RailOutcome.Declined(providerReference(payment),
                    "declined by the sandbox provider");
            case NO_ANSWER -> new RailOutcome.NoAnswer("the sandbox provider did not answer");
            case SUCCEEDS -> new RailOutcome.Succeeded(providerReference(payment));
        };
    }

    /**
     * The sandbox provider's status lookup, asked once the payment is past the pending deadline: a payment it never
     * answered ({@code 01}) is reported failed with {@link #NO_ANSWER_REASON}; the others as {@link #query}.
     */
    @Override
    public RailOutcome resolveOverdue(Payment payment) {
        if (SandboxOutcome.forAccount(payment.instructions().accountNumber()) == SandboxOutcome.NO_ANSWER) {
            return new RailOutcome.Declined(providerReference(payment), NO_ANSWER_REASON);
        }
        return query(payment);
    }

    static String providerReference(Payment payment) {
        return "SBX" + payment.reference().value().substring(3);
    }
}
