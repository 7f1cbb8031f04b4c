package io.mizani.domain.payment;

import io.mizani.domain.common.WireName;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A payment's state machine as an explicit transition table:
 * <pre>
 *   queued  --rail accepted / timed out--> pending
 *   queued  --rail refused outright------> failed
 *   pending --provider confirmed---------> succeeded
 *   pending --provider declined----------> failed
 * </pre>
 * A provider that does not answer is not a verdict: the payment stays {@code pending} and is resolved by a
 * later status query (as Kill Bill's janitor does). {@code succeeded} and {@code failed} are final.
 */
public enum PaymentStatus implements WireName {
    QUEUED, PENDING, SUCCEEDED, FAILED;

    private static final Map<PaymentStatus, Set<PaymentStatus>> NEXT = Map.of(
            QUEUED, EnumSet.of(PENDING, FAILED),
            PENDING, EnumSet.of(SUCCEEDED, FAILED),
            SUCCEEDED, EnumSet.noneOf(PaymentStatus.class),
            FAILED, EnumSet.noneOf(PaymentStatus.class));

    public boolean canMoveTo(PaymentStatus to) {
        return NEXT.get(this).contains(to);
    }

    public boolean isFinal() {
        return NEXT.get(this).isEmpty();
    }

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PaymentStatus parse(String value) {
        return valueOf(value.trim().toUpperCase(Locale.ROOT));
    }
}
