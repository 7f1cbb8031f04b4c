package io.mizani.adapter.provider.refund;

import io.mizani.application.payment.RailOutcome;
import io.mizani.application.refund.RefundRail;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;
import io.mizani.domain.refund.RefundRules;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The sandbox refund provider (platform.md section 15): it takes every refund, then after
 * {@code MIZANI_SANDBOX_SETTLE_MS} answers: a refund_reference ending in {@code 00} is declined ({@code declined by
 * the provider}), any other succeeds.
 */
public final class SandboxRefundRail implements RefundRail {

    private final Duration settle;
    private final Clock clock;

    public SandboxRefundRail(Duration settle, Clock clock) {
        this.settle = settle;
        this.clock = clock;
    }

    @Override
    public RailOutcome submit(Refund refund, Payment collection) {
        return new RailOutcome.Submitted(providerReference(refund), settle);
    }

    @Override
    public RailOutcome query(Refund refund, Payment collection) {
        Instant answerAt = refund.times().createdAt().plus(settle);
        Duration left = Duration.between(clock.instant(), answerAt);
        if (left.compareTo(Duration.ZERO) > 0) {
            return new RailOutcome.Submitted(providerReference(refund), left);
        }
        if (RefundRules.sandboxDeclines(refund.refundReference())) {
            return new RailOutcome.Declined(providerReference(refund), RefundRules.DECLINED_BY_PROVIDER);
        }
        return new RailOutcome.Succeeded(providerReference(refund));
    }

    /** The sandbox provider's reference of a refund: stable across looks. */
    static String providerReference(Refund refund) {
        return "SBR" + String.format("%012d", refund.id());
    }
}
