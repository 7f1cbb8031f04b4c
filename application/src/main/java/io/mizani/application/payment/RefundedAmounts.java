package io.mizani.application.payment;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;

/** The sum of each collection's succeeded refunds (platform.md section 15), for the transaction views. */
public interface RefundedAmounts {

    /** Nothing refunded anywhere (unit tests, a deployment without refunds). */
    RefundedAmounts NONE = ids -> Map.of();

    /** Payment id → refunded amount, for those of {@code paymentIds} with any succeeded refund. */
    Map<Long, BigDecimal> of(Collection<Long> paymentIds);
}
