package io.mizani.adapter.provider.refund;

import io.mizani.adapter.provider.payment.MtnRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.refund.RefundRail;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;

/**
 * Refunds of {@code mtn_gh}/{@code mtn_ug} collections MTN took ({@link MtnRail#took}), by MTN's refund
 * ({@code POST /disbursement/v1_0/refund}, looked up with {@code GET /disbursement/v1_0/refund/{X-Reference-Id}}).
 * The refund's X-Reference-Id is {@link MtnRail#refundReferenceId derived} from the collection and the
 * refund_reference, so a retry reuses it (MTN's 409 means "already submitted"); it is the refund's
 * provider_reference. A timeout, a 5xx or an unreadable answer is no answer: the refund stays pending.
 */
public final class MtnRefundRail implements RefundRail {

    private final MtnRail mtn;

    public MtnRefundRail(MtnRail mtn) {
        this.mtn = mtn;
    }

    @Override
    public RailOutcome submit(Refund refund, Payment collection) {
        return mtn.refund(refund, collection);
    }

    @Override
    public RailOutcome query(Refund refund, Payment collection) {
        return mtn.queryRefund(refund, collection);
    }
}
