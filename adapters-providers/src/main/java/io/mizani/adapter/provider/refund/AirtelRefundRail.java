package io.mizani.adapter.provider.refund;

import io.mizani.adapter.provider.payment.AirtelRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.application.refund.RefundRail;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.refund.Refund;

/**
 * Refunds of {@code airtel_ke}/{@code airtel_ug} collections Airtel took ({@link AirtelRail#took}), by Airtel's refund
 * ({@code POST /standard/v1/payments/refund} for the collection's {@code airtel_money_id}, read from its enquiry).
 * Airtel refunds whole transactions only; it documents no refund enquiry, so a refund whose answer was lost is asked
 * for again ({@link AirtelRail#queryRefund}) and a refusal then leaves it pending. A timeout, a 5xx or an unreadable
 * answer is no answer: the refund stays pending.
 */
public final class AirtelRefundRail implements RefundRail {

    private final AirtelRail airtel;

    public AirtelRefundRail(AirtelRail airtel) {
        this.airtel = airtel;
    }

    @Override
    public RailOutcome submit(Refund refund, Payment collection) {
        return airtel.refund(refund, collection);
    }

    @Override
    public RailOutcome query(Refund refund, Payment collection) {
        return airtel.queryRefund(refund, collection);
    }
}
