package io.mizani.application.payment;

import io.mizani.domain.common.Money;

import java.util.Collection;
import java.util.Map;

/** The sum of each collection's succeeded refunds (platform.md section 15), for the transaction views. */
public interface RefundedAmounts {

    /** Nothing refunded anywhere (unit tests, a deployment without refunds). */
    RefundedAmounts NONE = ids -> Map.of();

    /** Payment id → refunded amount (in the payment's currency), for those of {@code paymentIds} with any refund. */
    Map<Long, Money> of(Collection<Long> paymentIds);
}
