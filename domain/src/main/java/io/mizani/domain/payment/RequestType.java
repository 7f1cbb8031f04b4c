package io.mizani.domain.payment;

import io.mizani.domain.common.WireName;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code payment} is a collection (pay-in, a {@code deposit} network), {@code withdrawal} a disbursement
 * (pay-out, a {@code withdraw} network).
 */
public enum RequestType implements WireName {
    PAYMENT("payment", "payin", RampType.DEPOSIT),
    WITHDRAWAL("withdrawal", "payout", RampType.WITHDRAW);

    private final String wire;
    private final String transactionType;
    private final RampType ramp;

    RequestType(String wire, String transactionType, RampType ramp) {
        this.wire = wire;
        this.transactionType = transactionType;
        this.ramp = ramp;
    }

    @Override
    public String wire() {
        return wire;
    }

    /** {@code payin} or {@code payout}. */
    public String transactionType() {
        return transactionType;
    }

    public RampType ramp() {
        return ramp;
    }

    public static Optional<RequestType> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        return WireName.find(RequestType.class, v);
    }
}
