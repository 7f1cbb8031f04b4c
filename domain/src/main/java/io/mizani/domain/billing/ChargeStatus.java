package io.mizani.domain.billing;

/** charge_status of a check. {@link #NONE} is the start state, before the call is billed; it is never stored. */
public enum ChargeStatus {
    NONE(null), CHARGED("charged"), REFUNDED("refunded"), REFUND_FAILED("refund_failed"), FREE("free");

    private final String wire;

    ChargeStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static ChargeStatus fromWire(String wire) {
        for (ChargeStatus s : values()) {
            if (s.wire != null && s.wire.equals(wire)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown charge status " + wire);
    }
}
