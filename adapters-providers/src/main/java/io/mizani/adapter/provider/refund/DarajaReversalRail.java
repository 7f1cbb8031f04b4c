package io.mizani.adapter.provider.refund;

import io.mizani.adapter.provider.payment.DarajaRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.refund.RefundRail;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Refunds of {@code mpesa_ke} collections by Daraja Reversal (live mode, Daraja configured): the submission is
 * {@link DarajaRail#reverse}; the verdict arrives on the ResultURL and settles the refund there. A later look never
 * sends the reversal again. Until the refund has been pending for the pending deadline
 * ({@code MIZANI_PAYMENT_PENDING_DEADLINE}, the payments' one) it only waits for that result; past it, each look
 * asks Daraja's Transaction Status query about the reversal ({@link DarajaRail#reversalStatus}), whose answer is
 * posted to {@code /reversal-status-result/R<n>} and settles the refund, and the next look is one deadline later.
 */
public final class DarajaReversalRail implements RefundRail {

    private final DarajaRail daraja;
    private final Duration pendingDeadline;
    private final Clock clock;

    public DarajaReversalRail(DarajaRail daraja, Duration pendingDeadline, Clock clock) {
        this.daraja = daraja;
        this.pendingDeadline = pendingDeadline;
        this.clock = clock;
    }

    @Override
    public RailOutcome submit(Refund refund, Payment collection) {
        return daraja.reverse(refund, collection);
    }

    @Override
    public RailOutcome query(Refund refund, Payment collection) {
        String reference = refund.outcome().providerReference();
        Instant deadline = refund.times().createdAt().plus(pendingDeadline);
        Instant now = clock.instant();
        if (now.isBefore(deadline)) {
            // the reversal's result may still come: look again at the deadline, not before
            return new RailOutcome.Submitted(reference, Duration.between(now, deadline));
        }
        RailOutcome asked = daraja.reversalStatus(refund);
        // asked: its answer comes to the ResultURL; the next question one deadline later if it settled nothing.
        // Not asked (no answer, refused, nothing to key it on): back-off, the refund stays pending
        return asked instanceof RailOutcome.Submitted ? new RailOutcome.Submitted(reference, pendingDeadline) : asked;
    }
}
