package com.example.consumer;

import java.math.BigDecimal;

import io.mizani.domain.common.RateTable;
import io.mizani.domain.payment.PaymentStatus;

/** Reuses two of Mizani's domain rules: the USD equivalent of an amount, and the payment state machine. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        RateTable rates = RateTable.sandbox();
        BigDecimal usd = rates.toUsd("KES", new BigDecimal("2579.35")).orElseThrow();
        boolean canSucceedFromQueued = PaymentStatus.QUEUED.canMoveTo(PaymentStatus.SUCCEEDED);
        System.out.println("2579.35 KES = " + usd + " USD; queued -> succeeded allowed: " + canSucceedFromQueued);
        if (!usd.equals(new BigDecimal("19.99")) || canSucceedFromQueued) {
            throw new AssertionError("the domain rules changed under this consumer");
        }
    }
}
