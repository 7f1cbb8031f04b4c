package io.mizani.domain.billing;

import io.mizani.domain.common.WireName;

/** charge_status of a check. {@link #NONE} is the start state, before the call is billed; it is never stored. */
public enum ChargeStatus implements WireName {
    NONE(null), CHARGED("charged"), REFUNDED("refunded"), REFUND_FAILED("refund_failed"), FREE("free");

    private final String wire;

    ChargeStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static ChargeStatus fromWire(String wire) {
        return WireName.find(ChargeStatus.class, wire)
                .orElseThrow(() -> new IllegalArgumentException("unknown charge status " + wire));
    }
}
